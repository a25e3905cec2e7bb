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

    private static final Blob.Kind[] KINDS = Blob.Kind.values();

    /** Channel, then base version, to the chain. */
    private final Map<String, Map<String, Chain>> chains = new HashMap<>();

    /** The chains of each row's channels, by the row's index: handing them out looks nothing up. */
    private final Chain[][] byRow;

    private int size;

    private BlobChains(int rows) {
        byRow = new Chain[rows][];
    }

    /** Loads every chain the rows' channels point into. */
    static BlobChains load(Connections.Lease tx, String threadId, String namespace, List<CheckpointRow> rows)
            throws SQLException {
        BlobChains out = new BlobChains(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            Map<String, ChannelVersion> channels = rows.get(i).checkpoint().channels();
            Chain[] mine = new Chain[channels.size()];
            int c = 0;
            for (Map.Entry<String, ChannelVersion> e : channels.entrySet()) {
                mine[c++] = out.want(e.getKey(), e.getValue().base());
            }
            out.byRow[i] = mine;
        }
        if (out.size > ALL_BLOBS_ABOVE) {
            PreparedStatement p = tx.prepare(BLOB_COLUMNS);
            JdbcSaver.bindThread(p, 1, threadId, namespace);
            out.read(p);
        } else if (out.size > 0) {
            out.readByChain(tx, threadId, namespace);
        }
        return out;
    }

    /** The blobs of every chain the channels of the row at {@code index} (in the loaded rows) point into. */
    List<Blob> of(int index) {
        Chain[] mine = byRow[index];
        int n = 0;
        for (Chain chain : mine) {
            n += chain.blobs.size();
        }
        List<Blob> out = new ArrayList<>(n);
        for (Chain chain : mine) {
            out.addAll(chain.blobs);
        }
        return out;
    }

    private Chain want(String channel, String base) {
        Map<String, Chain> byBase = chains.computeIfAbsent(channel, k -> new HashMap<>());
        Chain chain = byBase.get(base);
        if (chain == null) {
            chain = new Chain(channel, base);
            byBase.put(base, chain);
            size++;
        }
        return chain;
    }

    private void readByChain(Connections.Lease tx, String threadId, String namespace) throws SQLException {
        List<Chain> all = new ArrayList<>(size);
        chains.values().forEach(bases -> all.addAll(bases.values()));
        for (int from = 0; from < all.size(); from += PAIRS_PER_QUERY) {
            List<Chain> part = all.subList(from, Math.min(all.size(), from + PAIRS_PER_QUERY));
            // One indexed lookup per chain, in one statement: SQLite would not use the chain index
            // for an OR of pairs, and would scan all of the thread's blobs instead.
            StringBuilder sql = new StringBuilder();
            for (int i = 0; i < part.size(); i++) {
                sql.append(i == 0 ? "" : " UNION ALL ").append(BLOB_COLUMNS).append(" AND channel = ? AND base = ?");
            }
            PreparedStatement p = tx.prepare(sql.toString());
            int i = 1;
            for (Chain chain : part) {
                i = JdbcSaver.bindThread(p, i, threadId, namespace);
                p.setString(i++, chain.channel);
                p.setString(i++, chain.base);
            }
            read(p);
        }
    }

    /**
     * Reads blobs, keeping those of wanted chains. They come in no particular order (sorting them
     * was most of PostgreSQL's time for a long history: text compared by collation); in practice
     * in runs of one channel and chain, so they are looked up when the channel or base changes, and {@link
     * Chain#add} puts each in version order.
     */
    private void read(PreparedStatement p) throws SQLException {
        p.setFetchSize(256);
        String channel = null;
        Map<String, Chain> byBase = null;
        String base = null;
        Chain chain = null;
        try (ResultSet r = p.executeQuery()) {
            while (r.next()) {
                String c = r.getString(1);
                String b = r.getString(3);
                if (!c.equals(channel)) {
                    channel = c;
                    byBase = chains.get(c);
                    base = null;
                }
                if (!b.equals(base)) {
                    base = b;
                    chain = byBase == null ? null : byBase.get(b);
                }
                if (chain != null) {
                    chain.add(new Blob(channel, r.getString(2), base, r.getString(4), kind(r, channel), r.getBytes(6)));
                }
            }
        }
    }

    /** A wanted chain: a channel's blobs from one snapshot on, in version order. */
    private static final class Chain {
        final String channel;
        final String base;
        final List<Blob> blobs = new ArrayList<>(1);

        Chain(String channel, String base) {
            this.channel = channel;
            this.base = base;
        }

        /** Adds a blob in version order (the order of the strings, as the primary key's). */
        void add(Blob blob) {
            int at = blobs.size();
            while (at > 0 && blobs.get(at - 1).version().compareTo(blob.version()) > 0) {
                at--;
            }
            blobs.add(at, blob);
        }
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
