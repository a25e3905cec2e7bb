package dev.switchboard.checkpoint.jdbc;

import dev.switchboard.runtime.checkpoint.ListOptions;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * The query behind {@link JdbcSaver#list}: a thread's checkpoints, newest first, with as much of
 * the list options in SQL as SQL applies exactly. The rows it returns are then matched against
 * the whole filter in Java.
 *
 * @param sql the statement
 * @param where its condition on the checkpoints aliased {@code c}, from {@code WHERE}
 * @param source the filter's source compared in SQL, or {@code null}
 * @param step the filter's step compared in SQL, or {@code null}
 * @param before the checkpoint the listed ones are older than, or {@code null}
 * @param limit the SQL limit, or 0 for none
 */
record HistoryQuery(String sql, String where, String source, Integer step, String before, int limit) {
    /** The query for the options, from {@code select} over the checkpoints aliased {@code c}. */
    static HistoryQuery of(String select, ListOptions options) {
        // source and step are columns: filter them in SQL when the filter's value has the type
        // they compare with; everything (those included) is matched again in Java, exactly.
        Object source = options.filter().get("source");
        Object step = options.filter().get("step");
        String sqlSource = source instanceof String s ? s : null;
        Integer sqlStep = step instanceof Number n && n.longValue() == (int) n.longValue() ? (int) n.longValue() : null;
        // A LIMIT counts the right rows only when SQL applies the whole filter.
        boolean allInSql = options.filter().size() == (sqlSource == null ? 0 : 1) + (sqlStep == null ? 0 : 1);
        int limit = allInSql && options.limit() > 0 ? options.limit() : 0;
        StringBuilder sql = new StringBuilder(
                " WHERE c.space = (SELECT s.id FROM switchboard_spaces s WHERE s.thread_id = ? AND s.namespace = ?)");
        if (sqlSource != null) {
            sql.append(" AND c.source = ?");
        }
        if (sqlStep != null) {
            sql.append(" AND c.step = ?");
        }
        if (options.before() != null) {
            // An unknown bound gives NULL, and no row is older than NULL: nothing, as MemorySaver.
            sql.append(" AND c.seq < (SELECT b.seq FROM switchboard_checkpoints b"
                    + " WHERE b.space = c.space AND b.checkpoint_id = ?)");
        }
        String where = sql.toString();
        return new HistoryQuery(
                select + where + " ORDER BY c.seq DESC" + (limit > 0 ? " LIMIT ?" : ""),
                where,
                sqlSource,
                sqlStep,
                options.before(),
                limit);
    }

    /** Binds the query's parameters for a thread's history. */
    void bind(PreparedStatement p, String threadId, String namespace) throws SQLException {
        int i = bindWhere(p, threadId, namespace);
        if (limit > 0) {
            p.setInt(i, limit);
        }
    }

    /** Binds the condition's parameters; returns the next index. */
    private int bindWhere(PreparedStatement p, String threadId, String namespace) throws SQLException {
        int i = JdbcSaver.bindThread(p, 1, threadId, namespace);
        if (source != null) {
            p.setString(i++, source);
        }
        if (step != null) {
            p.setInt(i++, step);
        }
        if (before != null) {
            p.setBytes(i++, StoredIds.bytes(before));
        }
        return i;
    }
}
