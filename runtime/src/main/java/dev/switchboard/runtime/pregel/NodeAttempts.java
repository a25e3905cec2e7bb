package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.NodeException;
import dev.switchboard.runtime.NodeTimeoutException;
import dev.switchboard.runtime.RetryPolicy;
import dev.switchboard.runtime.TaskInfo;
import dev.switchboard.runtime.internal.NodeDispatcher;
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
    Task.Outcome run(Task t, int step, int stop, String checkpointId) {
        String cacheKey = cacheKey(t);
        if (cacheKey != null && fromCache(t, cacheKey)) {
            if (scope.listeners != null) {
                scope.listeners.taskCached(scope.taskInfo(t, step, checkpointId));
            }
            return Task.Outcome.CACHED;
        }
        Task.Outcome outcome = runNode(t, step, stop, checkpointId);
        TaskRunner.requirePauseNotCaught(t);
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
    private Task.Outcome runNode(Task t, int step, int stop, String checkpointId) {
        RetryPolicy policy = policies.retry[t.node];
        Listeners listeners = scope.listeners;
        while (true) {
            // The first attempt reuses the context its input was read with; a retry gets a fresh
            // one, since a timed-out attempt's context is cut off.
            TaskContext ctx =
                    t.attemptNumber() == 1 && t.context != null ? t.context : new TaskContext(scope, t, step, stop);
            t.nodeFailed = false;
            TaskInfo info = listeners == null ? null : scope.taskInfo(t, step, checkpointId);
            long started = 0;
            if (info != null) {
                started = System.nanoTime();
                listeners.taskStarted(info);
            }
            try {
                writes.writeAll(t, result(t, ctx), ctx);
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
            } catch (RuntimeException e) {
                t.discardWrites();
                t.attempts().failed();
                Throwable cause = e instanceof NodeException && e.getCause() != null ? e.getCause() : e;
                if (policy != null
                        && t.attemptNumber() < policy.maxAttempts()
                        && policy.retryOn().test(cause)) {
                    if (info != null) {
                        listeners.taskRetried(info, cause, started);
                    }
                    awaitRetry(policy, t, e);
                    continue;
                }
                if (info != null) {
                    listeners.taskFailed(info, cause, started);
                }
                if (!t.nodeFailed || !spec.errorHandler[t.node]) {
                    throw e;
                }
                TaskContext handlerCtx = new TaskContext(scope, t, step, stop);
                writes.writeAll(t, handleError(t, cause, handlerCtx), handlerCtx);
                return Task.Outcome.HANDLED;
            }
        }
    }

    /** What the node returned, with a subgraph node's subgraph run and a command to the parent taken in. */
    private Object result(Task t, TaskContext ctx) {
        Object result;
        try {
            result = callNode(t, ctx);
        } catch (ParentCommand fromInside) {
            // A graph this node ran through NodeContext.invoke sent a command to its parent: to
            // this graph, it is this node's result.
            writes.writeCommand(t, fromInside.command());
            return NodeDispatcher.NO_WRITES;
        }
        if (result instanceof PregelGraph<?, ?, ?> subgraph) {
            result = Subgraphs.runNode(scope, state, t, subgraph);
            if (result instanceof dev.switchboard.runtime.Command<?> toParent) {
                writes.writeCommand(t, toParent); // the subgraph's Command.toParent(), for this graph
                return NodeDispatcher.NO_WRITES;
            }
        }
        return result;
    }

    /** Waits before the next attempt, or throws if the run was cancelled meanwhile. */
    private void awaitRetry(RetryPolicy policy, Task t, RuntimeException failure) {
        if (!waitBeforeRetry(policy.delayBefore(t.attemptNumber() + 1))) {
            // Not "attempts spent": no error handler, no fallback committed.
            throw scope.cancellation.cancelled()
                    ? new CancellationException("the run was cancelled while node '" + t.name + "' waited to retry")
                    : failure;
        }
        t.attempts().retry();
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

    private Object handleError(Task t, Throwable cause, TaskContext ctx) {
        try {
            return unwrap(scope.dispatcher.onError(t.node, t.input, cause, ctx));
        } catch (ExecutionException | CompletionException e) {
            throw NodeFailures.of(spec, t.node, ctx.step(), e.getCause() == null ? e : e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw NodeFailures.of(spec, t.node, ctx.step(), e);
        } catch (Exception e) {
            throw NodeFailures.of(spec, t.node, ctx.step(), e);
        }
    }

    // ---------------------------------------------------------------- cache

    /** The node cache key of a task of a cached node, or null if the node is not cached. */
    private String cacheKey(Task t) {
        if (policies.cacheTtl[t.node] == null) {
            return null;
        }
        return policies.keyPrefix + "/" + t.name + "/" + policies.codecs.inputDigest(t.node, t.input);
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

    private Object callNode(Task t, TaskContext ctx) {
        Duration limit = policies.timeout[t.node];
        if (limit != null) {
            return callNodeWithin(limit, t, ctx);
        }
        try {
            return unwrap(scope.dispatcher.node(t.node, t.input, ctx));
        } catch (ExecutionException | CompletionException e) {
            throw nodeFailure(t, ctx, e.getCause() == null ? e : e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw nodeFailure(t, ctx, e);
        } catch (Exception e) {
            throw nodeFailure(t, ctx, e);
        }
    }

    /**
     * Runs a node on a pool thread and stops waiting for it after {@code limit}: the task's own
     * thread cannot be taken back from a node that ignores interrupts, so the node never runs on it.
     */
    private Object callNodeWithin(Duration limit, Task t, TaskContext ctx) {
        long nanos = limit.compareTo(Duration.ofNanos(Long.MAX_VALUE)) >= 0 ? Long.MAX_VALUE : limit.toNanos();
        AtomicReference<CompletableFuture<?>> returned = new AtomicReference<>();
        Future<Object> future = RuntimePools.TIMED.submit(() -> {
            Object r = scope.dispatcher.node(t.node, t.input, ctx);
            if (r instanceof CompletableFuture<?> f) {
                returned.set(f);
            }
            return unwrap(r);
        });
        try {
            return future.get(nanos, TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            ctx.abandon();
            future.cancel(true);
            CompletableFuture<?> pendingCall = returned.get();
            if (pendingCall != null) {
                pendingCall.cancel(true);
            }
            t.nodeFailed = true;
            throw new NodeTimeoutException(t.name, ctx.step(), limit);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            if ((cause instanceof ExecutionException || cause instanceof CompletionException)
                    && cause.getCause() != null) {
                cause = cause.getCause(); // the node returned a future that failed
            }
            if (cause instanceof Error error) {
                throw error;
            }
            throw nodeFailure(t, ctx, cause);
        } catch (InterruptedException e) {
            ctx.abandon();
            future.cancel(true);
            Thread.currentThread().interrupt();
            throw nodeFailure(t, ctx, e);
        }
    }

    /** What a node returned, with a future's value awaited. */
    private static Object unwrap(Object result) throws InterruptedException, ExecutionException {
        if (result instanceof CompletableFuture<?> future) {
            return future.get();
        }
        return result;
    }

    private RuntimeException nodeFailure(Task t, TaskContext ctx, Throwable cause) {
        RuntimeException e = NodeFailures.of(spec, t.node, ctx.step(), cause);
        t.nodeFailed = e instanceof NodeException;
        return e;
    }
}
