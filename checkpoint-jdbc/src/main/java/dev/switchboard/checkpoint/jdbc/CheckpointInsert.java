package dev.switchboard.checkpoint.jdbc;

import static dev.switchboard.checkpoint.jdbc.JdbcSaver.bindThread;

import dev.switchboard.runtime.checkpoint.Checkpoint;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * A checkpoint row, encoded, and how it is stored: with the compare-and-set that moves the
 * thread's head to it, in as few round trips as the dialect allows.
 *
 * @param threadId the thread
 * @param namespace the namespace
 * @param checkpoint the checkpoint
 * @param parentId its parent, or {@code null}
 * @param metadata its metadata
 * @param header the encoded header
 * @param meta the encoded metadata
 */
record CheckpointInsert(
        String threadId,
        String namespace,
        Checkpoint checkpoint,
        String parentId,
        CheckpointMetadata metadata,
        String header,
        String meta) {
    private static final String COLUMNS =
            " (thread_id, namespace, checkpoint_id, parent_id, created_at, source, step, header, metadata,"
                    + " schema_version)";

    /**
     * Moves the head from {@code expected} to the checkpoint and inserts its row; false if the head
     * was not at {@code expected}, in which case nothing changed.
     *
     * @throws IllegalArgumentException if the checkpoint's id is stored already
     */
    boolean insertMovingHead(Connections.Lease tx, Dialect dialect, String expected) throws SQLException {
        if (expected == null || !dialect.writableCte()) {
            if (!moveHead(tx, expected)) {
                return false;
            }
            PreparedStatement p = tx.prepare("INSERT INTO switchboard_checkpoints" + COLUMNS
                    + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING");
            bind(p, 1);
            if (p.executeUpdate() == 0) {
                throw alreadyStored();
            }
            return true;
        }
        // One statement, one round trip: the insert takes its row from the compare-and-set's, and
        // the counts of both tell a moved head from a taken id.
        PreparedStatement p = tx.prepare("WITH moved AS (UPDATE switchboard_heads SET checkpoint_id = ?"
                + " WHERE thread_id = ? AND namespace = ? AND checkpoint_id = ? RETURNING 1),"
                + " inserted AS (INSERT INTO switchboard_checkpoints" + COLUMNS
                + " SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ? FROM moved ON CONFLICT DO NOTHING RETURNING 1)"
                + " SELECT (SELECT COUNT(*) FROM moved), (SELECT COUNT(*) FROM inserted)");
        p.setString(1, checkpoint.id());
        bindThread(p, 2, threadId, namespace);
        p.setString(4, expected);
        bind(p, 5);
        try (ResultSet r = p.executeQuery()) {
            r.next();
            if (r.getInt(1) == 0) {
                return false;
            }
            if (r.getInt(2) == 0) {
                throw alreadyStored();
            }
            return true;
        }
    }

    /** The compare-and-set: moves the head from {@code expected} to this checkpoint, if it is there. */
    private boolean moveHead(Connections.Lease tx, String expected) throws SQLException {
        if (expected == null) {
            // The first checkpoint of a thread: the primary key lets only one insert win.
            PreparedStatement p =
                    tx.prepare("INSERT INTO switchboard_heads (thread_id, namespace, checkpoint_id) VALUES (?, ?, ?)"
                            + " ON CONFLICT DO NOTHING");
            bindThread(p, 1, threadId, namespace);
            p.setString(3, checkpoint.id());
            return p.executeUpdate() == 1;
        }
        PreparedStatement p = tx.prepare("UPDATE switchboard_heads SET checkpoint_id = ?"
                + " WHERE thread_id = ? AND namespace = ? AND checkpoint_id = ?");
        p.setString(1, checkpoint.id());
        bindThread(p, 2, threadId, namespace);
        p.setString(4, expected);
        return p.executeUpdate() == 1;
    }

    private void bind(PreparedStatement p, int from) throws SQLException {
        bindThread(p, from, threadId, namespace);
        p.setString(from + 2, checkpoint.id());
        p.setString(from + 3, parentId);
        p.setString(from + 4, checkpoint.timestamp().toString());
        p.setString(from + 5, metadata.source().wireName());
        p.setInt(from + 6, metadata.step());
        p.setString(from + 7, header);
        p.setString(from + 8, meta);
        p.setInt(from + 9, checkpoint.schemaVersion());
    }

    private IllegalArgumentException alreadyStored() {
        return new IllegalArgumentException("checkpoint " + checkpoint.id() + " is already stored");
    }
}
