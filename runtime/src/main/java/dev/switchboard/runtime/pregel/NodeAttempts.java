package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.NodeException;
import dev.switchboard.runtime.NodeTimeoutException;
import dev.switchboard.runtime.RetryPolicy;
import dev.switchboard.runtime.TaskInfo;
import dev.switchboard.runtime.spi.EntrypointCall;
import dev.switchboard.runtime.spi.NodeDispatcher;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Calls a node until it has an outcome, with its policies: the node cache first, then attempts
 * under its retry policy and timeout, then its {@code @OnError} handler once the attempts are
 * spent. A failed attempt's writes are dropped and the next attempt sees the same input; only what
 * the node itself produced is cached.
 */
final class NodeAttempts {
    private final RunScope scope;
    private final GraphSpec spec;
    private final ChannelState state;
    private final TaskWrites writes;
    private final NodePolicies policies;

    NodeAttempts(RunScope scope, ChannelState state, TaskWrites writes) {
        this.scope = scope;
        this.spec = scope.spec;
        this.state = state;
        this.writes = writes;
        this.policies = scope.policies;
    }

    /**
     * Runs a node's task of superstep {@code step}, which started from checkpoint {@code
     * checkpointId} (for listeners); its failure is thrown, its pause too.
     */
    Task.Outcome run(Execution e, int step, int stop, String checkpointId) {
        Task t = e.task;
        String cacheKey = cacheKey(e);
        if (cacheKey != null && fromCache(t, cacheKey)) {
            if (scope.listeners != null) {
                scope.listeners.taskCached(scope.taskInfo(t, e.number, step, checkpointId));
            }
            return Task.Outcome.CACHED;
        }
        Task.Outcome outcome = runNode(e, step, stop, checkpointId);
        TaskRunner.requirePauseNotCaught(e);
        if (cacheKey != null && outcome != Task.Outcome.HANDLED && !writesUntracked(t)) {
            // Only what the node itself produced is cached, never an error handler's fallback.
            policies.cache.put(cacheKey, policies.codecs.encodeTaskWrites(t), policies.cacheTtl[t.node]);
        }
        return outcome;
    }

    /**
     * Runs a node and writes what it returned, its edges and its routes, with its retry policy.
     * When the attempts are spent, a failure of the node itself (not of its routes) goes to its
     * error handler, if it has one.
     */
    private Task.Outcome runNode(Execution e, int step, int stop, String checkpointId) {
        Task t = e.task;
        RetryPolicy policy = policies.retry[t.node];
        Listeners listeners = scope.listeners;
        while (true) {
            // The first attempt reuses the context its input was read with; a retry gets a fresh
            // one, since a timed-out attempt's context is cut off.
            TaskContext ctx = e.number == 1 ? e : new TaskContext(scope, e, step, stop);
            e.nodeFailed = false;
            TaskInfo info = listeners == null ? null : scope.taskInfo(t, e.number, step, checkpointId);
            long started = 0;
            if (info != null) {
                started = System.nanoTime();
                listeners.taskStarted(info);
            }
            try {
                writes.writeAll(t, result(e, ctx), ctx);
                if (info != null) {
                    listeners.taskFinished(info, started);
                }
                return Task.Outcome.RAN;
            } catch (NodeInterrupt pause) {
                if (info != null) {
                    listeners.taskInterrupted(info, pause.interrupts(), started);
                }
                throw pause;
            } catch (ParentCommand signal) {
                if (info != null) {
                    listeners.taskFinished(info, started);
                }
                throw signal;
            } catch (RuntimeException failure) {
                t.discardWrites();
                e.failed();
                Throwable cause =
                        failure instanceof NodeException && failure.getCause() != null ? failure.getCause() : failure;
                if (policy != null
                        && e.number < policy.maxAttempts()
                        && policy.retryOn().test(cause)) {
                    if (info != null) {
                        listeners.taskRetried(info, cause, started);
                    }
                    awaitRetry(policy, e, failure);
                    continue;
                }
                if (info != null) {
                    listeners.taskFailed(info, cause, started);
                }
                if (!e.nodeFailed || !spec.errorHandler[t.node]) {
                    throw failure;
                }
                TaskContext handlerCtx = new TaskContext(scope, e, step, stop);
                writes.writeAll(t, handleError(e, cause, handlerCtx), handlerCtx);
                return Task.Outcome.HANDLED;
            }
        }
    }

