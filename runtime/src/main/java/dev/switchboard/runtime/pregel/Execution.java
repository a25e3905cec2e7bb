package dev.switchboard.runtime.pregel;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * One execution of a task in a run, which the {@link TaskRunner} creates and holds: the input the
 * node is called with, which attempt runs, and the counters
 * that belong to that attempt alone (interrupt calls, pause signals, subgraph calls, durable
 * steps). The {@link Task} keeps only what outlives the execution and is stored (its writes,
 * outcome, interrupts, the resume values it consumed and the steps it recorded), so tasks and
 * channels sit below the run, as LangGraph's {@code _algo.py} sits below {@code _loop.py}.
 *
 * <p>A failed attempt clears its counters at once, so a retry or an error handler starts from the
 * same blank slate as the first attempt: interrupt, subgraph and step numbering must not drift
 * across attempts, or resume values, subgraph namespaces and step records would no longer line up.
 */
final class Execution extends TaskContext {
    /** The task this runs; set anew only when a finished execution is reused ({@link #reuse}). */
    Task task;
    /** The node's input, read before the superstep's tasks start (with this as its context). */
    Object input;
    /** The checkpoint the task's step started from, which its records are stored against; null outside a run. */
    String checkpointId;
    /** The current attempt, from 1. */
    int number = 1;
    /** Whether the current attempt's node call itself failed (so an error handler applies). */
    boolean nodeFailed;
    /**
     * The current attempt's counters; created when one first counts (most tasks count nothing).
     * Written under the lock, volatile so that the common check finds it null without the lock.
     */
    private volatile Counters counters;

    /** An execution of {@code task} in superstep {@code step}, which is also its first attempt's context. */
    Execution(RunScope scope, Task task, int step, int stop) {
        super(scope, step, stop);
        this.task = task;
    }

    /** What the current attempt counted. */
    static final class Counters {
        /** How many interrupt calls the attempt made. */
        int interruptCalls;
        /**
         * How many pause signals the attempt raised (its own interrupts, or subgraphs it ran through
         * {@code NodeContext.invoke} that paused); more than the one that ends the task means the
         * node caught one.
         */
        int interruptsRaised;
        /** How many subgraphs the attempt ran through {@code NodeContext.invoke}, for their namespaces. */
        int subgraphCalls;
        /** How many durable steps the attempt asked for: the number of the next one. */
        int stepCalls;
        /** A workflow entrypoint's task calls in this attempt, which all end before the entrypoint does. */
        List<CompletableFuture<?>> calls;
        /** The failure of the attempt's first failed task call, by call number; it fails the entrypoint. */
        Throwable failedCall;

        int failedCallNumber;
    }

    /** The current attempt's counters, for counting. */
    synchronized Counters counters() {
        if (counters == null) {
            counters = new Counters();
        }
        return counters;
    }

    /** How many pause signals the current attempt raised; see {@link Counters#interruptsRaised}. */
    int interruptsRaised() {
        if (counters == null) {
            return 0; // the usual task: it never counted, and takes no lock to say so
        }
        synchronized (this) {
            return counters == null ? 0 : counters.interruptsRaised;
        }
    }

    /** The number of the durable step asked for now, from 0 in each attempt: steps are matched by it. */
    synchronized int nextStep() {
        return counters().stepCalls++;
    }

    /** Keeps a workflow task call of this attempt, to wait for it when the entrypoint returns. */
    synchronized void called(CompletableFuture<?> call) {
        Counters c = counters();
        if (c.calls == null) {
            c.calls = new ArrayList<>();
        }
        c.calls.add(call);
    }

    /** A task call failed: the first by number is what the entrypoint fails with. */
    synchronized void callFailed(int number, Throwable failure) {
        Counters c = counters();
        if (c.failedCall == null || number < c.failedCallNumber) {
            c.failedCall = failure;
            c.failedCallNumber = number;
        }
    }

    /** The task calls of this attempt so far. */
    synchronized List<CompletableFuture<?>> calls() {
        return counters == null || counters.calls == null ? List.of() : List.copyOf(counters.calls);
    }

    /** The failure of this attempt's first failed task call, or {@code null}. */
    synchronized Throwable failedCall() {
        return counters == null ? null : counters.failedCall;
    }

    /** Forgets what the failed attempt counted; what runs next (retry or error handler) counts afresh. */
    synchronized void failed() {
        counters = null;
    }

    /**
     * Whether this execution's task may be reused once its step is over: the first attempt ran it
     * to the end, counted nothing and was not cut off, so no late call can still reach the task.
     */
    boolean reusable() {
        return number == 1 && !nodeFailed && counters == null && !abandoned() && keptNothing() && task.reusable();
    }

    /**
     * This {@link #reusable} execution, after its step, as the first attempt of {@code task} in
     * step {@code step} of the run of {@code scope}: a step's tasks then allocate no executions.
     */
    Execution reuse(Task task, RunScope scope, int step, int stop) {
        if (this.task != task) { // a node's next task is usually its last one (see TaskContext#rebind)
            this.task = task;
        }
        rebind(scope, step, stop);
        input = null;
        checkpointId = null;
        return this;
    }

    /** Drops what the finished execution read, so a spare one keeps no state alive. */
    void forget() {
        input = null;
    }

    /** Moves on to the next attempt after {@link #failed()}. */
    void retry() {
        number++;
    }
}
