package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.error.GraphException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

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
    /** {@link #run(Task)} as the body of a parallel step, made once rather than per step. */
    private final Consumer<Task> runOne = this::run;
    /** Reads each task's input in {@link #prepare}, on the loop's thread only, one task after another. */
    private final StateReader inputs;

    TaskRunner(RunScope scope, ChannelState state, TaskWrites writes, RunEvents events) {
        this.scope = scope;
        this.state = state;
        this.writes = writes;
        this.events = events;
        this.attempts = new NodeAttempts(scope, state, writes);
        this.inputs = new StateReader(scope.spec);
    }

    /**
     * Reads each task's input and announces the tasks, in task order, before any runs: LangGraph
     * emits a superstep's task events from its tick, so their order does not depend on threads.
     */
    void prepare(List<Task> tasks, Cursor cursor, int stop) {
        this.step = cursor.step;
        this.stop = stop;
        this.checkpointId = cursor.checkpointId;
        for (int i = 0; i < tasks.size(); i++) { // indexed: no iterator per step
            Task t = tasks.get(i);
            if (t.done() || t.node == 0) {
                continue;
            }
            t.context = new TaskContext(scope, t, step, stop);
            t.input =
                    t.isPush() ? t.payload : state.readWith(inputs, t, scope.spec.readSchema[t.node], t.context, false);
            events.taskStart(t, step);
        }
    }

    /** Runs the tasks that have not run yet, in parallel with the caller; see {@link ParallelTasks}. */
    void runAll(List<Task> tasks) {
        int n = 0;
        Task last = null;
        for (int i = 0; i < tasks.size(); i++) {
            if (!tasks.get(i).done()) {
                last = tasks.get(i);
                n++;
            }
        }
        running.set(n);
        deferred = null;
        if (n <= 1) {
            if (last != null) {
                run(last);
            }
            return;
        }
        ParallelTasks.run(n == tasks.size() ? tasks : notDone(tasks, n), scope.executor, runOne);
    }

    /** The tasks whose writes were not recovered from the checkpointer: a list only when some were. */
    private static List<Task> notDone(List<Task> tasks, int n) {
        List<Task> todo = new ArrayList<>(n);
        for (Task t : tasks) {
            if (!t.done()) {
                todo.add(t);
            }
        }
        return todo;
    }

    /** Runs one task; failures are kept on the task, never thrown. */
    private void run(Task t) {
        Task.Outcome outcome = Task.Outcome.RAN;
        try {
            if (t.node == 0) {
                Object input = state.channelValue(scope.spec.startChannel);
                writes.writeStart(t, input, new TaskContext(scope, t, step, stop));
                requirePauseNotCaught(t);
            } else {
                outcome = attempts.run(t, step, stop, checkpointId);
            }
        } catch (NodeInterrupt i) {
            t.discardWrites();
            if (t.interruptsRaised() > 1) {
                t.error = caughtPause(t.name); // it asked again after swallowing an earlier pause
            } else {
                outcome = Task.Outcome.PAUSED;
                t.interrupts = i.interrupts();
            }
        } catch (Throwable e) {
            t.error = e;
        }
        t.outcome = outcome;
        storeWrites(t, running.decrementAndGet() == 0);
        if (t.node != 0) {
            events.taskEnd(t, step);
        }
    }

    private void storeWrites(Task t, boolean last) {
        Persistence persistence = scope.persistence;
        if (persistence == null || t.error instanceof ParentCommand) {
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
    static void requirePauseNotCaught(Task t) {
        if (t.interruptsRaised() > 0) {
            throw caughtPause(t.name);
        }
    }

    static GraphException caughtPause(String name) {
        return new GraphException("node '" + name + "' asked to pause the run (NodeContext.interrupt, or a subgraph"
                + " it ran with NodeContext.invoke paused), but the signal that pauses it was caught inside the node"
                + " and the node went on, so the run could not pause; do not catch it: catch narrower exception types"
                + " than Exception, RuntimeException or Throwable around the call, or rethrow what you catch");
    }
}
