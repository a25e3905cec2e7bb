package dev.switchboard.runtime.spi;

import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.Step;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * How a generated {@code <Class>Tasks} calls a task for its entrypoint: the context of the
 * entrypoint's task implements it. A call is a durable step of that task (numbered when called,
 * answered from its record when the entrypoint runs again) that runs on the graph's executor with
 * the task's policies, is streamed as a task, and fails the run if it fails.
 *
 * <p>Service provider interface, for code the Switchboard processor generates and for extension
 * modules that build graphs without it; not for application code. Compatible within a release
 * line, as the {@linkplain dev.switchboard.runtime.spi package} promises.
 */
public interface TaskCaller {
    /**
     * Calls a task.
     *
     * @param task the task
     * @param args its arguments, as the {@code tasks} stream shows its input
     * @param body calls the task method
     * @param <T> the result type
     * @return the result's future
     */
    <T> CompletableFuture<T> call(TaskDef<T> task, List<Object> args, Step.Body<? extends T> body);

    /**
     * The caller behind an entrypoint's context.
     *
     * @param context the context the entrypoint was given
     * @return the caller
     * @throws IllegalStateException if the context is not a run's
     */
    static TaskCaller of(NodeContext context) {
        if (context instanceof TaskCaller caller) {
            return caller;
        }
        throw new IllegalStateException("tasks are called from the entrypoint of a running workflow; got " + context);
    }
}
