package dev.switchboard.checkpoint.jdbc;

import dev.switchboard.runtime.checkpoint.Checkpoint;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;

/**
 * A checkpoint row, encoded, and how it is stored: with the compare-and-set that moves the head of
 * its thread's namespace (its row of {@code switchboard_spaces}) to it, in as few round trips as
 * the dialect allows.
 *
 * @param threadId the thread
 * @param namespace the namespace
 * @param checkpoint the checkpoint
 * @param parentId its parent, or {@code null}
 * @param metadata its metadata
 * @param header the encoded header
 * @param meta the encoded metadata, empty when it holds only the source and step (their columns say it)
 * @param blobCounter the version counter of the values stored in the row, or -1 for none
 * @param values the values stored in the row ({@link RowValues}), or {@code null} for none
 */
record CheckpointInsert(
        String threadId,
        String namespace,
        Checkpoint checkpoint,
        String parentId,
        CheckpointMetadata metadata,
        String header,
        String meta,
        long blobCounter,
        byte[] values) {
    private static final String COLUMNS = " (space, checkpoint_id, parent_id, created_at, source, step, header,"
            + " metadata, schema_version, blob_counter, blobs)";

    /**
     * Where the checkpoint was stored.
     *
     * @param space the namespace's number
     * @param seq the checkpoint row's number
     * @param expectedSeq the row number of the head it moved from, or -1 for a first checkpoint
     * @param written the channel numbers that pending writes (index 0 and up) stored before against
     *     the head it moved from name, comma-separated, or {@code null} for none
     * @param touched whether the same statement also marked the thread active ({@link
     *     ThreadRows#touch}), so the caller need not
     */
    record Stored(long space, long seq, long expectedSeq, String written, boolean touched) {}

    /**
     * Moves the head from {@code expected} to the checkpoint and inserts its row; {@code null} if
     * the head was not at {@code expected}, in which case nothing changed.
     *
     * @param now when the thread was active, for its row (see {@link Stored#touched})
     * @throws IllegalArgumentException if the checkpoint's id is stored already
     */
    Stored insertMovingHead(Connections.Lease tx, Dialect dialect, String expected, Instant now) throws SQLException {
        if (expected == null && dialect.writableCte()) {
            Stored first = insertFirst(tx, now);
            if (first != null) {
                return first;
            }
        }
        if (expected == null || !dialect.writableCte()) {
            Moved moved = moveHead(tx, dialect, expected);
            if (moved == null) {
                return null;
            }
            PreparedStatement p = tx.prepare("INSERT INTO switchboard_checkpoints" + COLUMNS
                    + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING seq");
            p.setLong(1, moved.space());
            bind(p, 2);
            try (ResultSet r = p.executeQuery()) {
                if (!r.next()) {
                    throw alreadyStored();
                }
                return new Stored(moved.space(), r.getLong(1), moved.seq(), moved.written(), false);
            }
        }
        // One statement, one round trip: the compare-and-set, the insert that takes its space from
        // it, the thread marked active (after the head: the lock order of every transaction that
        // takes both rows), and the row number of the head it moved from; the results tell a moved
        // head from a taken id.
        PreparedStatement p = tx.prepare("WITH moved AS (UPDATE switchboard_spaces SET head = ?"
                + " WHERE thread_id = ? AND namespace = ? AND head = ? RETURNING id),"
                + " inserted AS (INSERT INTO switchboard_checkpoints" + COLUMNS
                + " SELECT id, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? FROM moved ON CONFLICT DO NOTHING RETURNING seq),"
                + " touched AS (" + ThreadRows.TOUCH_FROM_MOVED + ")"
                + " SELECT (SELECT id FROM moved), (SELECT seq FROM inserted),"
                + " (SELECT c.seq FROM switchboard_checkpoints c, moved WHERE c.space = moved.id"
                + " AND c.checkpoint_id = ?), (SELECT " + dialect.joinedText("w.channel")
                + " FROM switchboard_checkpoints c JOIN switchboard_writes w ON w.checkpoint = c.seq, moved"
                + " WHERE c.space = moved.id AND c.checkpoint_id = ? AND w.idx >= 0)");
        byte[] expectedId = StoredIds.bytes(expected);
        p.setBytes(1, StoredIds.bytes(checkpoint.id()));
        JdbcSaver.bindThread(p, 2, threadId, namespace);
        p.setBytes(4, expectedId);
        bind(p, 5);
        p.setString(15, threadId);
        p.setLong(16, now.toEpochMilli());
        p.setLong(17, now.toEpochMilli());
        p.setBytes(18, expectedId);
        p.setBytes(19, expectedId);
        return stored(p, true);
    }

    /**
     * A namespace's first checkpoint on PostgreSQL in one statement: its row of {@code
     * switchboard_spaces} with the head, the checkpoint, the thread marked active; null (nothing
     * written) when the namespace has a row already, for {@link #moveHead} to take it from there.
     */
    private Stored insertFirst(Connections.Lease tx, Instant now) throws SQLException {
        PreparedStatement p = tx.prepare("WITH moved AS (INSERT INTO switchboard_spaces (thread_id, namespace, head)"
                + " VALUES (?, ?, ?) ON CONFLICT DO NOTHING RETURNING id),"
                + " inserted AS (INSERT INTO switchboard_checkpoints" + COLUMNS
                + " SELECT id, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? FROM moved ON CONFLICT DO NOTHING RETURNING seq),"
                + " touched AS (" + ThreadRows.TOUCH_FROM_MOVED + ")"
                + " SELECT (SELECT id FROM moved), (SELECT seq FROM inserted)");
        JdbcSaver.bindThread(p, 1, threadId, namespace);
        p.setBytes(3, StoredIds.bytes(checkpoint.id()));
        bind(p, 4);
        p.setString(14, threadId);
        p.setLong(15, now.toEpochMilli());
        p.setLong(16, now.toEpochMilli());
        return stored(p, false);
    }

    /**
     * What a one-statement insert answered: null when no namespace row was moved (or made), the
     * stored checkpoint otherwise; a moved head's statement also answers the previous head's row
     * number and pending-write channels.
     */
    private Stored stored(PreparedStatement p, boolean movedHead) throws SQLException {
        try (ResultSet r = p.executeQuery()) {
            r.next();
            long space = r.getLong(1);
            if (r.wasNull()) {
                return null;
            }
            long seq = r.getLong(2);
            if (r.wasNull()) {
                throw alreadyStored();
            }
            return movedHead
                    ? new Stored(space, seq, r.getLong(3), r.getString(4), true)
                    : new Stored(space, seq, -1, null, true);
        }
    }

    /** Where a head moved from: its namespace's number, its row number (-1 for none), as {@link Stored}. */
    private record Moved(long space, long seq, String written) {}

    /**
     * The compare-and-set: moves the head from {@code expected} to this checkpoint, if it is there.
     *
     * @return where it moved from, or {@code null} if the head was elsewhere
     */
    private Moved moveHead(Connections.Lease tx, Dialect dialect, String expected) throws SQLException {
        byte[] id = StoredIds.bytes(checkpoint.id());
        if (expected == null) {
            // The first checkpoint of a namespace: the unique key lets only one insert win.
            PreparedStatement p = tx.prepare("INSERT INTO switchboard_spaces (thread_id, namespace, head)"
                    + " VALUES (?, ?, ?) ON CONFLICT DO NOTHING RETURNING id");
            JdbcSaver.bindThread(p, 1, threadId, namespace);
            p.setBytes(3, id);
            try (ResultSet r = p.executeQuery()) {
                if (r.next()) {
                    return new Moved(r.getLong(1), -1, null);
                }
            }
            // A namespace whose rows outlived its head (possible only in a store migrated with such rows).
            p = tx.prepare("UPDATE switchboard_spaces SET head = ?"
                    + " WHERE thread_id = ? AND namespace = ? AND head IS NULL RETURNING id");
            p.setBytes(1, id);
            JdbcSaver.bindThread(p, 2, threadId, namespace);
            try (ResultSet r = p.executeQuery()) {
                return r.next() ? new Moved(r.getLong(1), -1, null) : null;
            }
        }
        // The compare-and-set, then where the head moved from: the row number of its checkpoint and
        // the channels its pending writes name. Two statements: SQLite evaluated the same lookups
        // as subqueries of the UPDATE's RETURNING clause about four times slower than apart (about
        // 40 against 10 microseconds of CPU per superstep, a third of W5's time in SQL).
        PreparedStatement p = tx.prepare(
                "UPDATE switchboard_spaces SET head = ? WHERE thread_id = ? AND namespace = ? AND head = ? RETURNING id");
        byte[] expectedId = StoredIds.bytes(expected);
        p.setBytes(1, id);
        JdbcSaver.bindThread(p, 2, threadId, namespace);
        p.setBytes(4, expectedId);
        long space;
        try (ResultSet r = p.executeQuery()) {
            if (!r.next()) {
                return null;
            }
            space = r.getLong(1);
        }
        p = tx.prepare("SELECT c.seq, (SELECT " + dialect.joinedText("w.channel")
                + " FROM switchboard_writes w WHERE w.checkpoint = c.seq AND w.idx >= 0)"
                + " FROM switchboard_checkpoints c WHERE c.space = ? AND c.checkpoint_id = ?");
        p.setLong(1, space);
        p.setBytes(2, expectedId);
        try (ResultSet r = p.executeQuery()) {
            return r.next() ? new Moved(space, r.getLong(1), r.getString(2)) : new Moved(space, -1, null);
        }
    }

    private void bind(PreparedStatement p, int from) throws SQLException {
        p.setBytes(from, StoredIds.bytes(checkpoint.id()));
        if (parentId == null) {
            p.setNull(from + 1, Types.VARBINARY);
        } else {
            p.setBytes(from + 1, StoredIds.bytes(parentId));
        }
        p.setString(from + 2, checkpoint.timestamp().toString());
        p.setString(from + 3, metadata.source().wireName());
        p.setInt(from + 4, metadata.step());
        p.setString(from + 5, header);
        p.setString(from + 6, meta);
        p.setInt(from + 7, checkpoint.schemaVersion());
        if (values == null) {
            p.setNull(from + 8, Types.BIGINT);
            p.setNull(from + 9, Types.VARBINARY);
        } else {
            p.setLong(from + 8, blobCounter);
            p.setBytes(from + 9, values);
        }
    }

    private IllegalArgumentException alreadyStored() {
        return new IllegalArgumentException("checkpoint " + checkpoint.id() + " is already stored");
    }
}
