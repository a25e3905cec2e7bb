package dev.switchboard.checkpoint.jdbc;

import dev.switchboard.runtime.store.Vectors;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The change tracking of the JDBC stores, which lets each {@link JdbcStore} keep a {@link
 * VectorIndex} in memory and still see what other stores (other JVMs) wrote to the same database.
 * Every write transaction bumps the one-row {@code switchboard_store_meta} version (on PostgreSQL its row lock
 * also makes versions commit in order, so none is skipped), stamps the items it puts with it, and
 * records the items it deletes in {@code switchboard_store_deletions}. A search compares the store's version
 * with its index's (one indexed read) and, if it moved, reads only the rows changed since.
 * Deletion records older than {@link #KEEP_DELETIONS} versions are pruned; an index older than the
 * pruned ones reloads in full.
 */
final class StoreVersions {
    /** How many versions of deletion records are kept for indexes catching up. */
    static final long KEEP_DELETIONS = 10_000;

    private StoreVersions() {}

    /** Bumps the store's version in the lease's write transaction, pruning old deletion records now and then. */
    static long bump(Connections.Lease lease) throws SQLException {
        long version;
        try (ResultSet r = lease.prepare(
                        "UPDATE switchboard_store_meta SET version = version + 1 WHERE id = 1 RETURNING version")
                .executeQuery()) {
            r.next();
            version = r.getLong(1);
        }
        if (version % 1_000 == 0 && version > KEEP_DELETIONS) {
            long bound = version - KEEP_DELETIONS;
            PreparedStatement d = lease.prepare("DELETE FROM switchboard_store_deletions WHERE version <= ?");
            d.setLong(1, bound);
            d.executeUpdate();
            PreparedStatement p = lease.prepare("UPDATE switchboard_store_meta SET pruned = ? WHERE id = 1");
            p.setLong(1, bound);
            p.executeUpdate();
        }
        return version;
    }

    /** Records a deleted item. */
    static void deleted(Connections.Lease lease, String ns, String key, long version) throws SQLException {
        PreparedStatement p =
                lease.prepare("INSERT INTO switchboard_store_deletions (version, ns, key) VALUES (?, ?, ?)");
        p.setLong(1, version);
        p.setString(2, ns);
        p.setString(3, key);
        p.executeUpdate();
    }

    /**
     * Brings the index up to the database's version, in the lease's snapshot: a full load the first
     * time (or after deletion records it needs were pruned), else the changed rows only.
     */
    static void catchUp(Connections.Lease lease, VectorIndex index) throws SQLException {
        long version;
        long pruned;
        try (ResultSet r = lease.prepare("SELECT version, pruned FROM switchboard_store_meta WHERE id = 1")
                .executeQuery()) {
            r.next();
            version = r.getLong(1);
            pruned = r.getLong(2);
        }
        // One search loads at a time; the others wait for it rather than read the same rows again.
        synchronized (index) {
            long seen = index.version();
            if (seen >= version) {
                return;
            }
            boolean full = seen < 0 || seen < pruned;
            Set<VectorIndex.ItemKey> deleted = full ? Set.of() : deletions(lease, seen);
            List<VectorIndex.Entry> changed = changes(lease, full ? -1 : seen);
            if (full) {
                index.clear();
            }
            index.apply(deleted, changed, version);
        }
    }

    private static Set<VectorIndex.ItemKey> deletions(Connections.Lease lease, long since) throws SQLException {
        PreparedStatement p = lease.prepare("SELECT ns, key FROM switchboard_store_deletions WHERE version > ?");
        p.setLong(1, since);
        Set<VectorIndex.ItemKey> out = new HashSet<>();
        try (ResultSet r = p.executeQuery()) {
            while (r.next()) {
                out.add(new VectorIndex.ItemKey(r.getString(1), r.getString(2)));
            }
        }
        return out;
    }

    /** The items put since a version, each with all its vectors in order (none if it has no vector now). */
    private static List<VectorIndex.Entry> changes(Connections.Lease lease, long since) throws SQLException {
        PreparedStatement p = lease.prepare(
                "SELECT i.ns, i.key, i.ns_seq, i.seq, v.idx, v.vector FROM switchboard_store_items i"
                        + " LEFT JOIN switchboard_store_vectors v ON v.ns = i.ns AND v.key = i.key WHERE i.version > ?");
        p.setLong(1, since);
        Map<VectorIndex.ItemKey, long[]> order = new LinkedHashMap<>();
        Map<VectorIndex.ItemKey, Map<Integer, float[]>> vectors = new LinkedHashMap<>();
        try (ResultSet r = p.executeQuery()) {
            while (r.next()) {
                VectorIndex.ItemKey k = new VectorIndex.ItemKey(r.getString(1), r.getString(2));
                order.put(k, new long[] {r.getLong(3), r.getLong(4)});
                Map<Integer, float[]> vs = vectors.computeIfAbsent(k, x -> new TreeMap<>());
                byte[] bytes = r.getBytes(6);
                if (bytes != null) {
                    vs.put(r.getInt(5), Vectors.fromBytes(bytes));
                }
            }
        }
        List<VectorIndex.Entry> out = new ArrayList<>(order.size());
        order.forEach((k, o) -> out.add(
                new VectorIndex.Entry(k, o[0], o[1], List.copyOf(vectors.get(k).values()))));
        return out;
    }
}
