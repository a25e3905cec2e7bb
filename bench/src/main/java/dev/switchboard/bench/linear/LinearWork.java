package dev.switchboard.bench.linear;

import dev.switchboard.bench.Check;
import java.util.List;

/**
 * W1, the linear chain n1 → … → n10: the node body every implementation calls and the final state
 * every implementation must reach.
 */
public final class LinearWork {
    /** Node executions per run. */
    public static final int NODES = 10;

    /** The node names, in chain order. */
    public static final List<String> NAMES = List.of("n1", "n2", "n3", "n4", "n5", "n6", "n7", "n8", "n9", "n10");

    private LinearWork() {}

    /**
     * What every node computes from the counter it reads.
     *
     * @param counter the counter in the state the node sees
     * @return the counter it writes
     */
    public static int next(int counter) {
        return counter + 1;
    }

    /**
     * Fails unless a run ended in W1's final state.
     *
     * @param counter the final counter
     * @param log the final log
     */
    public static void check(int counter, List<String> log) {
        Check.equal("W1 counter", NODES, counter);
        Check.equal("W1 log", NAMES, log);
    }
}
