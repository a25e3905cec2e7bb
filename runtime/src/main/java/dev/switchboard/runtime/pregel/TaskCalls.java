package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.NodeTimeoutException;
import dev.switchboard.runtime.RetryPolicy;
import dev.switchboard.runtime.Step;
import dev.switchboard.runtime.spi.TaskDef;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The task calls of a functional workflow's entrypoint (LangGraph's {@code task}s), each a durable
 * step of the entrypoint's task ({@link Steps}): answered from its record, and streamed as a cached
 * update, when the entrypoint runs again; otherwise streamed as a task, run on the graph's executor
 * with the task's retry policy and timeout, and recorded when it finishes. A failed call fails the
 * run when the entrypoint returns, even if the entrypoint caught the failure, as LangGraph fails a
 * superstep whose task failed.
 */
final class TaskCalls {
    private final RunScope scope;
    private final Execution execution;
    private final TaskContext context;
    private final Steps steps;
    private final RunEvents events;

    TaskCalls(RunScope scope, Execution execution, TaskContext context, Steps steps) {
        this.scope = scope;
        this.execution = execution;
        this.context = context;
        this.steps = steps;
        this.events = new RunEvents(scope.spec, scope.sink);
    }

    /** Calls a task; see {@link dev.switchboard.runtime.spi.TaskCaller}. */
    <T> CompletableFuture<T> call(TaskDef<T> def, List<Object> args, Step.Body<? extends T> body) {
        Step<T> step = Step.of(def.name(), def.result());
        int number = steps.begin(step);
        String id = callId(number);
        StepRecord recorded = execution.task.step(number);
        if (recorded != null) {
            T value = steps.replay(number, recorded, step);
            events.callEnd(id, def.name(), context.step(), value, null, true);
            return CompletableFuture.completedFuture(value);
        }
        events.callStart(id, def.name(), context.step(), args);
        CompletableFuture<T> call =
                CompletableFuture.supplyAsync(() -> run(number, step, def, id, body), scope.executor);
        execution.called(call);
        return call;
    }

    private <T> T run(int number, Step<T> step, TaskDef<T> def, String id, Step.Body<? extends T> body) {
        try {
            T value = steps.runAndRecord(number, step, () -> attempts(def, body));
            events.callEnd(id, def.name(), context.step(), value, null, false);
            return value;
        } catch (NodeInterrupt | ParentCommand signal) {
            throw signal; // a pause inside the task pauses the entrypoint; nothing is recorded
        } catch (RuntimeException | Error failure) {
            Throwable cause =
                    failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
            execution.callFailed(number, cause);
            events.callEnd(id, def.name(), context.step(), null, cause, false);
            throw failure;
        }
    }

    /** The body under the task's retry policy: LangGraph retries a task within its call. */
    private <T> T attempts(TaskDef<T> def, Step.Body<? extends T> body) throws Exception {
        RetryPolicy policy = def.retry();
        for (int attempt = 1; ; attempt++) {
            try {
                return def.timeout() == null ? body.call() : within(def, body);
            } catch (NodeInterrupt | ParentCommand signal) {
                throw signal;
            } catch (Exception e) {
                if (policy == null
                        || attempt >= policy.maxAttempts()
                        || !policy.retryOn().test(e)) {
                    throw e;
                }
                if (scope.cancellation.await(policy.delayBefore(attempt + 1))) {
                    throw new CancellationException(
                            "the run was cancelled while task '" + def.name() + "' waited to retry");
                }
            }
        }
    }

    /** One attempt on a pool thread, waited for up to the task's timeout. */
    private <T> T within(TaskDef<T> def, Step.Body<? extends T> body) throws Exception {
        Duration limit = def.timeout();
        Future<? extends T> attempt = RuntimePools.TIMED.submit(body::call);
        try {
            return attempt.get(limit.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            attempt.cancel(true);
            throw new NodeTimeoutException(def.name(), context.step(), limit);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Exception x) {
                throw x;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw e;
        } catch (InterruptedException e) {
            attempt.cancel(true);
            Thread.currentThread().interrupt();
            throw e;
        }
    }

    /** A call's id, derived from its entrypoint task's id and its number: the same on every run. */
    private String callId(int number) {
        String key = execution.task.id() + "|" + number;
        return Digests.nameUuid(key.getBytes(StandardCharsets.UTF_8)).toString();
    }

    /** Waits for the task calls of the execution's current attempt; their failures are the execution's. */
    static void awaitCalls(Execution execution) {
        for (CompletableFuture<?> call : execution.calls()) {
            try {
                call.join();
            } catch (CompletionException | CancellationException ignored) {
                // a failed call is the execution's failed call, if it is the first
            }
        }
    }
}