    /** What the node returned, with a subgraph node's subgraph run and a command to the parent taken in. */
    private Object result(Execution e, TaskContext ctx) {
        Task t = e.task;
        Object result;
        try {
            result = spec.workflow ? callEntrypoint(e, ctx) : callNode(e, ctx);
        } catch (ParentCommand fromInside) {
            // A graph this node ran through NodeContext.invoke sent a command to its parent: to
            // this graph, it is this node's result.
            writes.writeCommand(t, fromInside.command());
            return NodeDispatcher.NO_WRITES;
        }
        if (result instanceof PregelGraph<?, ?, ?> subgraph) {
            result = Subgraphs.runNode(scope, state, e, subgraph);
            if (result instanceof dev.switchboard.runtime.Command<?> toParent) {
                writes.writeCommand(t, toParent); // the subgraph's Command.toParent(), for this graph
                return NodeDispatcher.NO_WRITES;
            }
        }
        return result;
    }

    /**
     * Calls a workflow's entrypoint, then waits for the task calls it did not wait for, whether it
     * returned or failed, so that every finished call is recorded before the attempt ends; a call
     * that failed fails the entrypoint, caught by it or not, as LangGraph fails the superstep.
     */
    private Object callEntrypoint(Execution e, TaskContext ctx) {
        Object result;
        try {
            result = callNode(e, ctx);
        } finally {
            if (!ctx.abandoned()) {
                TaskCalls.awaitCalls(e);
            }
        }
        Throwable failedCall = e.failedCall();
        if (failedCall != null) {
            throw nodeFailure(e, ctx, failedCall);
        }
        return result;
    }

    /** Waits before the next attempt, or throws if the run was cancelled meanwhile. */
    private void awaitRetry(RetryPolicy policy, Execution e, RuntimeException failure) {
        if (!waitBeforeRetry(policy.delayBefore(e.number + 1))) {
            // Not "attempts spent": no error handler, no fallback committed.
            throw scope.cancellation.cancelled()
                    ? new CancellationException(
                            "the run was cancelled while node '" + e.task.name + "' waited to retry")
                    : failure;
        }
        e.retry();
    }

