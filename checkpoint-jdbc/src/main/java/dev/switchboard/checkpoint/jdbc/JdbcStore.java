package dev.switchboard.checkpoint.jdbc;

import dev.switchboard.runtime.store.AbstractStore;
import dev.switchboard.runtime.store.Item;
import dev.switchboard.runtime.store.Namespace;
import dev.switchboard.runtime.store.StoreOp;
import dev.switchboard.runtime.store.StoreSettings;
import dev.switchboard.runtime.store.Vectors;
import java.nio.charset.StandardCharsets;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A {@link dev.switchboard.runtime.store.Store} in SQLite or PostgreSQL: open one with {@link
 * SqliteStore} or {@link PostgresStore}. Its tables ({@code switchboard_store_items}, {@code switchboard_store_vectors}) are
 * created on first open. All SQL is parameterized; filters run in the database. A search with a
 * query ranks exactly (cosine) with a {@link VectorIndex}: each store keeps the database's vectors
 * in memory, loaded on the first such search and then kept up to date by reading only the rows
 * changed since (by any store on the database, see {@link StoreVersions}); the filter selects the
 * candidates in SQL, and the best-ranked items are read, and checked to be still there and live,
 * from the database. Memory: about {@code 4 × dimensions} bytes per stored vector.
 */
public final class JdbcStore extends AbstractStore {
    private static final String COLUMNS = "ns, key, value, created_at, updated_at, ttl_ms";
    private static final String LIVE = " AND (expires_at IS NULL OR expires_at > ?)";

    private final StoreSql sql;
    private final Connections connections;
    private final VectorIndex index;

    JdbcStore(StoreSql sql, Connections connections, StoreSettings settings) {
        super(settings);
        this.sql = sql;
        this.connections = connections;
        this.index = settings.index() == null
                ? null
                : new VectorIndex(settings.index().dimensions());
        try (Connections.Lease lease = connections.lease(true)) {
            // The module's one migration list: the checkpoint tables come along, the store's are
            // version 6 of it (see Schema).
            Schema.migrate(lease.connection(), sql.dialect(), connections.describe());
            lease.commit();
        } catch (SQLException | RuntimeException e) {
            connections.close();
            throw e instanceof SQLException s ? failure("create the store tables", s) : (RuntimeException) e;
        }
        startSweeper();
    }

    @Override
    protected Item read(Namespace namespace, String key, Instant now, boolean refreshTtl) {
        try (Connections.Lease lease = connections.lease(refreshTtl)) {
            PreparedStatement p = lease.prepare(
                    "SELECT " + COLUMNS + " FROM switchboard_store_items WHERE ns = ? AND key = ?" + LIVE);
            bind(p, List.of(StoreSql.encode(namespace), key, micros(now)));
            List<Row> rows = rows(p);
            if (refreshTtl) {
                refresh(lease, rows, now);
                lease.commit();
            }
            return rows.isEmpty() ? null : rows.get(0).item(null);
        } catch (SQLException e) {
            throw failure("read an item", e);
        }
    }

    @Override
    protected List<Item> search(SearchPlan plan, Instant now) {
        try (Connections.Lease lease = connections.lease(plan.refreshTtl())) {
            List<Item> page = plan.query() == null
                    ? unranked(lease, plan, now, false, plan.offset(), plan.limit())
                    : ranked(lease, plan, now);
            if (plan.refreshTtl()) {
                refreshItems(lease, page, now);
                lease.commit();
            }
            return page;
        } catch (SQLException e) {
            throw failure("search", e);
        }
    }

    private List<Item> unranked(
            Connections.Lease lease, SearchPlan plan, Instant now, boolean onlyWithoutVectors, int offset, int limit)
            throws SQLException {
        if (limit == 0) {
            return List.of();
        }
        StringBuilder q = new StringBuilder("SELECT " + COLUMNS + " FROM switchboard_store_items i WHERE 1 = 1");
        List<Object> params = where(plan, now, q);
        if (onlyWithoutVectors) {
            q.append(" AND NOT EXISTS (SELECT 1 FROM switchboard_store_vectors v WHERE v.ns = i.ns AND v.key = i.key)");
        }
        q.append(" ORDER BY ns_seq, seq LIMIT ? OFFSET ?");
        params.add(limit);
        params.add(offset);
        PreparedStatement p = lease.prepare(q.toString());
        bind(p, params);
        return rows(p).stream().map(r -> r.item(null)).toList();
    }

