package dev.switchboard.runtime;

import java.time.Duration;
import java.util.List;

/**
 * Callbacks a graph makes as its runs progress, for tracing, metrics and logs. Register listeners
 * on the builder ({@code XxxGraph.builder(nodes).listener(l)}); several may be registered and each
 * sees every event in registration order. Every method has an empty default, so a listener
 * overrides only what it needs.
 *
 * <p>Threads: run and checkpoint callbacks come on the thread running the superstep loop; task
 * callbacks ({@link #taskStarted} to {@link #taskFinished}/{@link #taskFailed}/{@link
 * #taskInterrupted}) come on the thread that runs the node, so a listener may set thread-local
 * context in {@code taskStarted} (a tracing span, an MDC entry) that the node's own code sees, and
 * clear it in the matching end callback. A subgraph's run starts on its parent node's thread.
 *
 * <p>A listener must be fast and must not block: it runs inside the superstep. A listener that
 * throws never breaks a run: the exception is logged once per listener and counted, and the run
 * goes on. With no listener registered, the runtime makes no calls at all.
 */
public interface RunListener {

    /**
     * A run starts (an invoke, a stream, a resume; also each subgraph invocation).
     *
     * @param run the run
     */
    default void runStarted(RunInfo run) {}

    /**
     * A run finished: no more tasks.
     *
     * @param run the run
     * @param elapsed since {@link #runStarted}
     */
    default void runFinished(RunInfo run, Duration elapsed) {}

    /**
     * A run stopped at an interrupt or breakpoint; it continues when resumed, as a new run.
     *
     * @param run the run
     * @param interrupts the pending interrupts (empty at a static breakpoint)
     * @param elapsed since {@link #runStarted}
     */
    default void runPaused(RunInfo run, List<Interrupt> interrupts, Duration elapsed) {}

    /**
     * A run failed: the exception is about to be thrown to the caller.
     *
     * @param run the run
     * @param error what failed it
     * @param elapsed since {@link #runStarted}
     */
    default void runFailed(RunInfo run, Throwable error, Duration elapsed) {}

    /**
     * A superstep begins, its tasks prepared.
     *
     * @param run the run
     * @param step the superstep number
     * @param nodes the node of each task, in task order
     */
    default void superstepStarted(RunInfo run, long step, List<String> nodes) {}

    /**
     * A task's attempt starts, on the thread that runs the node.
     *
     * @param task the task and attempt
     */
    default void taskStarted(TaskInfo task) {}

    /**
     * A task's attempt succeeded, on the node's thread.
     *
     * @param task the task and attempt
     * @param elapsed the attempt's duration
     */
    default void taskFinished(TaskInfo task, Duration elapsed) {}

    /**
     * A task's attempt failed and will be retried after a delay (its retry policy allows it).
     *
     * @param task the failed attempt
     * @param error the attempt's exception
     * @param elapsed the attempt's duration
     */
    default void taskRetried(TaskInfo task, Throwable error, Duration elapsed) {}

    /**
     * A task failed for good (no retry left, or the error is not retried), on the node's thread.
     *
     * @param task the last attempt
     * @param error the exception
     * @param elapsed the attempt's duration
     */
    default void taskFailed(TaskInfo task, Throwable error, Duration elapsed) {}

    /**
     * A task paused the run with {@code interrupt()}, on the node's thread.
     *
     * @param task the task
     * @param interrupts what it raised
     * @param elapsed the attempt's duration
     */
    default void taskInterrupted(TaskInfo task, List<Interrupt> interrupts, Duration elapsed) {}

    /**
     * A task's writes came from the node cache: the node did not run.
     *
     * @param task the task
     */
    default void taskCached(TaskInfo task) {}

    /**
     * A checkpoint is about to be written to the saver (on the thread that writes it: the loop's,
     * or the checkpoint writer's under {@code Durability.ASYNC}); {@link #checkpointSaved} follows
     * on the same thread once the saver returns.
     *
     * @param run the run
     * @param step the checkpoint's superstep
     */
    default void checkpointStarted(RunInfo run, long step) {}

    /**
     * A checkpoint was written to the saver.
     *
     * @param run the run
     * @param checkpointId the new checkpoint's id
     * @param step its superstep
     * @param latency how long the saver took
     */
    default void checkpointSaved(RunInfo run, String checkpointId, long step, Duration latency) {}
}
