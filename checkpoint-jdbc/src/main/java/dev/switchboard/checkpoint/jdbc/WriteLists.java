package dev.switchboard.checkpoint.jdbc;

import dev.switchboard.runtime.checkpoint.PendingWrite;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Pending writes read in whatever order the database streams them, handed out per checkpoint in
 * the order they were stored. Rows of one checkpoint mostly arrive together and in order, so the
 * last checkpoint's list is kept at hand and a write out of order is moved into place, rather
 * than asking SQL to sort them all: that sort was a third of the time of listing a long history.
 */
final class WriteLists {
    private final Map<String, Writes> byCheckpoint = new HashMap<>();
    private String lastId;
    private Writes last;

    /** Adds a write of the checkpoint, {@code order} being its insertion order among them. */
    void add(String checkpointId, long order, PendingWrite write) {
        if (!checkpointId.equals(lastId)) {
            lastId = checkpointId;
            last = byCheckpoint.computeIfAbsent(checkpointId, k -> new Writes());
        }
        last.add(order, write);
    }

    /** The checkpoint's writes in insertion order, or an empty list. */
    List<PendingWrite> of(String checkpointId) {
        Writes writes = byCheckpoint.get(checkpointId);
        return writes == null ? List.of() : writes.writes;
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
