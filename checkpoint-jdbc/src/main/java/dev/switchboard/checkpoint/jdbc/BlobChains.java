package dev.switchboard.checkpoint.jdbc;

import dev.switchboard.runtime.checkpoint.Blob;
import dev.switchboard.runtime.checkpoint.ChannelVersion;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The blobs of the delta chains a set of checkpoint rows (of one thread and namespace) points
 * into, loaded in a few queries however many there are, and handed out per row. A chain is a
 * channel's blobs from a snapshot (its base) up to the newest version a row wants: on the blob
 * table's key, a range of the channel's version counters, read in one index range per chain; rows
 * of that range on other branches of a forked history are left out by their base. Chains are
 * indexed by channel, then by base: a history of a thousand steps has thousands of chains, and a
 * map of (channel, base) pairs spent most of a history read hashing and comparing the pairs.
 */
final class BlobChains {
    /**
     * Chains per blob query: under SQLite's 500 terms of a compound select and every driver's
     * parameter limit.
     */
    private static final int CHAINS_PER_QUERY = 200;
    /** Beyond this many chains, one query for all of the namespace's blobs is cheaper than many. */
    private static final int ALL_BLOBS_ABOVE = 1_000;

    private static final String SELECT = "SELECT " + BlobRows.COLUMNS + " FROM switchboard_blobs WHERE space = ?";

    /** Channel, then base version, to the chain. */
    private final Map<String, Map<String, Chain>> chains = new HashMap<>();

    /** The chains of each row's channels, by the row's index: handing them out looks nothing up. */
    private final Chain[][] byRow;

    private int size;

    private BlobChains(int rows) {
        byRow = new Chain[rows][];
    }

