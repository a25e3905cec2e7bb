package dev.switchboard.checkpoint.jdbc;

import dev.switchboard.runtime.checkpoint.Blob;
import dev.switchboard.runtime.checkpoint.CheckpointJson;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata;
import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Schema version 5: rows keyed by numbers. Version 4 repeated the thread id, the namespace, the
 * 36-character checkpoint id and 33-character versions in every row and in two or three indexes
 * per row; in a long conversation the keys took more of the file than the messages. Now a thread
 * and namespace is a row of {@code switchboard_spaces} (which also holds the head) that others name
 * by number, channel names are numbers ({@code switchboard_channels}), pending writes name their
 * checkpoint by its row number, versions are integers ({@link VersionKey}), ids are 16 bytes
 * ({@link StoredIds}), and the blobs' key is their only index. Blob rows may also refer to pending
 * writes instead of repeating them ({@link WriteRefs}) and hold compressed bytes ({@link Deflate}).
 *
 * <p>The migration renames the version-4 tables, creates the new ones, copies every row in the
 * order it was stored (checkpoints keep their row numbers, so histories keep their order, and
 * their schema versions), and drops the old tables, in the one transaction of the schema
 * migration.
 */
final class SchemaV5 {
    private static final System.Logger LOG = System.getLogger(SchemaV5.class.getName());
    private static final int BATCH = 500;

    private SchemaV5() {}

    /** The tables of version 5. */
    static List<String> tables(Dialect d) {
        String bytes = d.bytes();
        String big = d.bigint;
        return List.of(
                "CREATE TABLE switchboard_checkpoints (seq " + d.serialKey + ", space " + big + " NOT NULL, "
                        + "checkpoint_id " + bytes + " NOT NULL, parent_id " + bytes + ", created_at TEXT NOT NULL, "
                        + "source TEXT NOT NULL, step INTEGER NOT NULL, header TEXT NOT NULL, "
                        + "metadata TEXT NOT NULL, schema_version INTEGER NOT NULL DEFAULT 1, UNIQUE (space, checkpoint_id))",
                "CREATE INDEX switchboard_checkpoints_history ON switchboard_checkpoints (space, seq)",
                "CREATE TABLE switchboard_spaces (id " + d.serialKey + ", thread_id TEXT NOT NULL, "
                        + "namespace TEXT NOT NULL, head " + bytes + ", UNIQUE (thread_id, namespace), "
                        + "FOREIGN KEY (id, head) REFERENCES switchboard_checkpoints (space, checkpoint_id)"
                        + " DEFERRABLE INITIALLY DEFERRED)",
                "CREATE TABLE switchboard_channels (id " + d.rowKey + ", name TEXT NOT NULL UNIQUE)",
                "CREATE TABLE switchboard_blobs (space " + big + " NOT NULL, channel " + big + " NOT NULL, "
                        + "counter " + big + " NOT NULL, suffix " + big + " NOT NULL, raw TEXT NOT NULL, "
                        + "kind INTEGER NOT NULL, base_counter " + big + ", base_suffix " + big + ", base_raw TEXT, "
                        + "prev_counter " + big + ", prev_suffix " + big + ", prev_raw TEXT, writes_of " + big + ", "
                        + "data " + bytes + " NOT NULL, UNIQUE (space, channel, counter, suffix, raw))",
                "CREATE TABLE switchboard_writes (seq " + d.rowKey + ", checkpoint " + big + " NOT NULL"
                        + " REFERENCES switchboard_checkpoints (seq) ON DELETE CASCADE, task_id " + bytes
                        + " NOT NULL, "
                        + "idx INTEGER NOT NULL, channel " + big + " NOT NULL, value " + bytes + " NOT NULL, "
                        + "UNIQUE (checkpoint, task_id, idx))");
    }

