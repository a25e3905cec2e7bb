package dev.switchboard.bench.fanout;

import java.util.ArrayList;
import java.util.List;

/**
 * W2 by hand: {@code split}, then the eight workers on the caller's thread, each reading the state
 * after {@code split} (as in one superstep), their writes merged in worker order, then {@code join}.
 */
public final class FanOutHandWritten {
    private FanOutHandWritten() {}

    /** What a node returns: the components it writes. */
    record Delta(int total, List<String> items) {}

    /** One node: reads the state, returns its writes. */
    @FunctionalInterface
    interface Step {
        Delta apply(Tally state);
    }

    private static final Step SPLIT = s -> new Delta(0, List.of("split"));
    private static final Step JOIN = s -> new Delta(0, List.of("join"));
    private static final Step[] WORKERS = new Step[FanOutWork.WORKERS];

    static {
        for (int i = 0; i < WORKERS.length; i++) {
            int index = i;
            WORKERS[i] = s -> new Delta(FanOutWork.contribution(index), List.of(FanOutWork.worker(index)));
        }
    }

    /**
     * Runs the graph's work.
     *
     * @return the final state
     */
    public static Tally run() {
        List<String> items = new ArrayList<>();
        int total = 0;
        Delta d = SPLIT.apply(new Tally(total, items));
        total += d.total();
        items.addAll(d.items());
        Tally afterSplit = new Tally(total, List.copyOf(items));
        Delta[] writes = new Delta[WORKERS.length];
        for (int i = 0; i < WORKERS.length; i++) {
            writes[i] = WORKERS[i].apply(afterSplit);
        }
        for (Delta w : writes) {
            total += w.total();
            items.addAll(w.items());
        }
        d = JOIN.apply(new Tally(total, items));
        total += d.total();
        items.addAll(d.items());
        return new Tally(total, items);
    }
}
