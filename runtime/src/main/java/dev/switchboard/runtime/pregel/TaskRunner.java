package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.error.GraphException;
import dev.switchboard.runtime.spi.EntrypointCall;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.ObjLongConsumer;

/**
 * Runs the tasks of one superstep: reads each task's input and announces it, runs the tasks in
 * parallel (each node through its {@link NodeAttempts}), stores each finished task's writes as
 * pending writes and streams its result. Failures stay on their task; the loop decides at the
 * barrier. Tasks read channels but never write them.
 *
 * <p>The writes of the task that finishes last are held back for the step's checkpoint, so that a
 * one-task step (the usual one) costs one transaction; see {@link Persistence#deferWrites}.
 */
final class TaskRunner {
    /**
     * How long a task may take and still count as short: one whose node ran longer last time starts
     * its step's helper threads at once; shorter ones run on the caller (see {@link #runAll}).
     */
    static final long SHORT_TASK_NANOS = 100_000;
    /**
     * How many of a node's tasks in a row must take longer before its steps start helpers at once:
     * two, so that one task the machine happened to preempt does not send a short node's steps back
     * to the thread hand-off.
     */
    static final int SLOW_AFTER = 2;

    private final RunScope scope;
    private final ChannelState state;
    private final TaskWrites writes;
    private final NodeAttempts attempts;
    private final RunEvents events;
    private int step;
    private int stop;
    private String checkpointId;
    /** Tasks of the step still running: the one that brings it to zero finished last. */
    private final AtomicInteger running = new AtomicInteger();
    /** The task whose writes are held back for the step's checkpoint, if any. */
    private Task deferred;
    /**
     * The executions of the step's tasks that run (those whose writes were not recovered), in task
     * order: one list serves every step, as the loop's list of tasks does.
     */
    private final ArrayList<Execution> executions = new ArrayList<>();
    /**
     * {@link #run(Execution)} as the body of a parallel step, made at the run's first such step
     * (a chain's runs have none) and kept for the others.
     */
    private Consumer<Execution> runOne;
    /** {@link #runTimed(Execution)}, the body of a parallel step on the default executor. */
    private Consumer<Execution> runTimedOne;
    /** {@link #took}, told of each task a step on the caller ran. */
    private ObjLongConsumer<Execution> tookOne;
    /**
     * Executions of earlier steps that {@link #recycle} kept, as a stack of {@link #spareCount},
     * for the next steps' tasks to run in; made at the first recycle.
     */
    private Execution[] spares;

    private int spareCount;
    /** Reads each task's input in {@link #prepare}, on the loop's thread only, one task after another. */
    private final StateReader inputs;

    TaskRunner(RunScope scope, ChannelState state, TaskWrites writes, RunEvents events, RunSpares spare) {
        this.scope = scope;
        if (spare != null) {
            this.spares = spare.executions;
            this.spareCount = spare.executionCount;
        }
        this.state = state;
        this.writes = writes;
        this.events = events;
        this.attempts = new NodeAttempts(scope, state, writes);
        this.inputs = new StateReader(scope.spec);
        scope.channels = state;
    }

    /**
     * Starts an execution of each task that has not run yet, reads its input and announces it, in
     * task order, before any runs: LangGraph emits a superstep's task events from its tick, so
     * their order does not depend on threads.
     */
    void prepare(List<Task> tasks, Cursor cursor, int stop) {
        this.step = cursor.step;
        this.stop = stop;
        this.checkpointId = cursor.checkpointId;
        executions.clear();
        executions.ensureCapacity(tasks.size()); // a fan-out's hundred sends: one array, not six grown ones
        for (int i = 0; i < tasks.size(); i++) { // indexed: no iterator per step
            Task t = tasks.get(i);
            if (t.done()) {
                continue;
            }
            Execution e = execution(t);
            e.checkpointId = checkpointId;
            executions.add(e);
            if (t.node == 0) {
                continue;
            }
            if (scope.spec.workflow) {
                EntrypointCall call = state.entrypointCall();
                e.input = call;
                events.taskStart(t, call.input(), step); // LangGraph shows the entrypoint's input itself
                continue;
            }
            e.input = t.isPush() ? t.payload : state.readWith(inputs, t, scope.spec.readSchema[t.node], e, false);
            events.taskStart(t, e.input, step);
        }
    }

    /**
     * Gives the tasks of the last step's executions that ran cleanly (one attempt, nothing counted,
     * never abandoned by a timeout) to the channel state for their nodes' next tasks to reuse, once
     * the step's barrier has passed. Only without a checkpointer: a saver may still hold a task
     * whose writes it stores later.
     */
    void recycle() {
        if (scope.persistence == null) {
            for (int i = 0; i < executions.size(); i++) {
                Execution e = executions.get(i);
                if (e.reusable()) {
                    state.recycle(e.task);
                    keep(e);
                }
            }
        }
        executions.clear();
    }

    private void keep(Execution e) {
        if (spares == null || spareCount == spares.length) {
            if (spareCount == SpareTasks.MAX_PUSHES) {
                return; // enough for most steps; a step of many sends does not pin them all for good
            }
            spares = Arrays.copyOf(spares == null ? new Execution[0] : spares, Math.max(4, spareCount * 2));
        }
        e.forget();
        spares[spareCount++] = e;
    }

    /** What this run leaves for the graph's next one, with its channel state {@code state} reset. */
    RunSpares spares(ChannelState state) {
        return new RunSpares(state, spares, spareCount);
    }