    static void migrate(Connection c, Dialect d) throws SQLException {
        Dialect.execute(
                c,
                List.of(
                        "DROP INDEX switchboard_checkpoints_history",
                        "DROP INDEX switchboard_blobs_chain",
                        "ALTER TABLE switchboard_heads RENAME TO switchboard_heads_v4",
                        "ALTER TABLE switchboard_writes RENAME TO switchboard_writes_v4",
                        "ALTER TABLE switchboard_blobs RENAME TO switchboard_blobs_v4",
                        "ALTER TABLE switchboard_checkpoints RENAME TO switchboard_checkpoints_v4"));
        Dialect.execute(c, tables(d));
        long started = System.nanoTime();
        spaces(c);
        Map<String, Long> channels = channels(c);
        long checkpoints = checkpoints(c);
        long blobs = blobs(c, channels);
        long writes = writes(c, d, channels);
        heads(c);
        d.continueNumbering(c, "switchboard_checkpoints", "seq");
        Dialect.execute(
                c,
                List.of(
                        "DROP TABLE switchboard_heads_v4",
                        "DROP TABLE switchboard_writes_v4",
                        "DROP TABLE switchboard_blobs_v4",
                        "DROP TABLE switchboard_checkpoints_v4"));
        if (checkpoints > 0) {
            LOG.log(
                    Level.INFO,
                    "Switchboard checkpoint tables migrated to schema version 5: {0} checkpoints, {1} values,"
                            + " {2} pending writes in {3} ms",
                    checkpoints,
                    blobs,
                    writes,
                    (System.nanoTime() - started) / 1_000_000);
        }
    }

