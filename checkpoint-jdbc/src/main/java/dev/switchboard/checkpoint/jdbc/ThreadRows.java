package dev.switchboard.checkpoint.jdbc;

import dev.switchboard.runtime.checkpoint.ChannelVersion;
import dev.switchboard.runtime.checkpoint.ThreadInfo;
import dev.switchboard.runtime.checkpoint.ThreadInfos;
import dev.switchboard.runtime.checkpoint.ThreadQuery;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * The SQL of the thread operations of {@link JdbcSaver}: the {@code switchboard_threads} table
 * (metadata and activity times per thread), pruning and expiry. Each method runs inside the
 * caller's transaction.
 */
final class ThreadRows {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final TypeReference<LinkedHashMap<String, Object>> MAP = new TypeReference<>() {};
    private static final String COLUMNS = "SELECT thread_id, metadata, created_at, updated_at FROM switchboard_threads";

    private ThreadRows() {}

    /** Marks the thread active now, creating its row if needed. */
    static void touch(Connections.Lease tx, String threadId, Instant now) throws SQLException {
        PreparedStatement p = tx.prepare("INSERT INTO switchboard_threads (thread_id, metadata, created_at, updated_at)"
                + " VALUES (?, '{}', ?, ?) ON CONFLICT (thread_id) DO UPDATE SET updated_at = excluded.updated_at");
        p.setString(1, threadId);
        p.setLong(2, now.toEpochMilli());
        p.setLong(3, now.toEpochMilli());
        p.executeUpdate();
    }

    static void mergeMetadata(
            Connections.Lease tx, Dialect dialect, String threadId, Map<String, Object> entries, Instant now)
            throws SQLException {
        touch(tx, threadId, now);
        Map<String, Object> merged = new LinkedHashMap<>(
                get(tx, threadId, dialect.lockForUpdate).orElseThrow().metadata());
        merged.putAll(entries);
        PreparedStatement p = tx.prepare("UPDATE switchboard_threads SET metadata = ? WHERE thread_id = ?");
        p.setString(1, JSON.writeValueAsString(merged));
        p.setString(2, threadId);
        p.executeUpdate();
    }

    static Optional<ThreadInfo> get(Connections.Lease tx, String threadId, String lock) throws SQLException {
        PreparedStatement p = tx.prepare(COLUMNS + " WHERE thread_id = ?" + lock);
        p.setString(1, threadId);
        try (ResultSet r = p.executeQuery()) {
            return r.next() ? Optional.of(read(r)) : Optional.empty();
        }
    }

    /**
     * The page, filtered and paged in the database: only the page's rows are read, however many
     * threads there are. The filter matches as {@link ThreadInfo#matches} does (numbers by value).
     */
    static List<ThreadInfo> list(Connections.Lease tx, Dialect dialect, ThreadQuery query) throws SQLException {
        StringBuilder sql = new StringBuilder(COLUMNS);
        List<Object> params = new ArrayList<>();
        if (!query.filter().isEmpty()) {
            sql.append(" WHERE ");
            filter(dialect, query.filter(), sql, params);
        }
        sql.append(" ORDER BY updated_at DESC, thread_id LIMIT ? OFFSET ?");
        params.add((long) query.limit());
        params.add((long) query.offset());
        PreparedStatement p = tx.prepare(sql.toString());
        for (int i = 0; i < params.size(); i++) {
            p.setObject(i + 1, params.get(i));
        }
        p.setFetchSize(256);
        List<ThreadInfo> rows = new ArrayList<>();
        try (ResultSet r = p.executeQuery()) {
            while (r.next()) {
                rows.add(read(r));
            }
        }
        // Java's order, not the database collation's, breaks ties within the page.
        rows.sort(ThreadInfos.NEWEST_FIRST);
        return rows;
    }

    /**
     * The filter as a condition: on PostgreSQL jsonb containment of the filter object (jsonb
     * compares numbers by value); on SQLite one {@code json_each} test per entry, by JSON type.
     *
     * <p>jsonb refuses the escape of NUL, which metadata stored before values were checked may hold
     * ({@link dev.switchboard.runtime.checkpoint.CheckpointKeys#checkValue} refuses it now): one such
     * row would fail every filtered listing of the database. It is read as U+FFFD instead, which no
     * filter value can confuse with NUL, since a filter may not hold NUL either.
     */
    private static void filter(Dialect dialect, Map<String, Object> filter, StringBuilder sql, List<Object> params) {
        if (dialect == Dialect.POSTGRES) {
            sql.append("CAST(REPLACE(metadata, '\\u0000', '\\uFFFD') AS JSONB) @> CAST(? AS JSONB)");
            params.add(JSON.writeValueAsString(filter));
            return;
        }
        String and = "";
        for (Map.Entry<String, Object> e : filter.entrySet()) {
            sql.append(and).append("EXISTS (SELECT 1 FROM json_each(switchboard_threads.metadata) m WHERE m.key = ?");
            params.add(e.getKey());
            Object v = e.getValue();
            if (v instanceof Boolean b) {
                sql.append(" AND m.type = '").append(b ? "true" : "false").append("')");
            } else if (v instanceof Number n) {
                sql.append(" AND m.type IN ('integer', 'real') AND m.value = ?)");
                params.add(n.doubleValue());
            } else {
                sql.append(" AND m.type = 'text' AND m.value = ?)");
                params.add(v);
            }
            and = " AND ";
        }
    }

