package dev.switchboard.runtime.pregel;

/**
 * One execution of a task in a run, which the {@link TaskRunner} creates and holds: the input the
 * node is called with, the context its first attempt uses, which attempt runs, and the counters
 * that belong to that attempt alone (interrupt calls, pause signals, subgraph calls). The {@link
 * Task} keeps only what outlives the execution and is stored (its writes, outcome, interrupts and
 * the resume values it consumed), so tasks and channels sit below the run, as LangGraph's {@code
 * _algo.py} sits below {@code _loop.py}.
 *
 * <p>A failed attempt clears its counters at once, so a retry or an error handler starts from the
 * same blank slate as the first attempt: interrupt and subgraph numbering must not drift across
 * attempts, or resume values and subgraph namespaces would no longer line up.
 */
final class Execution {
    final Task task;
    /** The node's input, read before the superstep's tasks start. */
    Object input;
    /** The context the node's input was read with, reused by its first attempt. */
    TaskContext context;
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
    /** Whether the current attempt's node call itself failed (so an error handler applies). */
    boolean nodeFailed;

    Execution(Task task) {
        this.task = task;
    }

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
