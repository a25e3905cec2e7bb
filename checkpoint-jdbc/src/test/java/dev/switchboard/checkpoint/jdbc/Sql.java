package dev.switchboard.checkpoint.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** Direct SQL on a saver's tables, for tests that look at or tamper with what is stored. */
final class Sql {
    private Sql() {}

    static final String[] TABLES = {
        "switchboard_spaces",
        "switchboard_checkpoints",
        "switchboard_blobs",
        "switchboard_writes",
        "switchboard_channels",
        "switchboard_names",
        "switchboard_threads"
    };

    /** The checkpoints of a thread (its namespaces' rows), aliased {@code c}, as a FROM clause. */
    static final String CHECKPOINTS_OF_THREAD =
            " switchboard_spaces s JOIN switchboard_checkpoints c ON c.space = s.id WHERE s.thread_id = ?";

    /** Rows of a thread in every table that holds them. */
    static long rowsOf(Connection c, String threadId) throws SQLException {
        return longValue(c, "SELECT COUNT(*) FROM switchboard_spaces WHERE thread_id = ?", threadId)
                + longValue(c, "SELECT COUNT(*) FROM" + CHECKPOINTS_OF_THREAD, threadId)
                + longValue(
                        c,
                        "SELECT COUNT(*) FROM switchboard_spaces s JOIN switchboard_blobs b ON b.space = s.id"
                                + " WHERE s.thread_id = ?",
                        threadId)
                + longValue(
                        c,
                        "SELECT COUNT(*) FROM"
                                + CHECKPOINTS_OF_THREAD.replace(
                                        " WHERE", " JOIN switchboard_writes w" + " ON w.checkpoint = c.seq WHERE"),
                        threadId)
                + longValue(c, "SELECT COUNT(*) FROM switchboard_threads WHERE thread_id = ?", threadId);
    }

    /**
     * Bytes a thread stores: every text and binary column of its rows (ids, versions, headers,
     * metadata, values), as the database counts them; numbers count 8 bytes each.
     */
    static long bytesOf(Connection c, String threadId, boolean postgres) throws SQLException {
        String len = postgres ? "octet_length" : "length";
        String text = postgres ? "%s(%s)" : "%s(CAST(%s AS BLOB))";
        String checkpoints = String.join(
                " + ",
                "16",
                len + "(c.checkpoint_id)",
                "COALESCE(" + len + "(c.parent_id), 0)",
                fmt(text, len, "c.created_at"),
                fmt(text, len, "c.source"),
                fmt(text, len, "c.header"),
                fmt(text, len, "c.metadata"),
                // Values stored in the row (schema version 7), with their counter.
                "COALESCE(" + len + "(c.blobs) + 8, 0)");
        String blobs = String.join(
                " + ",
                "40",
                "COALESCE(" + fmt(text, len, "b.raw") + ", 0)",
                "COALESCE(" + fmt(text, len, "b.base_raw") + ", 0)",
                "COALESCE(" + fmt(text, len, "b.prev_raw") + ", 0)",
                len + "(b.data)");
        String writes = String.join(" + ", "16", len + "(w.task_id)", len + "(w.value)");
        return longValue(c, "SELECT COALESCE(SUM(" + checkpoints + "), 0) FROM" + CHECKPOINTS_OF_THREAD, threadId)
                + longValue(
                        c,
                        "SELECT COALESCE(SUM(" + blobs + "), 0) FROM switchboard_spaces s"
                                + " JOIN switchboard_blobs b ON b.space = s.id WHERE s.thread_id = ?",
                        threadId)
                + longValue(
                        c,
                        "SELECT COALESCE(SUM(" + writes + "), 0) FROM"
                                + CHECKPOINTS_OF_THREAD.replace(
                                        " WHERE", " JOIN switchboard_writes w ON w.checkpoint = c.seq WHERE"),
                        threadId);
    }

    private static String fmt(String pattern, String len, String column) {
        return String.format(pattern, len, column);
    }

    static long longValue(Connection c, String sql, String param) throws SQLException {
        try (PreparedStatement p = c.prepareStatement(sql)) {
            if (param != null) {
                p.setString(1, param);
            }
            try (ResultSet r = p.executeQuery()) {
                r.next();
                return r.getLong(1);
            }
        }
    }

    /** A number that a query of one stored id (a checkpoint or task id) gives. */
    static long longValueOfId(Connection c, String sql, String id) throws SQLException {
        try (PreparedStatement p = c.prepareStatement(sql)) {
            p.setBytes(1, id(id));
            try (ResultSet r = p.executeQuery()) {
                r.next();
                return r.getLong(1);
            }
        }
    }

    /** Runs an update whose parameters are strings, or byte arrays for binary columns (stored ids). */
    static int update(Connection c, String sql, Object... params) throws SQLException {
        try (PreparedStatement p = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                if (params[i] instanceof byte[] b) {
                    p.setBytes(i + 1, b);
                } else {
                    p.setObject(i + 1, params[i]);
                }
            }
            return p.executeUpdate();
        }
    }

    /** A checkpoint or task id as stored. */
    static byte[] id(String id) {
        return StoredIds.bytes(id);
    }
}
