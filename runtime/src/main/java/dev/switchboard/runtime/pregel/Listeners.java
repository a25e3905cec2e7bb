package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.Interrupt;
import dev.switchboard.runtime.RunInfo;
import dev.switchboard.runtime.RunListener;
import dev.switchboard.runtime.TaskInfo;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The {@link RunListener}s of a run, called in registration order, each isolated: a listener that
 * throws is logged once (per listener) and counted, and the others and the run go on. Absent
 * ({@code null} at call sites) when a graph has no listener, so that an unobserved run makes no
 * listener calls and builds no event objects.
 */
final class Listeners {
    private static final System.Logger LOG = System.getLogger(RunListener.class.getName());

    private final RunListener[] all;
    private final AtomicLong failures;
    private final Set<RunListener> reported;

    private Listeners(RunListener[] all, AtomicLong failures, Set<RunListener> reported) {
        this.all = all;
        this.failures = failures;
        this.reported = reported;
    }

    /** The listeners of a graph, or null for none. */
    static Listeners of(List<RunListener> listeners) {
        return listeners.isEmpty()
                ? null
                : new Listeners(listeners.toArray(RunListener[]::new), new AtomicLong(), ConcurrentHashMap.newKeySet());
    }

    /**
     * A subgraph run's listeners: its parent run's, which observe the whole tree, then its own graph's
     * that the parent does not have.
     */
    static Listeners nested(Listeners parent, Listeners own) {
        if (parent == null || own == null) {
            return parent == null ? own : parent;
        }
        Set<RunListener> merged = new LinkedHashSet<>(List.of(parent.all));
        merged.addAll(List.of(own.all));
        return merged.size() == parent.all.length
                ? parent
                : new Listeners(merged.toArray(RunListener[]::new), parent.failures, parent.reported);
    }

    /** How many listener calls threw. */
    long failures() {
        return failures.get();
    }

    static Duration since(long startNanos) {
        return Duration.ofNanos(System.nanoTime() - startNanos);
    }

    void runStarted(RunInfo run) {
        each("runStarted", (l, r, unused) -> l.runStarted(r), run, null);
    }

    void runEnded(RunInfo run, long startNanos, Throwable failure, boolean paused, List<Interrupt> interrupts) {
        Duration elapsed = since(startNanos);
        if (failure != null) {
            each("runFailed", l -> l.runFailed(run, failure, elapsed));
        } else if (paused) {
            each("runPaused", l -> l.runPaused(run, interrupts, elapsed));
        } else {
            each("runFinished", RunListener::runFinished, run, elapsed);
        }
    }

    void superstepStarted(RunInfo run, long step, List<String> nodes) {
        each("superstepStarted", l -> l.superstepStarted(run, step, nodes));
    }

    void taskStarted(TaskInfo task) {
        each("taskStarted", (l, t, unused) -> l.taskStarted(t), task, null);
    }

    void taskFinished(TaskInfo task, long startNanos) {
        each("taskFinished", RunListener::taskFinished, task, since(startNanos));
    }

    void taskRetried(TaskInfo task, Throwable error, long startNanos) {
        Duration elapsed = since(startNanos);
        each("taskRetried", l -> l.taskRetried(task, error, elapsed));
    }

    void taskFailed(TaskInfo task, Throwable error, long startNanos) {
        Duration elapsed = since(startNanos);
        each("taskFailed", l -> l.taskFailed(task, error, elapsed));
    }

    void taskInterrupted(TaskInfo task, List<Interrupt> interrupts, long startNanos) {
        Duration elapsed = since(startNanos);
        each("taskInterrupted", l -> l.taskInterrupted(task, interrupts, elapsed));
    }

    void taskCached(TaskInfo task) {
        each("taskCached", (l, t, unused) -> l.taskCached(t), task, null);
    }

    void checkpointStarted(RunInfo run, long step) {
        each("checkpointStarted", l -> l.checkpointStarted(run, step));
    }

    void checkpointSaved(RunInfo run, String checkpointId, long step, long startNanos) {
        Duration latency = since(startNanos);
        each("checkpointSaved", l -> l.checkpointSaved(run, checkpointId, step, latency));
    }

    /** A listener call with two arguments; a method reference or lambda that captures nothing is made once. */
    private interface Call<A, B> {
        void on(RunListener listener, A a, B b);
    }

    /**
     * {@link #each(String, Consumer)} for the events of every task and run, without a lambda that
     * captures the arguments: an observed run pays for the listeners, not for the plumbing.
     */
    private <A, B> void each(String event, Call<A, B> call, A a, B b) {
        for (RunListener listener : all) {
            try {
                call.on(listener, a, b);
            } catch (RuntimeException e) {
                failed(event, listener, e);
            }
        }
    }

    private void each(String event, Consumer<RunListener> call) {
        for (RunListener listener : all) {
            try {
                call.accept(listener);
            } catch (RuntimeException e) {
                failed(event, listener, e);
            }
        }
    }

    private void failed(String event, RunListener listener, RuntimeException e) {
        failures.incrementAndGet();
        if (reported.add(listener)) {
            LOG.log(
                    Level.WARNING,
                    "run listener " + listener.getClass().getName() + " threw from " + event
                            + "; the run goes on (reported once per listener, every failure counted)",
                    e);
        }
    }
}
