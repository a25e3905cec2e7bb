package dev.switchboard.checkpoint.jdbc;

import dev.switchboard.runtime.store.Vectors;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The vectors of one {@link JdbcStore}'s database, held in memory so that a semantic search scores
 * them without reading them from the database: all vectors in one contiguous {@code float[]} block,
 * each item's vectors side by side, with the item's place in the store's natural order for ties.
 * The index may run ahead of or behind the rows a search then reads (other writers, expiry): the
 * store checks each ranked item against the database, so the index only decides the order. Scoring
 * is exact ({@link Vectors#best(float[], int, int, int, float[])}); an approximate index would
 * replace {@link #rank}. Thread-safe.
 */
final class VectorIndex {
    /** An item's identity: its encoded namespace and key. */
    record ItemKey(String ns, String key) {}

    /** One item's vectors as read from the database, with its natural-order position. */
    record Entry(ItemKey item, long nsSeq, long seq, List<float[]> vectors) {}

    private final int dims;
    private final Map<ItemKey, Integer> position = new HashMap<>();
    private ItemKey[] items = new ItemKey[64];
    private long[] nsSeq = new long[64];
    private long[] seq = new long[64];
    private int[] offset = new int[64];
    private int[] count = new int[64];
    private int size;
    private float[] block = new float[0];
    private int used;
    private int garbage;
    private long version = -1;

    VectorIndex(int dims) {
        this.dims = dims;
    }

    /** The store version this index reflects; {@code -1} before the first load. */
    synchronized long version() {
        return version;
    }

    /**
     * Applies a batch of changes read from the database and records the version they bring the
     * index to: deleted items go, changed items are replaced (an entry without vectors only removes).
     */
    synchronized void apply(Set<ItemKey> deleted, List<Entry> changed, long newVersion) {
        deleted.forEach(this::remove);
        for (Entry e : changed) {
            remove(e.item());
            if (!e.vectors().isEmpty()) {
                add(e);
            }
        }
        if (garbage > used / 2) {
            compact();
        }
        version = newVersion;
    }

    /** Forgets everything, before a full reload. */
    synchronized void clear() {
        position.clear();
        size = 0;
        used = 0;
        garbage = 0;
        block = new float[0];
        version = -1;
    }

    synchronized int size() {
        return size;
    }

    /**
     * Scores the items under a namespace prefix, among the candidates if given, against a
     * normalized query.
     *
     * @param prefix the encoded prefix ({@code ""} for all)
     * @param candidates the items that may take part, or {@code null} for all
     * @param query the normalized query
     * @return the scored items, to take best first
     */
    synchronized Ranking rank(String prefix, Set<ItemKey> candidates, float[] query) {
        if (query.length != dims) {
            throw new IllegalStateException(
                    "the query vector has " + query.length + " dimensions; the index expects " + dims);
        }
        String under = prefix + StoreSql.SEPARATOR;
        // Many items share a namespace: decide each namespace once.
        Map<String, Boolean> inPrefix = new HashMap<>();
        Ranking r = new Ranking(candidates == null ? size : Math.min(size, candidates.size()));
        for (int i = 0; i < size; i++) {
            ItemKey k = items[i];
            if ((prefix.isEmpty() || inPrefix.computeIfAbsent(k.ns(), ns -> ns.equals(prefix) || ns.startsWith(under)))
                    && (candidates == null || candidates.contains(k))) {
                r.add(k, nsSeq[i], seq[i], Vectors.best(block, offset[i], count[i], dims, query));
            }
        }
        return r;
    }

    private void add(Entry e) {
        int n = e.vectors().size();
        ensureBlock(used + n * dims);
        int at = used;
        for (float[] v : e.vectors()) {
            if (v.length != dims) {
                throw new IllegalStateException("item " + e.item().key() + " has a stored vector of " + v.length
                        + " dimensions; the index expects " + dims);
            }
            System.arraycopy(v, 0, block, used, dims);
            used += dims;
        }
        ensureItems(size + 1);
        items[size] = e.item();
        nsSeq[size] = e.nsSeq();
        seq[size] = e.seq();
        offset[size] = at;
        count[size] = n;
        position.put(e.item(), size++);
    }

    /** Removes an item by moving the last one into its place; its vectors become garbage. */
    private void remove(ItemKey k) {
        Integer at = position.remove(k);
        if (at == null) {
            return;
        }
        garbage += count[at] * dims;
        int last = --size;
        if (at != last) {
            items[at] = items[last];
            nsSeq[at] = nsSeq[last];
            seq[at] = seq[last];
            offset[at] = offset[last];
            count[at] = count[last];
            position.put(items[at], at);
        }
        items[last] = null;
    }

    private void compact() {
        float[] fresh = new float[Math.max(used - garbage, dims)];
        int to = 0;
        for (int i = 0; i < size; i++) {
            int len = count[i] * dims;
            System.arraycopy(block, offset[i], fresh, to, len);
            offset[i] = to;
            to += len;
        }
        block = fresh;
        used = to;
        garbage = 0;
    }

    private void ensureBlock(int floats) {
        if (floats > block.length) {
            block = Arrays.copyOf(block, Math.max(floats, block.length * 2));
        }
    }

    private void ensureItems(int n) {
        if (n > items.length) {
            int c = Math.max(n, items.length * 2);
            items = Arrays.copyOf(items, c);
            nsSeq = Arrays.copyOf(nsSeq, c);
            seq = Arrays.copyOf(seq, c);
            offset = Arrays.copyOf(offset, c);
            count = Arrays.copyOf(count, c);
        }
    }

    /**
     * Scored items, handed out best first (equal scores in the store's natural order, as {@link
     * Vectors#rank} orders them); only as many are sorted as are asked for.
     */
    static final class Ranking {
        private ItemKey[] keys;
        private long[] nsSeq;
        private long[] seq;
        private double[] score;
        private int size;

        Ranking(int capacity) {
            keys = new ItemKey[Math.max(capacity, 1)];
            nsSeq = new long[keys.length];
            seq = new long[keys.length];
            score = new double[keys.length];
        }

        void add(ItemKey k, long ns, long s, double sc) {
            if (size == keys.length) {
                int c = size * 2;
                keys = Arrays.copyOf(keys, c);
                nsSeq = Arrays.copyOf(nsSeq, c);
                seq = Arrays.copyOf(seq, c);
                score = Arrays.copyOf(score, c);
            }
            keys[size] = k;
            nsSeq[size] = ns;
            seq[size] = s;
            score[size++] = sc;
        }

        /** How many items were scored. */
        int size() {
            return size;
        }

        ItemKey key(int i) {
            return keys[i];
        }

        double score(int i) {
            return score[i];
        }

        /** The positions of the best {@code k} items (or all), best first. */
        List<Integer> top(int k) {
            int n = Math.min(k, size);
            if (n > 256) {
                List<Integer> all = new ArrayList<>(size);
                for (int i = 0; i < size; i++) {
                    all.add(i);
                }
                all.sort((a, b) -> better(a, b) ? -1 : better(b, a) ? 1 : 0);
                return all.subList(0, n);
            }
            // A sorted insertion into a short list: most items do not beat its last.
            int[] best = new int[n];
            int filled = 0;
            for (int i = 0; i < size && n > 0; i++) {
                if (filled < n || better(i, best[filled - 1])) {
                    int at = Math.min(filled, n - 1);
                    while (at > 0 && better(i, best[at - 1])) {
                        best[at] = best[at - 1];
                        at--;
                    }
                    best[at] = i;
                    filled = Math.min(filled + 1, n);
                }
            }
            List<Integer> out = new ArrayList<>(n);
            for (int i = 0; i < filled; i++) {
                out.add(best[i]);
            }
            return out;
        }

        /** Higher score first; equal scores in the store's natural order. */
        private boolean better(int a, int b) {
            if (score[a] != score[b]) {
                return score[a] > score[b];
            }
            return nsSeq[a] != nsSeq[b] ? nsSeq[a] < nsSeq[b] : seq[a] < seq[b];
        }
    }
}
