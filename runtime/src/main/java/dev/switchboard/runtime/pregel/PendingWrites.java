package dev.switchboard.runtime.pregel;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * Same-step writes grouped by channel, reused across supersteps. Writes sit in flat arrays, each
 * channel's chained in write order; a channel's values are copied into one scratch list when it is
 * updated (a channel reads its writes during the update only). A run so allocates no list per
 * channel, and a superstep nothing once the arrays have grown to its size.
 */
final class PendingWrites {
    private static final int NONE = -1;

    final int[] touched;
    int touchedCount;
    /** Per channel, its first and last write in {@link #values}; {@link #NONE} when untouched. */
    private final int[] first;

    private final int[] last;
    /** Per write, the next write to the same channel, or {@link #NONE}. */
    private int[] next = new int[8];

    private Object[] values = new Object[8];
    private int count;
    private final ArrayList<Object> scratch = new ArrayList<>();
    /** What {@link #values} answers for a channel written once: a list of that one value, reused. */
    final One one = new One();

    /** A list of one value that can be set: a step's channel written once reads its write from it. */
    static final class One extends AbstractList<Object> implements RandomAccess {
        Object value;

        @Override
        public Object get(int index) {
            Objects.checkIndex(index, 1);
            return value;
        }

        @Override
        public int size() {
            return 1;
        }
    }

    PendingWrites(int channels) {
        this.touched = new int[channels];
        this.first = new int[channels];
        this.last = new int[channels];
        Arrays.fill(first, NONE);
    }

    void add(int channel, Object value) {
        if (count == values.length) {
            values = Arrays.copyOf(values, count * 2);
            next = Arrays.copyOf(next, count * 2);
        }
        values[count] = value;
        next[count] = NONE;
        if (first[channel] == NONE) {
            touched[touchedCount++] = channel;
            first[channel] = count;
        } else {
            next[last[channel]] = count;
        }
        last[channel] = count;
        count++;
    }

    /** The values written to {@code channel}, in write order: valid until the next call. */
    List<?> values(int channel) {
        int only = first[channel];
        if (next[only] == NONE) { // the usual one write: no list to clear and fill
            one.value = values[only];
            return one;
        }
        scratch.clear();
        for (int w = first[channel]; w != NONE; w = next[w]) {
            scratch.add(values[w]);
        }
        return scratch;
    }

    void clear() {
        for (int i = 0; i < touchedCount; i++) {
            first[touched[i]] = NONE;
        }
        Arrays.fill(values, 0, count, null);
        scratch.clear();
        one.value = null;
        touchedCount = 0;
        count = 0;
    }
}
