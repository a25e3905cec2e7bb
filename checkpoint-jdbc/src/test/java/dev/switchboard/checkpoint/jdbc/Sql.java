package dev.switchboard.checkpoint.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** Direct SQL on a saver's tables, for tests that look at or tamper with what is stored. */
final class Sql {
    private Sql() {}

    static final String[] TABLES = {
        "switchboard_checkpoints", "switchboard_blobs", "switchboard_writes", "switchboard_heads", "switchboard_threads"
    };

    /** Rows of a thread in all four tables. */
    static long rowsOf(Connection c, String threadId) throws SQLException {
        long n = 0;
        for (String table : TABLES) {
            n += longValue(c, "SELECT COUNT(*) FROM " + table + " WHERE thread_id = ?", threadId);
        }
        return n;
    }

    /**
     * Bytes a thread stores: every text and binary column of its rows (ids, versions, headers,
     * metadata, values), as the database counts them.
     */
    static long bytesOf(Connection c, String threadId, boolean postgres) throws SQLException {
        String len = postgres ? "octet_length" : "length";
        String text = postgres ? "%s(%s)" : "%s(CAST(%s AS BLOB))";
        String checkpoints = String.join(
                " + ",
                fmt(text, len, "checkpoint_id"),
                "COALESCE(" + fmt(text, len, "parent_id") + ", 0)",
                fmt(text, len, "namespace"),
                fmt(text, len, "thread_id"),
                fmt(text, len, "created_at"),
                fmt(text, len, "source"),
                fmt(text, len, "header"),
                fmt(text, len, "metadata"));
        String blobs = String.join(
                " + ",
                fmt(text, len, "thread_id"),
                fmt(text, len, "namespace"),
                fmt(text, len, "channel"),
                fmt(text, len, "version"),
                fmt(text, len, "base"),
                fmt(text, len, "previous"),
                fmt(text, len, "kind"),
                len + "(data)");
        String writes = String.join(
                " + ",
                fmt(text, len, "thread_id"),
                fmt(text, len, "namespace"),
                fmt(text, len, "checkpoint_id"),
                fmt(text, len, "task_id"),
                fmt(text, len, "channel"),
                len + "(value)");
        return longValue(
                        c,
                        "SELECT COALESCE(SUM(" + checkpoints + "), 0) FROM switchboard_checkpoints WHERE thread_id = ?",
                        threadId)
                + longValue(
                        c,
                        "SELECT COALESCE(SUM(" + blobs + "), 0) FROM switchboard_blobs WHERE thread_id = ?",
                        threadId)
                + longValue(
                        c,
                        "SELECT COALESCE(SUM(" + writes + "), 0) FROM switchboard_writes WHERE thread_id = ?",
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
}