    /** An execution for task {@code t}: a spare one, reused, or a new one. */
    private Execution execution(Task t) {
        if (spareCount > 0) {
            Execution spare = spares[--spareCount];
            spares[spareCount] = null;
            return spare.reuse(t, scope, step, stop);
        }
        return new Execution(scope, t, step, stop);
    }

    /**
     * Runs the prepared executions: a single one on the caller; several in parallel with the
     * caller on the builder's executor. On the default executor, several run on the caller too
     * while their nodes' last tasks were short, since a thread hand-off costs more than such a task
     * (pool helpers still take over a step that overruns); a builder's own executor (a direct one,
     * one that carries context to its threads) is always used as given. See {@link ParallelTasks}.
     */
    void runAll() {
        int n = executions.size();
        if (scope.persistence != null) {
            running.set(n); // only a checkpointer asks which task finished last (a volatile write per step)
        }
        deferred = null;
        writes.runsOnThisThread();
        if (n <= 1) {
            if (n == 1) {
                run(executions.get(0));
            }
            return;
        }
        if (runOne == null) {
            runOne = this::run;
            runTimedOne = this::runTimed;
            tookOne = this::took;
        }
        if (scope.executor != RuntimePools.TASKS) {
            ParallelTasks.run(executions, scope.executor, runOne); // the builder's executor decides
        } else if (allShort()) {
            ParallelTasks.runOnCaller(executions, scope.executor, runOne, tookOne);
        } else {
            ParallelTasks.run(executions, scope.executor, runTimedOne);
        }
    }

    /**
     * Whether no task of the step runs a node whose last tasks were long ({@link
     * GraphSpec#longRuns}): then the step's tasks run on the caller, which costs less than handing
     * them to other threads, under {@link InlineWatch}'s eye in case one blocks after all.
     */
    private boolean allShort() {
        byte[] longRuns = scope.spec.longRuns;
        for (int i = 0; i < executions.size(); i++) {
            if (longRuns[executions.get(i).task.node] >= SLOW_AFTER) {
                return false;
            }
        }
        return true;
    }

    /** {@link #run(Execution)}, noting in {@link GraphSpec#longRuns} whether the task was short. */
    private void runTimed(Execution e) {
        long started = System.nanoTime();
        run(e);
        took(e, System.nanoTime() - started);
    }

    /** Counts in {@link GraphSpec#longRuns} whether a task that took {@code nanos} was short. */
    private void took(Execution e, long nanos) {
        byte[] longRuns = scope.spec.longRuns;
        int node = e.task.node;
        int runs = longRuns[node];
        int now = nanos <= SHORT_TASK_NANOS ? 0 : Math.min(runs + 1, SLOW_AFTER);
        if (now != runs) {
            longRuns[node] = (byte) now;
        }
    }

    /** Runs one task; failures are kept on the task, never thrown. */
    private void run(Execution e) {
        Task t = e.task;
        Task.Outcome outcome = Task.Outcome.RAN;
        try {
            if (t.node == 0) {
                Object input = state.channelValue(scope.spec.startChannel);
                writes.writeStart(t, input, e);
                requirePauseNotCaught(e);
            } else {
                outcome = attempts.run(e, step, stop, checkpointId);
            }
        } catch (NodeInterrupt i) {
            t.discardWrites();
            if (e.interruptsRaised() > 1) {
                t.error = caughtPause(t.name); // it asked again after swallowing an earlier pause
            } else {
                outcome = Task.Outcome.PAUSED;
                t.interrupts = i.interrupts();
            }
        } catch (Throwable failure) {
            t.error = failure;
        }
        t.outcome = outcome;
        if (scope.persistence != null) {
            storeWrites(t, running.decrementAndGet() == 0);
        }
        if (t.node != 0) {
            events.taskEnd(t, step);
        }
    }

    private void storeWrites(Task t, boolean last) {
        Persistence persistence = scope.persistence;
        if (t.error instanceof ParentCommand) {
            return;
        }
        try {
            if (last && persistence.defersWrites(checkpointId, t)) {
                persistence.deferWrites(checkpointId, t, t.id());
                deferred = t;
            } else {
                persistence.putWrites(checkpointId, t, t.id());
            }
        } catch (RuntimeException e) {
            if (t.error == null) {
                t.error = e;
            }
        }
    }

    /**
     * For a step that stores no checkpoint because a task failed or paused: stores the held-back
     * writes alone, so a resume does not run their task again. A failure to store them fails that
     * task, as it would have when it finished.
     */
    void storeDeferredWrites() {
        Task t = deferred;
        if (t == null) {
            return;
        }
        deferred = null;
        try {
            scope.persistence.storeDeferredWrites();
        } catch (RuntimeException e) {
            t.error = e;
        }
    }

    /**
     * A node that raised a pause signal and still returned caught the signal (with {@code catch
     * (Exception e)}, say): the run would go on as if nobody had asked, so the task fails instead.
     * Detecting it here catches every way of swallowing it, which making the signal an {@code Error}
     * would not ({@code catch (Throwable t)}).
     */
    static void requirePauseNotCaught(Execution e) {
        if (e.interruptsRaised() > 0) {
            throw caughtPause(e.task.name);
        }
    }

    static GraphException caughtPause(String name) {
        return new GraphException("node '" + name + "' asked to pause the run (NodeContext.interrupt, or a subgraph"
                + " it ran with NodeContext.invoke paused), but the signal that pauses it was caught inside the node"
                + " and the node went on, so the run could not pause; do not catch it: catch narrower exception types"
                + " than Exception, RuntimeException or Throwable around the call, or rethrow what you catch");
    }
}
