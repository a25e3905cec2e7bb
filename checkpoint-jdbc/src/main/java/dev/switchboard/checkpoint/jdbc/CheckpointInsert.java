package dev.switchboard.checkpoint.jdbc;

import dev.switchboard.runtime.checkpoint.Checkpoint;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata;
import dev.switchboard.runtime.checkpoint.PendingWrite;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;

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
     * @param writesStored for each of the step's writes the statement stored ({@link Folded}),
     *     whether it was stored now rather than kept from before; {@code null} when it stored none
     */
    record Stored(long space, long seq, long expectedSeq, String written, boolean touched, boolean[] writesStored) {
        Stored(long space, long seq, long expectedSeq, String written, boolean touched) {
            this(space, seq, expectedSeq, written, touched, null);
        }
    }

    /**
     * A step's pending writes stored by the head move's own statement (against the head it moved
     * from), each channel's number known beforehand: one round trip fewer per superstep.
     *
     * @param writes the writes, no two of one task and index
     * @param channels the number of each write's channel
     */
    record Folded(List<PendingWrite> writes, Map<String, Long> channels) {}

    /**
     * Moves the head from {@code expected} to the checkpoint and inserts its row; {@code null} if
     * the head was not at {@code expected}, in which case nothing changed.
     *
     * @param now when the thread was active, for its row (see {@link Stored#touched})
     * @param fold the guard's check to run in the first statement, or {@code null}; only with
     *     writable common table expressions
     * @param folded the step's writes to store in the same statement, or {@code null}; only with
     *     writable common table expressions and an expected head
     * @throws IllegalArgumentException if the checkpoint's id is stored already
     */
    Stored insertMovingHead(
            Connections.Lease tx, Dialect dialect, String expected, Instant now, CommitGuard.Fold fold, Folded folded)
            throws SQLException {
        if (expected == null && dialect.writableCte()) {
            Stored first = insertFirst(tx, now, fold);
            if (first != null) {
                return first;
            }
            fold = null; // it ran, and held: the old way follows
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
        // One statement, one round trip: the guard's check (its rows locked first), the
        // compare-and-set, the insert that takes its space from it, the thread marked active (after
        // the head: the lock order of every transaction that takes both rows), the row number of
        // the head it moved from (prev) and the step's writes against it; the results tell a moved
        // head from a taken id. The head's checkpoint is found by its namespace as a value ((SELECT
        // id FROM moved)), not a join: a generic plan made while the table was small then still
        // reads an index. The channels of writes stored before are read in the statement's
        // snapshot, which does not hold the writes it stores.
        PreparedStatement p = tx.prepare(with(fold)
                + "moved AS (UPDATE switchboard_spaces SET head = ?"
                + " WHERE thread_id = ? AND namespace = ? AND head = ?" + guarded(fold) + " RETURNING id),"
                + " inserted AS (INSERT INTO switchboard_checkpoints" + COLUMNS
                + " SELECT id, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? FROM moved ON CONFLICT DO NOTHING RETURNING seq),"
                + " touched AS (" + ThreadRows.TOUCH_FROM_MOVED + "),"
                + " prev AS (SELECT c.seq FROM switchboard_checkpoints c WHERE c.space = (SELECT id FROM moved)"
                + " AND c.checkpoint_id = ?)"
                + (folded == null ? "" : ", " + WRITES)
                + " SELECT (SELECT id FROM moved), (SELECT seq FROM inserted), (SELECT seq FROM prev),"
                + " (SELECT " + dialect.joinedText("w.channel") + " FROM switchboard_writes w"
                + " WHERE w.checkpoint = (SELECT seq FROM prev) AND w.idx >= 0)"
                + (folded == null ? "" : ", (SELECT string_agg(encode(task_id, 'hex') || ':' || idx, ',') FROM wrote)")
                + columns(fold));
        byte[] expectedId = StoredIds.bytes(expected);
        int i = fold == null ? 1 : fold.bind(p, 1);
        p.setBytes(i, StoredIds.bytes(checkpoint.id()));
        i = JdbcSaver.bindThread(p, i + 1, threadId, namespace);
        p.setBytes(i, expectedId);
        i = bind(p, i + 1);
        i = bindTouch(p, i, now);
        p.setBytes(i, expectedId);
        if (folded != null) {
            bindWrites(p, i + 1, folded);
        }
        return stored(p, true, fold, folded);
    }

    /**
     * The step's writes against the head the statement moved from, as {@code
     * CheckpointWrites.insertWrites} stores them one by one: a retried write is stored once; a
     * task's latest error, pause or resume values (negative indices) replace the previous ones. It
     * answers the rows it stored or replaced.
     */
    private static final String WRITES = "wrote AS (INSERT INTO switchboard_writes"
            + " (checkpoint, task_id, idx, channel, value) SELECT (SELECT seq FROM prev), x.t, x.i, x.c, x.v"
            + " FROM unnest(?::bytea[], ?::int[], ?::bigint[], ?::bytea[]) AS x(t, i, c, v)"
            + " WHERE EXISTS (SELECT 1 FROM prev)"
            + " ON CONFLICT (checkpoint, task_id, idx) DO UPDATE"
            + " SET channel = excluded.channel, value = excluded.value WHERE excluded.idx < 0"
            + " RETURNING task_id, idx)";

    private static void bindWrites(PreparedStatement p, int from, Folded folded) throws SQLException {
        List<PendingWrite> writes = folded.writes();
        byte[][] tasks = new byte[writes.size()][];
        Integer[] indices = new Integer[writes.size()];
        Long[] channels = new Long[writes.size()];
        byte[][] values = new byte[writes.size()][];
        for (int k = 0; k < tasks.length; k++) {
            PendingWrite w = writes.get(k);
            tasks[k] = StoredIds.bytes(w.taskId());
            indices[k] = w.index();
            channels[k] = folded.channels().get(w.channel());
            values[k] = w.value();
        }
        java.sql.Connection c = p.getConnection();
        p.setArray(from, c.createArrayOf("bytea", tasks));
        p.setArray(from + 1, c.createArrayOf("int4", indices));
        p.setArray(from + 2, c.createArrayOf("int8", channels));
        p.setArray(from + 3, c.createArrayOf("bytea", values));
    }

    /** For each write, whether the statement stored it ({@code task:index} in hex, comma-separated). */
    private static boolean[] storedNow(List<PendingWrite> writes, String answered) {
        Set<String> stored = new HashSet<>();
        if (answered != null) {
            stored.addAll(List.of(answered.split(",")));
        }
        boolean[] out = new boolean[writes.size()];
        for (int k = 0; k < out.length; k++) {
            PendingWrite w = writes.get(k);
            out[k] = stored.contains(HexFormat.of().formatHex(StoredIds.bytes(w.taskId())) + ":" + w.index());
        }
        return out;
    }

    /**
     * A namespace's first checkpoint on PostgreSQL in one statement: its row of {@code
     * switchboard_spaces} with the head, the checkpoint, the thread marked active; null (nothing
     * written) when the namespace has a row already, for {@link #moveHead} to take it from there.
     */
    private Stored insertFirst(Connections.Lease tx, Instant now, CommitGuard.Fold fold) throws SQLException {
        PreparedStatement p = tx.prepare(with(fold)
                + "moved AS (INSERT INTO switchboard_spaces (thread_id, namespace, head)"
                + " SELECT ?, ?, ?" + (fold == null ? "" : " WHERE EXISTS (SELECT 1 FROM guard)")
                + " ON CONFLICT DO NOTHING RETURNING id),"
                + " inserted AS (INSERT INTO switchboard_checkpoints" + COLUMNS
                + " SELECT id, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? FROM moved ON CONFLICT DO NOTHING RETURNING seq),"
                + " touched AS (" + ThreadRows.TOUCH_FROM_MOVED + ")"
                + " SELECT (SELECT id FROM moved), (SELECT seq FROM inserted)" + columns(fold));
        int i = fold == null ? 1 : fold.bind(p, 1);
        i = JdbcSaver.bindThread(p, i, threadId, namespace);
        p.setBytes(i, StoredIds.bytes(checkpoint.id()));
        i = bind(p, i + 1);
        bindTouch(p, i, now);
        return stored(p, false, fold, null);
    }

    /** The guard's expressions first in the statement's {@code WITH}. */
    private static String with(CommitGuard.Fold fold) {
        return fold == null ? "WITH " : "WITH " + fold.with() + ", ";
    }

    /**
     * The head moves only once the guard's rows are read (and locked): its expressions come first in
     * the lock order, as a guard's statement of its own would.
     */
    private static String guarded(CommitGuard.Fold fold) {
        return fold == null ? "" : " AND EXISTS (SELECT 1 FROM guard)";
    }

    private static String columns(CommitGuard.Fold fold) {
        return fold == null ? "" : ", " + fold.columns();
    }

    private int bindTouch(PreparedStatement p, int from, Instant now) throws SQLException {
        p.setString(from, threadId);
        p.setLong(from + 1, now.toEpochMilli());
        p.setLong(from + 2, now.toEpochMilli());
        return from + 3;
    }

    /**
     * What a one-statement insert answered: the guard's verdict first (which throws to refuse),
     * then null when no namespace row was moved (or made), the stored checkpoint otherwise; a moved
     * head's statement also answers the previous head's row number and pending-write channels, and
     * which of the step's writes it stored, if it stored them.
     */
    private Stored stored(PreparedStatement p, boolean movedHead, CommitGuard.Fold fold, Folded folded)
            throws SQLException {
        try (ResultSet r = p.executeQuery()) {
            r.next();
            if (fold != null) {
                fold.check(r, movedHead ? (folded == null ? 5 : 6) : 3);
            }
            long space = r.getLong(1);
            if (r.wasNull()) {
                return null;
            }
            long seq = r.getLong(2);
            if (r.wasNull()) {
                throw alreadyStored();
            }
            if (!movedHead) {
                return new Stored(space, seq, -1, null, true);
            }
            boolean[] writesStored = folded == null ? null : storedNow(folded.writes(), r.getString(5));
            return new Stored(space, seq, r.getLong(3), r.getString(4), true, writesStored);
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

    private int bind(PreparedStatement p, int from) throws SQLException {
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
        return from + 10;
    }

    private IllegalArgumentException alreadyStored() {
        return new IllegalArgumentException("checkpoint " + checkpoint.id() + " is already stored");
    }
}