    private List<Object> where(SearchPlan plan, Instant now, StringBuilder q) {
        List<Object> params = new ArrayList<>();
        StoreSql.prefix("i.ns", plan.prefix(), q, params);
        q.append(" AND (i.expires_at IS NULL OR i.expires_at > ?)");
        params.add(micros(now));
        sql.filter(plan.filter(), q, params);
        return params;
    }

    /**
     * Ranks the items under the prefix with the in-memory index (caught up with the database first),
     * among the filter's matches when there is a filter, then reads the best ones from the database
     * in chunks, which keeps only items still there, live and matching; the unscored rest follows.
     */
    private List<Item> ranked(Connections.Lease lease, SearchPlan plan, Instant now) throws SQLException {
        StoreVersions.catchUp(lease, index);
        Set<VectorIndex.ItemKey> candidates =
                plan.filter().conditions().isEmpty() ? null : candidates(lease, plan, now);
        VectorIndex.Ranking ranking = index.rank(StoreSql.encode(plan.prefix()), candidates, plan.query());
        int want = (int) Math.min((long) plan.offset() + plan.limit(), Integer.MAX_VALUE - 64);
        List<Item> found = new ArrayList<>();
        int done = 0;
        int k = Math.min(want + 16, ranking.size());
        while (found.size() < want && done < ranking.size()) {
            List<Integer> top = ranking.top(k);
            for (int from = done; from < top.size() && found.size() < want; from = done) {
                done = Math.min(top.size(), from + Math.min(Math.max(want - found.size() + 8, 16), 500));
                found.addAll(verified(lease, plan, now, ranking, top.subList(from, done)));
            }
            k = (int) Math.min(4L * k, ranking.size());
        }
        List<Item> page =
                new ArrayList<>(found.subList(Math.min(plan.offset(), found.size()), Math.min(want, found.size())));
        int rest = plan.limit() - page.size();
        int restOffset = Math.max(0, plan.offset() - found.size());
        page.addAll(unranked(lease, plan, now, true, restOffset, rest));
        return page;
    }

    /** The keys of the live items under the prefix that pass the filter. */
    private Set<VectorIndex.ItemKey> candidates(Connections.Lease lease, SearchPlan plan, Instant now)
            throws SQLException {
        StringBuilder q = new StringBuilder("SELECT i.ns, i.key FROM switchboard_store_items i WHERE 1 = 1");
        List<Object> params = where(plan, now, q);
        PreparedStatement p = lease.prepare(q.toString());
        bind(p, params);
        Set<VectorIndex.ItemKey> out = new HashSet<>();
        try (ResultSet r = p.executeQuery()) {
            while (r.next()) {
                out.add(new VectorIndex.ItemKey(r.getString(1), r.getString(2)));
            }
        }
        return out;
    }

    /** The ranked items at the given positions that are still stored, live and matching, in rank order. */
    private List<Item> verified(
            Connections.Lease lease, SearchPlan plan, Instant now, VectorIndex.Ranking ranking, List<Integer> chunk)
            throws SQLException {
        StringBuilder q = new StringBuilder("SELECT " + COLUMNS + " FROM switchboard_store_items i WHERE 1 = 1");
        List<Object> params = where(plan, now, q);
        q.append(" AND (");
        for (int i = 0; i < chunk.size(); i++) {
            q.append(i == 0 ? "" : " OR ").append("(i.ns = ? AND i.key = ?)");
            params.add(ranking.key(chunk.get(i)).ns());
            params.add(ranking.key(chunk.get(i)).key());
        }
        PreparedStatement p = lease.prepare(q.append(')').toString());
        bind(p, params);
        Map<VectorIndex.ItemKey, Row> rows = new HashMap<>();
        for (Row r : rows(p)) {
            rows.put(new VectorIndex.ItemKey(StoreSql.encode(r.namespace), r.key), r);
        }
        List<Item> out = new ArrayList<>(rows.size());
        for (int at : chunk) {
            Row r = rows.get(ranking.key(at));
            if (r != null) {
                out.add(r.item(ranking.score(at)));
            }
        }
        return out;
    }