    private static ThreadInfo read(ResultSet r) throws SQLException {
        String threadId = r.getString(1);
        Map<String, Object> metadata;
        try {
            metadata = JSON.readValue(r.getString(2), MAP);
        } catch (RuntimeException e) {
            throw new CheckpointStoreException(
                    "the stored metadata of thread '" + threadId + "' is not a JSON object; the store was modified", e);
        }
        return new ThreadInfo(
                threadId, metadata, Instant.ofEpochMilli(r.getLong(3)), Instant.ofEpochMilli(r.getLong(4)));
    }

    static List<String> namespaces(Connections.Lease tx, String threadId, String lock) throws SQLException {
        PreparedStatement p = tx.prepare("SELECT namespace FROM switchboard_heads WHERE thread_id = ?" + lock);
        p.setString(1, threadId);
        List<String> out = new ArrayList<>();
        try (ResultSet r = p.executeQuery()) {
            while (r.next()) {
                out.add(r.getString(1));
            }
        }
        out.sort(null);
        return out;
    }

    /** Threads last active before the cutoff: candidates, each re-checked as it is deleted. */
    static List<String> inactiveSince(Connections.Lease tx, Instant cutoff) throws SQLException {
        PreparedStatement p = tx.prepare("SELECT thread_id FROM switchboard_threads WHERE updated_at < ?");
        p.setLong(1, cutoff.toEpochMilli());
        List<String> out = new ArrayList<>();
        try (ResultSet r = p.executeQuery()) {
            while (r.next()) {
                out.add(r.getString(1));
            }
        }
        return out;
    }

    /** Deletes the thread's row if it is still inactive since the cutoff. */
    static boolean deleteIfInactive(Connections.Lease tx, String threadId, Instant cutoff) throws SQLException {
        PreparedStatement p = tx.prepare("DELETE FROM switchboard_threads WHERE thread_id = ? AND updated_at < ?");
        p.setString(1, threadId);
        p.setLong(2, cutoff.toEpochMilli());
        return p.executeUpdate() == 1;
    }

    /**
     * Prunes one namespace: deletes all but the newest {@code keep} checkpoints with their writes,
     * then every delta chain none of the kept ones points into.
     */
    static int prune(Connections.Lease tx, String threadId, String namespace, int keep, Function<String, String> names)
            throws SQLException {
        PreparedStatement p = tx.prepare("SELECT " + CheckpointRow.COLUMNS + " FROM switchboard_checkpoints c"
                + " WHERE c.thread_id = ? AND c.namespace = ? ORDER BY c.seq DESC");
        JdbcSaver.bindThread(p, 1, threadId, namespace);
        Set<List<String>> keptChains = new HashSet<>();
        List<String> drop = new ArrayList<>();
        try (ResultSet r = p.executeQuery()) {
            for (int i = 0; r.next(); i++) {
                if (i < keep) {
                    CheckpointRow row = CheckpointRow.read(r, threadId, CheckpointRow.metadata(r, threadId), names);
                    for (Map.Entry<String, ChannelVersion> e :
                            row.checkpoint().channels().entrySet()) {
                        keptChains.add(List.of(e.getKey(), e.getValue().base()));
                    }
                } else {
                    drop.add(r.getString(1));
                }
            }
        }
        for (String table : List.of("switchboard_writes", "switchboard_checkpoints")) {
            deleteCheckpoints(tx, table, threadId, namespace, drop);
        }
        deleteChains(tx, threadId, namespace, unkeptChains(tx, threadId, namespace, keptChains));
        return drop.size();
    }

    private static void deleteCheckpoints(
            Connections.Lease tx, String table, String threadId, String namespace, List<String> ids)
            throws SQLException {
        if (ids.isEmpty()) {
            return;
        }
        PreparedStatement p =
                tx.prepare("DELETE FROM " + table + " WHERE thread_id = ? AND namespace = ? AND checkpoint_id = ?");
        for (String id : ids) {
            JdbcSaver.bindThread(p, 1, threadId, namespace);
            p.setString(3, id);
            p.addBatch();
        }
        p.executeBatch();
    }

    private static List<List<String>> unkeptChains(
            Connections.Lease tx, String threadId, String namespace, Set<List<String>> kept) throws SQLException {
        PreparedStatement p = tx.prepare(
                "SELECT DISTINCT channel, base FROM switchboard_blobs WHERE thread_id = ? AND namespace = ?");
        JdbcSaver.bindThread(p, 1, threadId, namespace);
        List<List<String>> out = new ArrayList<>();
        try (ResultSet r = p.executeQuery()) {
            while (r.next()) {
                List<String> chain = List.of(r.getString(1), r.getString(2));
                if (!kept.contains(chain)) {
                    out.add(chain);
                }
            }
        }
        return out;
    }

    private static void deleteChains(Connections.Lease tx, String threadId, String namespace, List<List<String>> chains)
            throws SQLException {
        if (chains.isEmpty()) {
            return;
        }
        PreparedStatement p = tx.prepare("DELETE FROM switchboard_blobs"
                + " WHERE thread_id = ? AND namespace = ? AND channel = ? AND base = ?");
        for (List<String> chain : chains) {
            JdbcSaver.bindThread(p, 1, threadId, namespace);
            p.setString(3, chain.get(0));
            p.setString(4, chain.get(1));
            p.addBatch();
        }
        p.executeBatch();
    }
}
