package dev.switchboard.checkpoint.jdbc;

import dev.switchboard.runtime.checkpoint.Blob;
import dev.switchboard.runtime.checkpoint.ChannelVersion;
import dev.switchboard.runtime.checkpoint.ThreadInfo;
import dev.switchboard.runtime.checkpoint.ThreadInfos;
import dev.switchboard.runtime.checkpoint.ThreadQuery;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
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

    private static final String UPSERT = " ON CONFLICT (thread_id) DO UPDATE SET updated_at = excluded.updated_at";

    /**
     * {@link #touch} as a part of a PostgreSQL statement whose CTE {@code moved} moved a head:
     * parameters thread id, created and updated time; it writes only when {@code moved} has a row.
     */
    static final String TOUCH_FROM_MOVED = "INSERT INTO switchboard_threads (thread_id, metadata, created_at,"
            + " updated_at) SELECT ?, '{}', ?, ? FROM moved" + UPSERT;

    /**
     * Marks the thread active now, creating its row if needed. A row that already says now (to the
     * millisecond) is left as it is: SQLite writes a row it updates, and with its
     * {@code updated_at} index that was two of the ten pages a superstep added to the WAL, while
     * supersteps of a quick graph come several to a millisecond.
     */
    static void touch(Connections.Lease tx, String threadId, Instant now) throws SQLException {
        PreparedStatement p = tx.prepare("INSERT INTO switchboard_threads (thread_id, metadata, created_at, updated_at)"
                + " VALUES (?, '{}', ?, ?)" + UPSERT + " WHERE switchboard_threads.updated_at <> excluded.updated_at");
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
        PreparedStatement p =
                tx.prepare("SELECT namespace FROM switchboard_spaces WHERE thread_id = ? AND head IS NOT NULL" + lock);
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

    /**
     * Deletes every row of the thread: its namespaces' rows first, which a concurrent put or
     * putWrites locks (so they queue instead of deadlocking), then what they number.
     */
    static void delete(Connections.Lease tx, String threadId) throws SQLException {
        PreparedStatement p = tx.prepare("DELETE FROM switchboard_spaces WHERE thread_id = ? RETURNING id");
        p.setString(1, threadId);
        List<Long> spaces = new ArrayList<>();
        try (ResultSet r = p.executeQuery()) {
            while (r.next()) {
                spaces.add(r.getLong(1));
            }
        }
        for (long space : spaces) {
            for (String sql : List.of(
                    "DELETE FROM switchboard_writes WHERE checkpoint IN"
                            + " (SELECT seq FROM switchboard_checkpoints WHERE space = ?)",
                    "DELETE FROM switchboard_blobs WHERE space = ?",
                    "DELETE FROM switchboard_checkpoints WHERE space = ?")) {
                PreparedStatement d = tx.prepare(sql);
                d.setLong(1, space);
                d.executeUpdate();
            }
        }
        PreparedStatement t = tx.prepare("DELETE FROM switchboard_threads WHERE thread_id = ?");
        t.setString(1, threadId);
        t.executeUpdate();
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
     * then every blob of a delta chain none of the kept ones points into. A kept chain's delta that
     * refers to the pending writes of a deleted checkpoint gets those writes' bytes first.
     */
    static int prune(
            Connections.Lease tx,
            ChannelIds channelIds,
            String threadId,
            String namespace,
            int keep,
            Function<String, String> names)
            throws SQLException {
        PreparedStatement p = tx.prepare("SELECT " + CheckpointRow.COLUMNS + " FROM switchboard_spaces s"
                + " JOIN switchboard_checkpoints c ON c.space = s.id"
                + " WHERE s.thread_id = ? AND s.namespace = ? ORDER BY c.seq DESC");
        JdbcSaver.bindThread(p, 1, threadId, namespace);
        Set<String> keptChains = new HashSet<>();
        Set<Long> drop = new HashSet<>();
        List<Dropped> droppedValues = new ArrayList<>();
        long space = -1;
        try (ResultSet r = p.executeQuery()) {
            for (int i = 0; r.next(); i++) {
                space = r.getLong(9);
                if (i < keep) {
                    CheckpointRow row = CheckpointRow.read(r, threadId, names);
                    for (Map.Entry<String, ChannelVersion> e :
                            row.checkpoint().channels().entrySet()) {
                        keptChains.add(e.getKey() + '\u0000' + e.getValue().base());
                    }
                } else {
                    drop.add(r.getLong(8));
                    byte[] values = r.getBytes(11);
                    if (values != null) {
                        droppedValues.add(new Dropped(r.getLong(8), r.getLong(10), values));
                    }
                }
            }
        }
        if (drop.isEmpty()) {
            return 0;
        }
        keepValues(tx, channelIds, space, keptChains, droppedValues);
        pruneBlobs(tx, channelIds, space, keptChains, drop);
        for (String sql : List.of(
                "DELETE FROM switchboard_writes WHERE checkpoint = ?",
                "DELETE FROM switchboard_checkpoints WHERE seq = ?")) {
            PreparedStatement d = tx.prepare(sql);
            for (long seq : drop) {
                d.setLong(1, seq);
                d.addBatch();
            }
            d.executeBatch();
        }
        return drop.size();
    }

    /** A row about to be deleted that holds values: its number, their counter and them. */
    private record Dropped(long seq, long counter, byte[] values) {}

    /**
     * Moves the values stored in rows about to be deleted that kept checkpoints' chains still use
     * to {@code switchboard_blobs}, where reads look for what no checkpoint row holds.
     *
     * @param dropped the deleted rows that hold values
     */
    private static void keepValues(
            Connections.Lease tx, ChannelIds channelIds, long space, Set<String> keptChains, List<Dropped> dropped)
            throws SQLException {
        List<Blob> kept = new ArrayList<>();
        Map<String, Long> ids = new HashMap<>();
        for (Dropped row : dropped) {
            for (BlobRows.Row value :
                    RowValues.decode(row.values(), row.counter(), id -> channelIds.name(tx, id), row.seq())) {
                Blob b = value.blob();
                if (keptChains.contains(b.channel() + '\u0000' + b.base())) {
                    kept.add(b);
                    ids.put(b.channel(), value.channelId());
                }
            }
        }
        if (!kept.isEmpty()) {
            BlobRows.insert(tx, space, kept, ids, Map.of());
        }
    }

    /**
     * Deletes the blobs of chains no kept checkpoint points into, and gives the kept deltas that
     * refer to writes about to be deleted their bytes.
     */
    private static void pruneBlobs(
            Connections.Lease tx, ChannelIds channelIds, long space, Set<String> keptChains, Set<Long> drop)
            throws SQLException {
        PreparedStatement p = tx.prepare("SELECT " + BlobRows.COLUMNS + " FROM switchboard_blobs WHERE space = ?");
        p.setLong(1, space);
        List<BlobRows.Row> rows = new ArrayList<>();
        Map<Long, String> channels = new HashMap<>();
        try (ResultSet r = p.executeQuery()) {
            while (r.next()) {
                // Named by number here: looking the name up may prepare a statement.
                rows.add(BlobRows.read(r, 1, "#" + r.getLong(1)));
            }
        }
        List<BlobRows.Row> unkept = new ArrayList<>();
        List<BlobRows.Row> materialize = new ArrayList<>();
        for (BlobRows.Row row : rows) {
            String channel = channels.get(row.channelId());
            if (channel == null) {
                channel = channelIds.name(tx, row.channelId());
                channels.put(row.channelId(), channel);
            }
            if (!keptChains.contains(channel + '\u0000' + row.blob().base())) {
                unkept.add(row);
            } else if (row.writesOf() >= 0 && drop.contains(row.writesOf())) {
                materialize.add(row);
            }
        }
        Map<BlobRows.Row, byte[]> joined = WriteRefs.resolve(tx, materialize);
        String where = " WHERE space = ? AND channel = ? AND counter = ? AND suffix = ? AND raw = ?";
        if (!materialize.isEmpty()) {
            PreparedStatement u =
                    tx.prepare("UPDATE switchboard_blobs SET kind = ?, writes_of = NULL, data = ?" + where);
            for (BlobRows.Row row : materialize) {
                byte[] data = joined.get(row);
                byte[] compressed = Deflate.compress(data);
                u.setInt(1, compressed == null ? BlobRows.DELTA : BlobRows.DELTA + BlobRows.COMPRESSED);
                u.setBytes(2, compressed == null ? data : compressed);
                bindKey(u, 3, space, row);
                u.addBatch();
            }
            u.executeBatch();
        }
        if (!unkept.isEmpty()) {
            PreparedStatement d = tx.prepare("DELETE FROM switchboard_blobs" + where);
            for (BlobRows.Row row : unkept) {
                bindKey(d, 1, space, row);
                d.addBatch();
            }
            d.executeBatch();
        }
    }

    private static void bindKey(PreparedStatement p, int at, long space, BlobRows.Row row) throws SQLException {
        VersionKey v = VersionKey.of(row.blob().version());
        p.setLong(at, space);
        p.setLong(at + 1, row.channelId());
        p.setLong(at + 2, v.counter());
        p.setLong(at + 3, v.suffix());
        p.setString(at + 4, v.raw());
    }
}
