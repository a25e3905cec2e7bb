package dev.switchboard.bench.loop;

import dev.switchboard.bench.Check;

/**
 * W3, a loop: one node, {@code agent}, increments the counter; a route sends control back to it
 * until the counter reaches {@link #ROUNDS}. One superstep per agent run.
 */
public final class LoopWork {
    /** Agent runs, and supersteps, per run of the graph. */
    public static final int ROUNDS = 1000;

    /** Well above the supersteps a run needs, so the loop ends by its route, not by the limit. */
    public static final int RECURSION_LIMIT = 10_000;

    private LoopWork() {}

    /**
     * What the agent computes.
     *
     * @param counter the counter it reads
     * @return the counter it writes
     */
    public static int next(int counter) {
        return counter + 1;
    }

    /**
     * The route's decision.
     *
     * @param counter the counter after the agent's write
     * @return whether the agent runs again
     */
    public static boolean again(int counter) {
        return counter < ROUNDS;
    }

    /**
     * Fails unless a run ended in W3's final state.
     *
     * @param counter the final counter
     */
    public static void check(int counter) {
        Check.equal("W3 counter", ROUNDS, counter);
    }
}