    /** Sleeps before a retry; false if the run was cancelled or the thread interrupted meanwhile. */
    private boolean waitBeforeRetry(Duration delay) {
        if (scope.cancellation.cancelled()) {
            return false;
        }
        try {
            if (scope.cancellation.await(delay)) {
                return false;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        return !scope.cancellation.cancelled();
    }

    private Object handleError(Execution e, Throwable cause, TaskContext ctx) {
        int node = e.task.node;
        try {
            return unwrap(scope.dispatcher.onError(node, e.input, cause, ctx));
        } catch (ExecutionException | CompletionException x) {
            throw NodeFailures.of(spec, node, ctx.step(), x.getCause() == null ? x : x.getCause());
        } catch (InterruptedException x) {
            Thread.currentThread().interrupt();
            throw NodeFailures.of(spec, node, ctx.step(), x);
        } catch (Exception x) {
            throw NodeFailures.of(spec, node, ctx.step(), x);
        }
    }

    // ---------------------------------------------------------------- cache

    /** The node cache key of a task of a cached node, or null if the node is not cached. */
    private String cacheKey(Execution e) {
        Task t = e.task;
        if (policies.cacheTtl[t.node] == null) {
            return null;
        }
        Object input = e.input instanceof EntrypointCall call ? call.input() : e.input;
        return policies.keyPrefix + "/" + t.name + "/" + policies.codecs.inputDigest(t.node, input);
    }

    private boolean writesUntracked(Task t) {
        for (int i = 0; i < t.writeCount; i++) {
            if (!spec.channels[t.writeChannels[i]].tracked()) {
                return true;
            }
        }
        return false;
    }

    /** Takes a cached task's writes; false on a miss. */
    private boolean fromCache(Task t, String key) {
        try {
            Optional<byte[]> hit = policies.cache.get(key);
            if (hit.isEmpty() || !policies.codecs.decodeTaskWrites(hit.get(), t)) {
                return false;
            }
        } catch (RuntimeException unreadable) {
            t.discardWrites();
            return false; // a store or format problem is a miss, never the task's failure
        }
        return true;
    }

    // ---------------------------------------------------------------- calls

    /** The graph a subgraph node runs (its method only returns it), or {@code null}. */
    static PregelGraph<?, ?, ?> subgraphOf(RunScope scope, Task t, TaskContext ctx) {
        try {
            Object graph = scope.dispatcher.node(t.node, null, ctx);
            return graph instanceof PregelGraph<?, ?, ?> g ? g : null;
        } catch (Exception e) {
            throw NodeFailures.of(scope.spec, t.node, ctx.step(), e);
        }
    }

    private Object callNode(Execution e, TaskContext ctx) {
        Duration limit = policies.timeout[e.task.node];
        if (limit != null) {
            return callNodeWithin(limit, e, ctx);
        }
        try {
            return unwrap(scope.dispatcher.node(e.task.node, e.input, ctx));
        } catch (ExecutionException | CompletionException x) {
            throw nodeFailure(e, ctx, x.getCause() == null ? x : x.getCause());
        } catch (InterruptedException x) {
            Thread.currentThread().interrupt();
            throw nodeFailure(e, ctx, x);
        } catch (Exception x) {
            throw nodeFailure(e, ctx, x);
        }
    }

    /**
     * Runs a node on a pool thread and stops waiting for it after {@code limit}: the task's own
     * thread cannot be taken back from a node that ignores interrupts, so the node never runs on it.
     */
    private Object callNodeWithin(Duration limit, Execution e, TaskContext ctx) {
        Task t = e.task;
        long nanos = limit.compareTo(Duration.ofNanos(Long.MAX_VALUE)) >= 0 ? Long.MAX_VALUE : limit.toNanos();
        AtomicReference<CompletableFuture<?>> returned = new AtomicReference<>();
        Future<Object> future = RuntimePools.TIMED.submit(() -> {
            Object r = scope.dispatcher.node(t.node, e.input, ctx);
            if (r instanceof CompletableFuture<?> f) {
                returned.set(f);
            }
            return unwrap(r);
        });
        try {
            return future.get(nanos, TimeUnit.NANOSECONDS);
        } catch (TimeoutException x) {
            ctx.abandon();
            future.cancel(true);
            CompletableFuture<?> pendingCall = returned.get();
            if (pendingCall != null) {
                pendingCall.cancel(true);
            }
            e.nodeFailed = true;
            throw new NodeTimeoutException(t.name, ctx.step(), limit);
        } catch (ExecutionException x) {
            Throwable cause = x.getCause() == null ? x : x.getCause();
            if ((cause instanceof ExecutionException || cause instanceof CompletionException)
                    && cause.getCause() != null) {
                cause = cause.getCause(); // the node returned a future that failed
            }
            if (cause instanceof Error error) {
                throw error;
            }
            throw nodeFailure(e, ctx, cause);
        } catch (InterruptedException x) {
            ctx.abandon();
            future.cancel(true);
            Thread.currentThread().interrupt();
            throw nodeFailure(e, ctx, x);
        }
    }

    /** What a node returned, with a future's value awaited. */
    private static Object unwrap(Object result) throws InterruptedException, ExecutionException {
        if (result instanceof CompletableFuture<?> future) {
            return future.get();
        }
        return result;
    }

    private RuntimeException nodeFailure(Execution e, TaskContext ctx, Throwable cause) {
        RuntimeException failure = NodeFailures.of(spec, e.task.node, ctx.step(), cause);
        e.nodeFailed = failure instanceof NodeException;
        return failure;
    }
}
