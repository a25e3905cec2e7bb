package dev.switchboard.micrometer;

import dev.switchboard.runtime.Interrupt;
import dev.switchboard.runtime.RunInfo;
import dev.switchboard.runtime.RunListener;
import dev.switchboard.runtime.TaskInfo;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A {@link RunListener} that reports runs, node executions and checkpoint writes as Micrometer
 * {@link Observation}s, so that a registry with a meter handler (Spring Boot's) records them as
 * timers: {@value #RUN} (tags {@code graph}, {@code outcome} = finished/paused/failed),
 * {@value #NODE} (tags {@code graph}, {@code node}, {@code outcome} =
 * finished/failed/retried/interrupted/cached) and {@value #CHECKPOINT} (tag {@code graph}). Tags
 * are low-cardinality only (no thread, task or checkpoint ids, which go to high-cardinality key
 * values for tracing handlers). Retries, failures and interrupts are also signalled as observation
 * events ({@code retry}, {@code failure}, {@code interrupt}), which meter handlers count.
 */
public final class MicrometerListener implements RunListener {
    /** The run observation's name. */
    public static final String RUN = "switchboard.run";
    /** The node execution observation's name. */
    public static final String NODE = "switchboard.node";
    /** The checkpoint write observation's name. */
    public static final String CHECKPOINT = "switchboard.checkpoint";

    private static final Observation.Event RETRY = Observation.Event.of("retry");
    private static final Observation.Event FAILURE = Observation.Event.of("failure");
    private static final Observation.Event INTERRUPT = Observation.Event.of("interrupt");

    private final ObservationRegistry registry;
    private final Map<String, Observation> runs = new ConcurrentHashMap<>();
    private final Map<String, Observation.Scope> tasks = new ConcurrentHashMap<>();
    private final Map<String, Observation> checkpoints = new ConcurrentHashMap<>();

    /**
     * Creates a listener reporting to a registry.
     *
     * @param registry the application's observation registry
     */
    public MicrometerListener(ObservationRegistry registry) {
        this.registry = Objects.requireNonNull(registry, "registry");
    }

    @Override
    public void runStarted(RunInfo run) {
        Observation observation = Observation.createNotStarted(RUN, registry)
                .contextualName("run " + run.graph())
                .lowCardinalityKeyValue("graph", run.graph())
                .highCardinalityKeyValue("run.id", run.runId());
        if (run.threadId() != null) {
            observation.highCardinalityKeyValue("thread.id", run.threadId());
        }
        runs.put(run.runId(), observation.start());
    }

    @Override
    public void runFinished(RunInfo run, Duration elapsed) {
        stopRun(run, "finished", null);
    }

    @Override
    public void runPaused(RunInfo run, List<Interrupt> interrupts, Duration elapsed) {
        stopRun(run, "paused", null);
    }

    @Override
    public void runFailed(RunInfo run, Throwable error, Duration elapsed) {
        stopRun(run, "failed", error);
    }

    @Override
    public void taskStarted(TaskInfo task) {
        Observation parent = runs.get(task.run().runId());
        Observation observation = Observation.createNotStarted(NODE, registry)
                .contextualName(task.node())
                .parentObservation(parent)
                .lowCardinalityKeyValue("graph", task.run().graph())
                .lowCardinalityKeyValue("node", task.node())
                .highCardinalityKeyValue("task.id", task.taskId())
                .highCardinalityKeyValue("step", Long.toString(task.step()))
                .start();
        tasks.put(key(task), observation.openScope());
    }

    @Override
    public void taskFinished(TaskInfo task, Duration elapsed) {
        stopTask(task, "finished", null, null);
    }

    @Override
    public void taskRetried(TaskInfo task, Throwable error, Duration elapsed) {
        stopTask(task, "retried", error, RETRY);
    }

    @Override
    public void taskFailed(TaskInfo task, Throwable error, Duration elapsed) {
        stopTask(task, "failed", error, FAILURE);
    }

    @Override
    public void taskInterrupted(TaskInfo task, List<Interrupt> interrupts, Duration elapsed) {
        stopTask(task, "interrupted", null, INTERRUPT);
    }

    @Override
    public void taskCached(TaskInfo task) {
        Observation.createNotStarted(NODE, registry)
                .contextualName(task.node())
                .parentObservation(runs.get(task.run().runId()))
                .lowCardinalityKeyValue("graph", task.run().graph())
                .lowCardinalityKeyValue("node", task.node())
                .lowCardinalityKeyValue("outcome", "cached")
                .start()
                .stop();
    }

    @Override
    public void checkpointStarted(RunInfo run, long step) {
        Observation observation = Observation.createNotStarted(CHECKPOINT, registry)
                .parentObservation(runs.get(run.runId()))
                .lowCardinalityKeyValue("graph", run.graph())
                .start();
        checkpoints.put(run.runId() + '#' + step, observation);
    }

    @Override
    public void checkpointSaved(RunInfo run, String checkpointId, long step, Duration latency) {
        Observation observation = checkpoints.remove(run.runId() + '#' + step);
        if (observation != null) {
            observation.highCardinalityKeyValue("checkpoint.id", checkpointId).stop();
        }
    }

    private void stopRun(RunInfo run, String outcome, Throwable error) {
        Observation observation = runs.remove(run.runId());
        if (observation == null) {
            return;
        }
        observation.lowCardinalityKeyValue("outcome", outcome);
        if (error != null) {
            observation.error(error);
        }
        observation.stop();
    }

    private void stopTask(TaskInfo task, String outcome, Throwable error, Observation.Event event) {
        Observation.Scope scope = tasks.remove(key(task));
        if (scope == null) {
            return;
        }
        Observation observation = scope.getCurrentObservation();
        scope.close();
        observation.lowCardinalityKeyValue("outcome", outcome);
        if (event != null) {
            observation.event(event);
        }
        if (error != null) {
            observation.error(error);
        }
        observation.stop();
    }

    private static String key(TaskInfo task) {
        return task.run().runId() + '/' + task.taskId() + '#' + task.attempt();
    }
}
