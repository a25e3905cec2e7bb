package dev.switchboard.bench.fanout;

import dev.switchboard.bench.Check;
import java.util.ArrayList;
import java.util.List;

/**
 * W2, fan-out and join: {@code split} → eight workers in one superstep → {@code join}, which runs
 * once, after all eight. {@code split} and {@code join} log their names so that the final state
 * shows the barrier held.
 */
public final class FanOutWork {
    /** Workers. */
    public static final int WORKERS = 8;

    /** Node executions per run: split, the workers, join. */
    public static final int NODES = WORKERS + 2;

    private FanOutWork() {}

    /**
     * The name of worker {@code i}.
     *
     * @param i the worker's index, from 0
     * @return {@code "w1"} … {@code "w8"}
     */
    public static String worker(int i) {
        return "w" + (i + 1);
    }

    /**
     * What worker {@code i} adds to the total.
     *
     * @param i the worker's index, from 0
     * @return {@code i + 1}
     */
    public static int contribution(int i) {
        return i + 1;
    }

    /**
     * Fails unless a run ended in W2's final state.
     *
     * @param total the final total
     * @param items the final items
     */
    public static void check(int total, List<String> items) {
        List<String> expected = new ArrayList<>();
        expected.add("split");
        for (int i = 0; i < WORKERS; i++) {
            expected.add(worker(i));
        }
        expected.add("join");
        Check.equal("W2 total", WORKERS * (WORKERS + 1) / 2, total);
        Check.equal("W2 items", expected, items);
    }
}
