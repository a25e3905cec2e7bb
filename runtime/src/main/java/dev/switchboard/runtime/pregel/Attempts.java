package dev.switchboard.runtime.pregel;

/**
 * A task's per-attempt bookkeeping: which attempt runs, and the counters that belong to that
 * attempt alone (interrupt calls, pause signals, subgraph calls). Keeping them together means a
 * failed attempt clears all of them at once, so a retry or an error handler starts from the same
 * blank slate as the first attempt: interrupt and subgraph numbering must not drift across
 * attempts, or resume values and subgraph namespaces would no longer line up.
 */
final class Attempts {
    /** The current attempt, from 1. */
    int number = 1;
    /** How many interrupt calls the current attempt made. */
    int interruptCalls;
    /**
     * How many pause signals the current attempt raised (its own interrupts, or subgraphs it ran
     * through {@code NodeContext.invoke} that paused); more than the one that ends the task means
     * the node caught one.
     */
    int interruptsRaised;
    /** How many subgraphs the current attempt ran through {@code NodeContext.invoke}, for their namespaces. */
    int subgraphCalls;

    /** Forgets what the failed attempt counted; what runs next (retry or error handler) counts afresh. */
    void failed() {
        interruptCalls = 0;
        interruptsRaised = 0;
        subgraphCalls = 0;
    }

    /** Moves on to the next attempt after {@link #failed()}. */
    void retry() {
        number++;
    }
}
