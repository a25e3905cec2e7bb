package dev.switchboard.checkpoint.jdbc;

import dev.switchboard.runtime.checkpoint.PendingWrite;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Pending writes read in whatever order the database streams them, handed out per row (by its
 * index in the rows read) in the order they were stored. Writes arrive keyed by their checkpoint's
 * {@code seq}, a number: found among the rows by binary search, since hashing each write's
 * checkpoint id (and reading it, 36 characters through JDBC) was a sizeable part of a long read.
 * Rows of one checkpoint mostly arrive in order, so a write out of order is moved into place
 * rather than asking SQL to sort them all.
 */
final class WriteLists {
    /** The rows' {@code seq}, newest (largest) first. */
    private final long[] seqs;

    private final Writes[] byRow;

    WriteLists(List<CheckpointRow> rows) {
        seqs = new long[rows.size()];
        for (int i = 0; i < seqs.length; i++) {
            seqs[i] = rows.get(i).seq();
        }
        byRow = new Writes[seqs.length];
    }

    /**
     * Adds a write of the checkpoint stored at {@code seq}, {@code order} being its insertion
     * order; ignored unless the checkpoint is one of the rows (the query may read writes of
     * checkpoints the listing's filter then dropped).
     */
    void add(long seq, long order, PendingWrite write) {
        int row = rowOf(seq);
        if (row >= 0) {
            if (byRow[row] == null) {
                byRow[row] = new Writes();
            }
            byRow[row].add(order, write);
        }
    }

    /** The writes of the row at {@code index}, in insertion order. */
    List<PendingWrite> of(int index) {
        Writes writes = byRow[index];
        return writes == null ? List.of() : writes.writes;
    }

    /** The index of the row stored at {@code seq}, or -1. */
    private int rowOf(long seq) {
        int low = 0;
        int high = seqs.length - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            if (seqs[mid] == seq) {
                return mid;
            }
            if (seqs[mid] > seq) {
                low = mid + 1;
            } else {
                high = mid - 1;
            }
        }
        return -1;
    }

    /** One checkpoint's writes and their insertion orders, kept sorted by the latter. */
    private static final class Writes {
        final List<PendingWrite> writes = new ArrayList<>(2);
        long[] orders = new long[2];

        void add(long order, PendingWrite write) {
            int n = writes.size();
            if (n == orders.length) {
                orders = Arrays.copyOf(orders, n * 2);
            }
            int at = n;
            while (at > 0 && orders[at - 1] > order) {
                at--;
            }
            System.arraycopy(orders, at, orders, at + 1, n - at);
            orders[at] = order;
            writes.add(at, write);
        }
    }
}