    /** Loads every chain the rows' channels point into. */
    static BlobChains load(Connections.Lease tx, ChannelIds channelIds, List<CheckpointRow> rows) throws SQLException {
        BlobChains out = new BlobChains(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            Map<String, ChannelVersion> channels = rows.get(i).checkpoint().channels();
            Chain[] mine = new Chain[channels.size()];
            int c = 0;
            for (Map.Entry<String, ChannelVersion> e : channels.entrySet()) {
                mine[c++] = out.want(e.getKey(), e.getValue());
            }
            out.byRow[i] = mine;
        }
        if (out.size > 0) {
            out.read(tx, channelIds, rows.get(0).space());
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

    private Chain want(String channel, ChannelVersion version) {
        Map<String, Chain> byBase = chains.computeIfAbsent(channel, k -> new HashMap<>());
        Chain chain = byBase.get(version.base());
        if (chain == null) {
            chain = new Chain(channel, version.base());
            byBase.put(version.base(), chain);
            size++;
        }
        if (!version.version().equals(version.base())) { // a snapshot reaches no further than its base
            chain.reach(VersionKey.of(version.version()));
        }
        return chain;
    }

    private void read(Connections.Lease tx, ChannelIds channelIds, long space) throws SQLException {
        Map<Long, String> names = new HashMap<>();
        List<Chain> all = new ArrayList<>(size);
        for (Map.Entry<String, Map<String, Chain>> e : chains.entrySet()) {
            Long id = channelIds.existing(tx, e.getKey());
            if (id != null) { // else nothing of the channel is stored: its chains stay empty
                names.put(id, e.getKey());
                for (Chain chain : e.getValue().values()) {
                    chain.channelId = id;
                    all.add(chain);
                }
            }
        }
        List<BlobRows.Row> rows = new ArrayList<>();
        if (all.size() > ALL_BLOBS_ABOVE) {
            PreparedStatement p = tx.prepare(SELECT);
            p.setLong(1, space);
            collect(p, names, rows);
        } else {
            for (int from = 0; from < all.size(); from += CHAINS_PER_QUERY) {
                readChains(tx, space, all.subList(from, Math.min(all.size(), from + CHAINS_PER_QUERY)), names, rows);
            }
        }
        // Each row's chain, looked up once: the lookup hashes the row's base, a string just read.
        Chain[] chainOf = new Chain[rows.size()];
        List<BlobRows.Row> refs = new ArrayList<>();
        for (int i = 0; i < chainOf.length; i++) {
            BlobRows.Row row = rows.get(i);
            chainOf[i] = wanted(row.blob());
            if (row.writesOf() >= 0 && chainOf[i] != null) {
                refs.add(row);
            }
        }
        Map<BlobRows.Row, byte[]> joined = WriteRefs.resolve(tx, refs);
        for (int i = 0; i < chainOf.length; i++) {
            BlobRows.Row row = rows.get(i);
            if (chainOf[i] != null) {
                chainOf[i].add(row.writesOf() >= 0 ? row.withData(joined.get(row)) : row.blob());
            }
        }
    }

    /**
     * One index range per chain, in one statement: from the chain's snapshot to the newest version
     * wanted of it; the whole channel where either end is not of the runtime's form.
     */
    private static void readChains(
            Connections.Lease tx, long space, List<Chain> part, Map<Long, String> names, List<BlobRows.Row> rows)
            throws SQLException {
        StringBuilder sql = new StringBuilder();
        for (Chain chain : part) {
            sql.append(sql.length() == 0 ? "" : " UNION ALL ")
                    .append(SELECT)
                    .append(" AND channel = ?")
                    .append(chain.ranged() ? " AND counter BETWEEN ? AND ?" : "");
        }
        PreparedStatement p = tx.prepare(sql.toString());
        int i = 1;
        for (Chain chain : part) {
            p.setLong(i++, space);
            p.setLong(i++, chain.channelId);
            if (chain.ranged()) {
                p.setLong(i++, chain.base.counter());
                p.setLong(i++, chain.newest);
            }
        }
        collect(p, names, rows);
    }

    /** Reads blob rows of the wanted channels; blobs come in no particular order, {@link Chain#add} orders them. */
    private static void collect(PreparedStatement p, Map<Long, String> names, List<BlobRows.Row> rows)
            throws SQLException {
        p.setFetchSize(CheckpointReads.ROWS_PER_FETCH);
        try (ResultSet r = p.executeQuery()) {
            while (r.next()) {
                String channel = names.get(r.getLong(1));
                if (channel != null) {
                    rows.add(BlobRows.read(r, 1, channel));
                }
            }
        }
    }

    private Chain wanted(Blob blob) {
        Map<String, Chain> byBase = chains.get(blob.channel());
        return byBase == null ? null : byBase.get(blob.base());
    }

    /** A wanted chain: a channel's blobs from one snapshot on, in version order. */
    private static final class Chain {
        final String channel;
        final String baseText;
        final VersionKey base;
        final List<Blob> blobs = new ArrayList<>(1);
        long channelId;
        /** The newest counter wanted, or -1 once a version not of the runtime's form is wanted. */
        long newest;

        Chain(String channel, String base) {
            this.channel = channel;
            this.baseText = base;
            this.base = VersionKey.of(base);
            this.newest = this.base.numeric() ? this.base.counter() : -1;
        }

        void reach(VersionKey version) {
            if (newest >= 0) {
                newest = version.numeric() ? Math.max(newest, version.counter()) : -1;
            }
        }

        boolean ranged() {
            return newest >= 0;
        }

        /**
         * Adds a blob in version order (the order of the strings, as the versions' counters), once:
         * the ranges of two chains of a channel may overlap.
         */
        void add(Blob blob) {
            int at = blobs.size();
            int order = 1;
            while (at > 0 && (order = blobs.get(at - 1).version().compareTo(blob.version())) > 0) {
                at--;
            }
            if (at == 0 || order != 0) {
                blobs.add(at, blob);
            }
        }

        @Override
        public String toString() {
            return channel + "@" + baseText;
        }
    }
}
