package dev.switchboard.checkpoint.jdbc;

import dev.switchboard.runtime.checkpoint.Blob;
import dev.switchboard.runtime.checkpoint.ChannelVersion;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The blobs of the delta chains a set of checkpoint rows points into, loaded in a few queries
 * however many there are, and handed out per row. Chains are indexed by channel, then by the
 * snapshot version they start from: a history of a thousand steps has thousands of chains, and a
 * map of (channel, base) pairs spent most of a history read hashing and comparing the pairs.
 */
final class BlobChains {
    /**
     * Chains per blob query: under SQLite's 500 terms of a compound select and every driver's
     * parameter limit.
     */
    private static final int PAIRS_PER_QUERY = 200;
    /** Beyond this many chains, one query for all of the thread's blobs is cheaper than many. */
    private static final int ALL_BLOBS_ABOVE = 1_000;

    private static final String BLOB_COLUMNS = "SELECT channel, version, base, previous, kind, data"
            + " FROM switchboard_blobs WHERE thread_id = ? AND namespace = ?";

    /**
     * The primary key's order, in which the database reads them without sorting: a chain's blobs
     * come in version order, its channel's other chains in between.
     */
    private static final String ORDER = " ORDER BY channel, version";

    /** A chain wanted but not (yet) read: no blobs. */
    private static final List<Blob> NONE = List.of();

    private static final Blob.Kind[] KINDS = Blob.Kind.values();

    /** Channel, then base version, to the chain's blobs in version order. */
    private final Map<String, Map<String, List<Blob>>> chains = new HashMap<>();

    private int size;

    private BlobChains() {}

    /** Loads every chain the rows' channels point into. */
    static BlobChains load(Connections.Lease tx, String threadId, String namespace, List<CheckpointRow> rows)
            throws SQLException {
        BlobChains out = new BlobChains();
        for (CheckpointRow row : rows) {
            for (Map.Entry<String, ChannelVersion> e :
                    row.checkpoint().channels().entrySet()) {
                out.want(e.getKey(), e.getValue().base());
            }
        }
        if (out.size > ALL_BLOBS_ABOVE) {
            PreparedStatement p = tx.prepare(BLOB_COLUMNS + ORDER);
            JdbcSaver.bindThread(p, 1, threadId, namespace);
            out.read(p);
        } else if (out.size > 0) {
            out.readByChain(tx, threadId, namespace);
        }
        return out;
    }

    /** The blobs of every chain the row's channels point into. */
    List<Blob> of(CheckpointRow row) {
        List<Blob> mine = new ArrayList<>();
        for (Map.Entry<String, ChannelVersion> e : row.checkpoint().channels().entrySet()) {
            Map<String, List<Blob>> byBase = chains.get(e.getKey());
            List<Blob> chain = byBase == null ? null : byBase.get(e.getValue().base());
            if (chain != null) {
                mine.addAll(chain);
            }
        }
        return mine;
    }

    private void want(String channel, String base) {
        if (chains.computeIfAbsent(channel, k -> new HashMap<>()).putIfAbsent(base, NONE) == null) {
            size++;
        }
    }

    private void readByChain(Connections.Lease tx, String threadId, String namespace) throws SQLException {
        List<String[]> all = new ArrayList<>(size);
        chains.forEach((channel, bases) -> bases.keySet().forEach(base -> all.add(new String[] {channel, base})));
        for (int from = 0; from < all.size(); from += PAIRS_PER_QUERY) {
            List<String[]> part = all.subList(from, Math.min(all.size(), from + PAIRS_PER_QUERY));
            // One indexed lookup per chain, in one statement: SQLite would not use the chain index
            // for an OR of pairs, and would scan all of the thread's blobs instead.
            StringBuilder sql = new StringBuilder();
            for (int i = 0; i < part.size(); i++) {
                sql.append(i == 0 ? "" : " UNION ALL ").append(BLOB_COLUMNS).append(" AND channel = ? AND base = ?");
            }
            sql.append(ORDER);
            PreparedStatement p = tx.prepare(sql.toString());
            int i = 1;
            for (String[] chain : part) {
                i = JdbcSaver.bindThread(p, i, threadId, namespace);
                p.setString(i++, chain[0]);
                p.setString(i++, chain[1]);
            }
            read(p);
        }
    }

    /**
     * Reads blobs ordered by channel and version, keeping those of wanted chains. A channel's chains
     * may interleave (a forked history), so a chain is looked up again whenever the base changes.
     */
    private void read(PreparedStatement p) throws SQLException {
        p.setFetchSize(256);
        String channel = null;
        String base = null;
        List<Blob> chain = null;
        try (ResultSet r = p.executeQuery()) {
            while (r.next()) {
                String c = r.getString(1);
                String b = r.getString(3);
                if (!c.equals(channel) || !b.equals(base)) {
                    channel = c;
                    base = b;
                    chain = start(c, b);
                }
                if (chain != null) {
                    chain.add(new Blob(channel, r.getString(2), base, r.getString(4), kind(r, channel), r.getBytes(6)));
                }
            }
        }
    }

    /** The list a wanted chain's blobs go to, or {@code null} for a chain no row points into. */
    private List<Blob> start(String channel, String base) {
        Map<String, List<Blob>> byBase = chains.get(channel);
        List<Blob> chain = byBase == null ? null : byBase.get(base);
        if (chain == null) {
            return null;
        }
        if (chain == NONE) {
            chain = new ArrayList<>();
            byBase.put(base, chain);
        }
        return chain;
    }

    private static Blob.Kind kind(ResultSet r, String channel) throws SQLException {
        String storedKind = r.getString(5);
        for (Blob.Kind k : KINDS) {
            if (k.name().equals(storedKind)) {
                return k;
            }
        }
        try {
            return Blob.Kind.valueOf(storedKind.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new CheckpointStoreException(
                    "a stored blob of channel '" + channel + "' has the unknown kind '" + storedKind
                            + "'; the store was modified or written by a newer Switchboard",
                    e);
        }
    }
}
