package dev.switchboard.checkpoint.jdbc;

import dev.switchboard.runtime.checkpoint.Blob;
import dev.switchboard.runtime.checkpoint.ChannelVersion;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The blobs of the delta chains a set of checkpoint rows (of one thread and namespace) points
 * into, handed out per row. A chain is a channel's blobs from a snapshot (its base) up to the
 * newest version a row wants. They are taken first from the rows read (values stored in their
 * checkpoint's row, {@link RowValues}): a whole history then needs no other query. A chain that
 * some wanted version does not yet reach down to its snapshot, delta by delta, is looked for where
 * else it may be, in one statement per {@value #CHAINS_PER_QUERY} chains: the rows of {@code
 * switchboard_blobs} (values stored before schema version 7, or kept as rows), a range of the
 * channel's version counters on their key, and the values of checkpoint rows not read, by the same
 * range of counters through their index. Chains are indexed by channel, then by base: a history of
 * a thousand steps has thousands of chains, and a map of (channel, base) pairs spent most of a
 * history read hashing and comparing the pairs.
 */
final class BlobChains {
    /**
     * Chains per query: under SQLite's 500 terms of a compound select and every driver's parameter
     * limit.
     */
    private static final int CHAINS_PER_QUERY = 200;
    /** Beyond this many chains, one query for all of the namespace's blobs is cheaper than many. */
    private static final int ALL_BLOBS_ABOVE = 1_000;

    /** The first column of a row of values read from a checkpoint row, not from the blob table. */
    private static final int FROM_VALUES = 1;

    private static final String BLOBS = "SELECT 0, " + BlobRows.COLUMNS + " FROM switchboard_blobs WHERE space = ?";
    /** A checkpoint row's values in the blob query's shape: its number, counter and values. */
    private static final String VALUES = "SELECT " + FROM_VALUES + ", seq, blob_counter,"
            + " NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, blobs"
            + " FROM switchboard_checkpoints WHERE space = ? AND blob_counter IS NOT NULL";

    /** Channel, then base version, to the chain. */
    private final Map<String, Map<String, Chain>> chains = new HashMap<>();

    /** The chains of each row's channels, by the row's index: handing them out looks nothing up. */
    private final Chain[][] byRow;

    private final List<Chain> all = new ArrayList<>();

    private BlobChains(int rows) {
        byRow = new Chain[rows][];
    }

    /** Loads every chain the rows' channels point into. */
    static BlobChains load(Connections.Lease tx, ChannelIds channelIds, List<CheckpointRow> rows) throws SQLException {
        BlobChains out = new BlobChains(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            Map<String, ChannelVersion> channels = rows.get(i).checkpoint().channels();
            Chain[] mine = new Chain[channels.size()];
            int[] c = {0};
            // forEach, not entrySet(): an immutable map's entry iterator allocates every entry.
            channels.forEach((channel, version) -> mine[c[0]++] = out.want(channel, version));
            out.byRow[i] = mine;
        }
        if (!out.all.isEmpty()) {
            out.read(tx, channelIds, rows);
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
        // Immutable, so that the tuple keeps it rather than copying it again.
        Blob[] out = new Blob[n];
        int at = 0;
        for (Chain chain : mine) {
            for (int i = 0; i < chain.blobs.size(); i++) {
                out[at++] = chain.blobs.get(i);
            }
        }
        return List.of(out);
    }

    private Chain want(String channel, ChannelVersion version) {
        Map<String, Chain> byBase = chains.computeIfAbsent(channel, k -> new HashMap<>());
        Chain chain = byBase.get(version.base());
        if (chain == null) {
            chain = new Chain(channel, version.base());
            byBase.put(version.base(), chain);
            all.add(chain);
        }
        chain.want(version.version());
        return chain;
    }

    private void read(Connections.Lease tx, ChannelIds channelIds, List<CheckpointRow> rows) throws SQLException {
        Set<Long> read = new HashSet<>();
        for (CheckpointRow row : rows) {
            if (row.values() != null) {
                read.add(row.seq());
                addValues(tx, channelIds, row.seq(), row.blobCounter(), row.values());
            }
        }
        List<Chain> missing = new ArrayList<>();
        for (Chain chain : all) {
            if (!chain.whole()) {
                missing.add(chain);
            }
        }
        if (!missing.isEmpty()) {
            readElsewhere(tx, channelIds, rows.get(0).space(), missing, read);
        }
    }

    /** Adds the values stored in a checkpoint row to the chains that want them. */
    private void addValues(Connections.Lease tx, ChannelIds channelIds, long seq, long counter, byte[] values)
            throws SQLException {
        for (BlobRows.Row row : RowValues.decode(values, counter, id -> channelIds.name(tx, id), seq)) {
            Chain chain = wanted(row.blob());
            if (chain != null && chain.covers(counter)) {
                chain.add(row.blob());
            }
        }
    }

    /**
     * The missing chains' values in the other places they may be, in one statement per {@value
     * #CHAINS_PER_QUERY} chains: rows of {@code switchboard_blobs} (one index range per chain, or the
     * namespace's whole table for many) and the values of checkpoint rows not read (the rows of the
     * chain's counters, through their index). Deltas that refer to pending writes are joined from
     * them.
     */
    private void readElsewhere(
            Connections.Lease tx, ChannelIds channelIds, long space, List<Chain> missing, Set<Long> read)
            throws SQLException {
        Map<Long, String> names = new HashMap<>();
        List<Chain> stored = new ArrayList<>(missing.size());
        for (Chain chain : missing) {
            Long id = channelIds.existing(tx, chain.channel);
            if (id != null) { // else nothing of the channel is stored
                names.put(id, chain.channel);
                chain.channelId = id;
                stored.add(chain);
            }
        }
        Found found = new Found(read);
        if (stored.size() > ALL_BLOBS_ABOVE) {
            PreparedStatement p = tx.prepare(BLOBS + " UNION ALL " + VALUES);
            p.setLong(1, space);
            p.setLong(2, space);
            found.collect(p, names);
        } else {
            for (int from = 0; from < stored.size(); from += CHAINS_PER_QUERY) {
                readChains(
                        tx,
                        space,
                        stored.subList(from, Math.min(stored.size(), from + CHAINS_PER_QUERY)),
                        names,
                        found);
            }
        }
        // Decoded once the reads are done: naming a channel may prepare a statement.
        for (int i = 0; i < found.values.size(); i++) {
            long[] key = found.keys.get(i);
            addValues(tx, channelIds, key[0], key[1], found.values.get(i));
        }
        // Each row's chain, looked up once: the lookup hashes the row's base, a string just read.
        List<BlobRows.Row> rows = found.rows;
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
     * Per chain, its range of the channel's blob rows and the checkpoint rows of its counters; the
     * whole channel, and every checkpoint row with values, where either end is not of the
     * runtime's form.
     */
    private static void readChains(
            Connections.Lease tx, long space, List<Chain> part, Map<Long, String> names, Found found)
            throws SQLException {
        StringBuilder sql = new StringBuilder();
        for (Chain chain : part) {
            sql.append(sql.length() == 0 ? "" : " UNION ALL ")
                    .append(BLOBS)
                    .append(" AND channel = ?")
                    .append(chain.ranged() ? " AND counter BETWEEN ? AND ?" : "")
                    .append(" UNION ALL ")
                    .append(VALUES)
                    .append(chain.ranged() ? " AND blob_counter BETWEEN ? AND ?" : "");
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
            p.setLong(i++, space);
            if (chain.ranged()) {
                p.setLong(i++, chain.base.counter());
                p.setLong(i++, chain.newest);
            }
        }
        found.collect(p, names);
    }

    /** What the queries of missing chains found: blob rows, and checkpoint rows' values not read yet. */
    private static final class Found {
        final List<BlobRows.Row> rows = new ArrayList<>();
        final List<long[]> keys = new ArrayList<>();
        final List<byte[]> values = new ArrayList<>();
        final Set<Long> read;

        Found(Set<Long> read) {
            this.read = read;
        }

        /** Reads the rows in whatever order they come: {@link Chain#add} orders blobs. */
        void collect(PreparedStatement p, Map<Long, String> names) throws SQLException {
            p.setFetchSize(CheckpointReads.ROWS_PER_FETCH);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    if (r.getInt(1) == FROM_VALUES) {
                        long seq = r.getLong(2);
                        if (read.add(seq)) {
                            keys.add(new long[] {seq, r.getLong(3)});
                            values.add(r.getBytes(14));
                        }
                        continue;
                    }
                    String channel = names.get(r.getLong(2));
                    if (channel != null) {
                        rows.add(BlobRows.read(r, 2, channel));
                    }
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
        /** The versions rows want, each once (rows of a history want the same ones in a row). */
        final List<String> wanted = new ArrayList<>(1);

        long channelId;
        /** The newest counter wanted, or -1 once a version not of the runtime's form is wanted. */
        long newest;
        /** Whether every wanted version was found to reach the snapshot: then it stays so. */
        boolean whole;

        Chain(String channel, String base) {
            this.channel = channel;
            this.baseText = base;
            this.base = VersionKey.of(base);
            this.newest = this.base.numeric() ? this.base.counter() : -1;
        }

        void want(String version) {
            if (!wanted.isEmpty() && wanted.get(wanted.size() - 1).equals(version)) {
                return;
            }
            wanted.add(version);
            if (newest >= 0 && !version.equals(baseText)) { // a snapshot reaches no further than its base
                VersionKey v = VersionKey.of(version);
                newest = v.numeric() ? Math.max(newest, v.counter()) : -1;
            }
        }

        boolean ranged() {
            return newest >= 0;
        }

        /** Whether a value of this counter falls in the chain's range, as a query of it would read it. */
        boolean covers(long counter) {
            return !ranged() || (counter >= base.counter() && counter <= newest);
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

        /** Whether each wanted version leads, delta by delta, down to the chain's snapshot. */
        boolean whole() {
            if (!whole) {
                Set<String> reached = wanted.size() > 1 ? new HashSet<>() : null;
                boolean all = true;
                for (int i = 0; i < wanted.size() && all; i++) {
                    all = reaches(wanted.get(i), reached);
                }
                whole = all;
            }
            return whole;
        }

        private boolean reaches(String version, Set<String> reached) {
            List<String> path = reached == null ? null : new ArrayList<>();
            String v = version;
            for (int steps = 0; steps <= blobs.size(); steps++) {
                if (reached != null && reached.contains(v)) {
                    reached.addAll(path); // an earlier version's walk went on from here
                    return true;
                }
                Blob b = find(v);
                if (b == null) {
                    return false;
                }
                if (path != null) {
                    path.add(v);
                }
                if (b.kind() != Blob.Kind.DELTA) {
                    boolean whole = b.version().equals(baseText);
                    if (whole && reached != null) {
                        reached.addAll(path);
                    }
                    return whole;
                }
                v = b.previous();
            }
            return false; // a cycle: a damaged store, left for the rows' query to show as stored
        }

        private Blob find(String version) {
            for (int i = blobs.size() - 1; i >= 0; i--) {
                if (blobs.get(i).version().equals(version)) {
                    return blobs.get(i);
                }
            }
            return null;
        }

        @Override
        public String toString() {
            return channel + "@" + baseText;
        }
    }
}