    /** A row per thread and namespace that any table mentions, its head set later. */
    private static void spaces(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("INSERT INTO switchboard_spaces (thread_id, namespace)"
                    + " SELECT thread_id, namespace FROM ("
                    + "SELECT thread_id, namespace FROM switchboard_checkpoints_v4"
                    + " UNION SELECT thread_id, namespace FROM switchboard_blobs_v4"
                    + " UNION SELECT thread_id, namespace FROM switchboard_heads_v4) u"
                    + " ORDER BY thread_id, namespace");
        }
    }

    private static Map<String, Long> channels(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("INSERT INTO switchboard_channels (name) SELECT channel FROM ("
                    + "SELECT channel FROM switchboard_blobs_v4 UNION SELECT channel FROM switchboard_writes_v4) u"
                    + " ORDER BY channel");
        }
        Map<String, Long> out = new HashMap<>();
        try (Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SELECT name, id FROM switchboard_channels")) {
            while (r.next()) {
                out.put(r.getString(1), r.getLong(2));
            }
        }
        return out;
    }

    /** Copies the checkpoints with their row numbers, ids as bytes, plain metadata left to the columns. */
    private static long checkpoints(Connection c) throws SQLException {
        long n = 0;
        try (Statement read = c.createStatement();
                PreparedStatement p = c.prepareStatement("INSERT INTO switchboard_checkpoints (seq, space,"
                        + " checkpoint_id, parent_id, created_at, source, step, header, metadata, schema_version)"
                        + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            read.setFetchSize(BATCH);
            try (ResultSet r = read.executeQuery("SELECT c.seq, s.id, c.checkpoint_id, c.parent_id, c.created_at,"
                    + " c.source, c.step, c.header, c.metadata, c.schema_version FROM switchboard_checkpoints_v4 c"
                    + " JOIN switchboard_spaces s ON s.thread_id = c.thread_id AND s.namespace = c.namespace"
                    + " ORDER BY c.seq")) {
                while (r.next()) {
                    p.setLong(1, r.getLong(1));
                    p.setLong(2, r.getLong(2));
                    p.setBytes(3, StoredIds.bytes(r.getString(3)));
                    String parent = r.getString(4);
                    if (parent == null) {
                        p.setNull(4, Types.VARBINARY);
                    } else {
                        p.setBytes(4, StoredIds.bytes(parent));
                    }
                    p.setString(5, r.getString(5));
                    p.setString(6, r.getString(6));
                    p.setInt(7, r.getInt(7));
                    p.setString(8, r.getString(8));
                    p.setString(9, metadata(r.getString(9), r.getString(6), r.getInt(7)));
                    p.setInt(10, r.getInt(10));
                    p.addBatch();
                    if (++n % BATCH == 0) {
                        p.executeBatch();
                    }
                }
            }
            p.executeBatch();
        }
        return n;
    }

    /** The stored form of old metadata: empty if it held only the source and step of its columns. */
    private static String metadata(String stored, String source, int step) {
        try {
            CheckpointMetadata m = CheckpointJson.decodeMetadata(stored);
            boolean plain = m.parents().isEmpty()
                    && m.extra().isEmpty()
                    && m.source().wireName().equals(source)
                    && m.step() == step;
            return plain ? "" : stored;
        } catch (RuntimeException e) {
            return stored; // damaged: left for a read to report, as before
        }
    }

    private static long blobs(Connection c, Map<String, Long> channels) throws SQLException {
        long n = 0;
        try (Statement read = c.createStatement();
                PreparedStatement p = c.prepareStatement(BlobRows.insertSql())) {
            read.setFetchSize(BATCH);
            try (ResultSet r = read.executeQuery("SELECT s.id, b.channel, b.version, b.base, b.previous, b.kind,"
                    + " b.data FROM switchboard_blobs_v4 b"
                    + " JOIN switchboard_spaces s ON s.thread_id = b.thread_id AND s.namespace = b.namespace")) {
                while (r.next()) {
                    String channel = r.getString(2);
                    Blob b = new Blob(
                            channel,
                            r.getString(3),
                            r.getString(4),
                            r.getString(5),
                            kind(r.getString(6), channel, r.getString(3)),
                            r.getBytes(7));
                    BlobRows.bind(p, r.getLong(1), channels.get(channel), b, null);
                    p.addBatch();
                    if (++n % BATCH == 0) {
                        p.executeBatch();
                    }
                }
            }
            p.executeBatch();
        }
        return n;
    }

    private static Blob.Kind kind(String stored, String channel, String version) {
        try {
            return Blob.Kind.valueOf(stored.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new CheckpointStoreException(
                    "cannot migrate the checkpoint tables: the stored value of channel '" + channel + "' at version "
                            + version + " has the unknown kind '" + stored + "'; the store was modified",
                    e);
        }
    }

    /** Copies the pending writes in the order they were stored, against their checkpoints' row numbers. */
    private static long writes(Connection c, Dialect d, Map<String, Long> channels) throws SQLException {
        long n = 0;
        String order = d == Dialect.SQLITE ? "w.rowid" : "w.seq";
        try (Statement read = c.createStatement();
                PreparedStatement p = c.prepareStatement("INSERT INTO switchboard_writes"
                        + " (checkpoint, task_id, idx, channel, value) VALUES (?, ?, ?, ?, ?)")) {
            read.setFetchSize(BATCH);
            try (ResultSet r = read.executeQuery("SELECT c.seq, w.task_id, w.idx, w.channel, w.value"
                    + " FROM switchboard_writes_v4 w JOIN switchboard_checkpoints_v4 c ON c.thread_id = w.thread_id"
                    + " AND c.namespace = w.namespace AND c.checkpoint_id = w.checkpoint_id ORDER BY " + order)) {
                while (r.next()) {
                    p.setLong(1, r.getLong(1));
                    p.setBytes(2, StoredIds.bytes(r.getString(2)));
                    p.setInt(3, r.getInt(3));
                    p.setLong(4, channels.get(r.getString(4)));
                    p.setBytes(5, r.getBytes(5));
                    p.addBatch();
                    if (++n % BATCH == 0) {
                        p.executeBatch();
                    }
                }
            }
            p.executeBatch();
        }
        return n;
    }

    private static void heads(Connection c) throws SQLException {
        try (Statement read = c.createStatement();
                PreparedStatement p = c.prepareStatement("UPDATE switchboard_spaces SET head = ? WHERE id = ?")) {
            try (ResultSet r = read.executeQuery("SELECT s.id, h.checkpoint_id FROM switchboard_heads_v4 h"
                    + " JOIN switchboard_spaces s ON s.thread_id = h.thread_id AND s.namespace = h.namespace")) {
                while (r.next()) {
                    p.setBytes(1, StoredIds.bytes(r.getString(2)));
                    p.setLong(2, r.getLong(1));
                    p.addBatch();
                }
            }
            p.executeBatch();
        }
    }
}