    @Override
    protected List<Namespace> namespaces(StoreOp.ListNamespaces op) {
        try (Connections.Lease lease = connections.lease(false)) {
            StringBuilder q = new StringBuilder("SELECT DISTINCT ns FROM switchboard_store_items WHERE 1 = 1");
            List<Object> params = new ArrayList<>();
            StoreSql.prefix("ns", literalPrefix(op), q, params);
            PreparedStatement p = lease.prepare(q.toString());
            bind(p, params);
            List<Namespace> out = new ArrayList<>();
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    out.add(StoreSql.decode(r.getString(1)));
                }
            }
            return out;
        } catch (SQLException e) {
            throw failure("list namespaces", e);
        }
    }

    @Override
    protected void write(List<Write> writes, Instant now) {
        try (Connections.Lease lease = connections.lease(true)) {
            long version = StoreVersions.bump(lease);
            for (Write w : writes) {
                if (w.json() == null) {
                    delete(lease, w, version);
                } else {
                    upsert(lease, w, now, version);
                }
            }
            lease.commit();
        } catch (SQLException e) {
            throw failure("write", e);
        }
    }

    private static void delete(Connections.Lease lease, Write w, long version) throws SQLException {
        String ns = StoreSql.encode(w.namespace());
        PreparedStatement p = lease.prepare("DELETE FROM switchboard_store_items WHERE ns = ? AND key = ?");
        bind(p, List.of(ns, w.key()));
        if (p.executeUpdate() > 0) {
            StoreVersions.deleted(lease, ns, w.key(), version);
        }
    }

    /**
     * Inserts or replaces, keeping creation time and place; an expired row not yet swept counts as
     * gone, so the put starts afresh (new creation time, placed last), as in memory.
     */
    private void upsert(Connections.Lease lease, Write w, Instant now, long version) throws SQLException {
        String ns = StoreSql.encode(w.namespace());
        String expired =
                "(switchboard_store_items.expires_at IS NOT NULL AND switchboard_store_items.expires_at <= excluded.updated_at)";
        String upsert =
                "INSERT INTO switchboard_store_items (ns, key, value, created_at, updated_at, ttl_ms, expires_at, version, ns_seq,"
                        + " seq) VALUES (?, ?, " + sql.jsonParam()
                        + ", ?, ?, ?, ?, ?, COALESCE((SELECT ns_seq FROM switchboard_store_items"
                        + " WHERE ns = ? AND (expires_at IS NULL OR expires_at > ?) LIMIT 1), " + sql.nextSeq() + "), "
                        + sql.nextSeq() + ")"
                        + " ON CONFLICT (ns, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at,"
                        + " ttl_ms = excluded.ttl_ms, expires_at = excluded.expires_at, version = excluded.version,"
                        + " created_at = CASE WHEN " + expired
                        + " THEN excluded.created_at ELSE switchboard_store_items.created_at END,"
                        + " ns_seq = CASE WHEN " + expired
                        + " THEN excluded.ns_seq ELSE switchboard_store_items.ns_seq END,"
                        + " seq = CASE WHEN " + expired + " THEN excluded.seq ELSE switchboard_store_items.seq END";
        PreparedStatement p = lease.prepare(upsert);
        List<Object> params = new ArrayList<>(List.of(ns, w.key(), w.json(), micros(now), micros(now)));
        params.add(w.ttl() == null ? null : w.ttl().toMillis());
        params.add(w.expiresAt() == null ? null : micros(w.expiresAt()));
        params.add(version);
        params.add(ns);
        params.add(micros(now));
        bind(p, params);
        p.executeUpdate();
        replaceVectors(lease, ns, w);
    }

    private static void replaceVectors(Connections.Lease lease, String ns, Write w) throws SQLException {
        PreparedStatement d = lease.prepare("DELETE FROM switchboard_store_vectors WHERE ns = ? AND key = ?");
        bind(d, List.of(ns, w.key()));
        d.executeUpdate();
        if (w.vectors().isEmpty()) {
            return;
        }
        PreparedStatement p =
                lease.prepare("INSERT INTO switchboard_store_vectors (ns, key, idx, vector) VALUES (?, ?, ?, ?)");
        for (int i = 0; i < w.vectors().size(); i++) {
            bind(p, List.of(ns, w.key(), i, Vectors.toBytes(w.vectors().get(i))));
            p.addBatch();
        }
        p.executeBatch();
    }

    @Override
    protected int deleteExpired(Instant now) {
        try (Connections.Lease lease = connections.lease(true)) {
            long version = StoreVersions.bump(lease);
            // One statement decides and deletes per row, so a row refreshed meanwhile is not deleted.
            PreparedStatement p = lease.prepare(
                    "DELETE FROM switchboard_store_items WHERE expires_at IS NOT NULL AND expires_at <= ? RETURNING ns, key");
            bind(p, List.of(micros(now)));
            List<String[]> gone = new ArrayList<>();
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    gone.add(new String[] {r.getString(1), r.getString(2)});
                }
            }
            for (String[] g : gone) {
                StoreVersions.deleted(lease, g[0], g[1], version);
            }
            if (!gone.isEmpty()) {
                lease.commit(); // else the lease rolls back: a sweep that found nothing changes no version
            }
            return gone.size();
        } catch (SQLException e) {
            throw failure("delete expired items", e);
        }
    }

    private void refreshItems(Connections.Lease lease, List<Item> items, Instant now) throws SQLException {
        List<Row> rows = new ArrayList<>();
        for (Item i : items) {
            rows.add(new Row(i.namespace(), i.key(), null, null, null, null));
        }
        refresh(lease, rows, now);
    }

    /** Extends the expiry of rows that have a TTL, computed in SQL from each row's own TTL. */
    private static void refresh(Connections.Lease lease, List<Row> rows, Instant now) throws SQLException {
        if (rows.isEmpty()) {
            return;
        }
        PreparedStatement p = lease.prepare("UPDATE switchboard_store_items SET expires_at = ? + ttl_ms * 1000"
                + " WHERE ns = ? AND key = ? AND ttl_ms IS NOT NULL");
        for (Row r : rows) {
            bind(p, List.of(micros(now), StoreSql.encode(r.namespace), r.key));
            p.addBatch();
        }
        p.executeBatch();
    }

    @Override
    public void close() {
        super.close();
        connections.close();
    }

    /** One row of {@link #COLUMNS}. */
    private final class Row {
        final Namespace namespace;
        final String key;
        final String json;
        final Instant createdAt;
        final Instant updatedAt;
        final Duration ttl;

        Row(Namespace namespace, String key, String json, Instant createdAt, Instant updatedAt, Duration ttl) {
            this.namespace = namespace;
            this.key = key;
            this.json = json;
            this.createdAt = createdAt;
            this.updatedAt = updatedAt;
            this.ttl = ttl;
        }

        @SuppressWarnings("unchecked")
        Item item(Double score) {
            Map<String, Object> value = (Map<String, Object>) serde.exactPlain(json.getBytes(StandardCharsets.UTF_8));
            return new Item(namespace, key, value, createdAt, updatedAt, score, serde);
        }
    }

    private List<Row> rows(PreparedStatement p) throws SQLException {
        List<Row> out = new ArrayList<>();
        try (ResultSet r = p.executeQuery()) {
            while (r.next()) {
                long ttl = r.getLong(6);
                out.add(new Row(
                        StoreSql.decode(r.getString(1)),
                        r.getString(2),
                        r.getString(3),
                        instant(r.getLong(4)),
                        instant(r.getLong(5)),
                        r.wasNull() ? null : Duration.ofMillis(ttl)));
            }
        }
        return out;
    }

    private static void bind(PreparedStatement p, List<?> params) throws SQLException {
        for (int i = 0; i < params.size(); i++) {
            p.setObject(i + 1, params.get(i));
        }
    }

    private static long micros(Instant t) {
        return ChronoUnit.MICROS.between(Instant.EPOCH, t);
    }

    private static Instant instant(long micros) {
        return Instant.EPOCH.plus(micros, ChronoUnit.MICROS);
    }

    private CheckpointStoreException failure(String what, SQLException e) {
        if (Connections.lostConnection(e)) {
            connections.dropIdle();
        }
        return new CheckpointStoreException(
                "could not " + what + " in the store " + connections.describe() + ": " + e.getMessage(), e);
    }
}
