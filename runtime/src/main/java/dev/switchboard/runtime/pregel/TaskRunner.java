package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.InvalidRouteException;
import dev.switchboard.runtime.InvalidUpdateException;
import dev.switchboard.runtime.NodeException;
import dev.switchboard.runtime.NodeTimeoutException;
import dev.switchboard.runtime.RetryPolicy;
import dev.switchboard.runtime.Send;
import dev.switchboard.runtime.StateUpdate;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.StreamPart;
import dev.switchboard.runtime.TaskInfo;
import dev.switchboard.runtime.channel.Channel;
import dev.switchboard.runtime.checkpoint.ReservedNames;
import dev.switchboard.runtime.error.ErrorCode;
import dev.switchboard.runtime.error.GraphException;
import dev.switchboard.runtime.internal.GeneratedUpdate;
import dev.switchboard.runtime.internal.NodeDispatcher;
import dev.switchboard.runtime.pregel.GraphSpec.RouteSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs the tasks of one superstep and turns what each node returns into channel writes: its update,
 * a command's gotos and sends, its static edges, and the destinations its routes pick (routes see
 * the state with the task's own writes applied). Tasks read channels but never write them; writes
 * are applied by the loop at the barrier.
 */
final class TaskRunner {
    private final PregelLoop loop;
    private final GraphSpec spec;
    private final NodeDispatcher dispatcher;
    private final Executor executor;
    private final NodePolicies policies;

    TaskRunner(PregelLoop loop, NodeDispatcher dispatcher, Executor executor, NodePolicies policies) {
        this.loop = loop;
        this.policies = policies;
        this.spec = loop.spec;
        this.dispatcher = dispatcher;
        this.executor = executor;
    }

    /**
     * Reads each task's input and announces the tasks, in task order, before any runs: LangGraph
     * emits a superstep's task events from its tick, so their order does not depend on threads.
     */
    void prepare(List<Task> tasks) {
        for (Task t : tasks) {
            if (t.done() || t.node == 0) {
                continue;
            }
            t.context = new TaskContext(loop, t, spec.nodeNames[t.node], loop.step);
            t.input = loop.input(t, t.context);
            emitStart(t, t.input);
        }
    }

    /**
     * Runs the tasks that have not run yet, in parallel with the caller; see {@link ParallelTasks}.
     */
    void runAll(List<Task> tasks) {
        List<Task> todo = new ArrayList<>(tasks.size());
        for (Task t : tasks) {
            if (!t.done()) {
                todo.add(t);
            }
        }
        int n = todo.size();
        if (n <= 1) {
            if (n == 1) {
                run(todo.get(0));
            }
            return;
        }
        ParallelTasks.run(todo, executor, this::run);
    }

    /** Runs one task; failures are kept on the task, never thrown. */
    void run(Task t) {
        String name = spec.nodeNames[t.node];
        Task.Outcome outcome = Task.Outcome.RAN;
        try {
            if (t.node == 0) {
                writeInput(t, loop.channelValue(spec.startChannel), name);
                writeEdges(t);
                writeRoutes(t, new TaskContext(loop, t, name, loop.step), name);
                requirePauseNotCaught(t, name);
            } else {
                String cacheKey = cacheKey(t, name);
                if (cacheKey != null && fromCache(t, cacheKey)) {
                    outcome = Task.Outcome.CACHED;
                    if (loop.listeners != null) {
                        loop.listeners.taskCached(loop.taskInfo(t, name));
                    }
                } else {
                    outcome = runNode(t, name);
                    requirePauseNotCaught(t, name);
                    if (cacheKey != null && outcome != Task.Outcome.HANDLED && !writesUntracked(t)) {
                        // Only what the node itself produced is cached, never an error handler's fallback.
                        policies.cache.put(cacheKey, policies.codecs.encodeTaskWrites(t), policies.cacheTtl[t.node]);
                    }
                }
            }
        } catch (NodeInterrupt i) {
            t.discardWrites();
            if (t.attempts.interruptsRaised > 1) {
                t.error = caughtPause(name); // it asked again after swallowing an earlier pause
            } else {
                outcome = Task.Outcome.PAUSED;
                t.interrupts = i.interrupts();
            }
        } catch (Throwable e) {
            t.error = e;
        }
        t.outcome = outcome;
        if (loop.persistence != null && !(t.error instanceof ParentCommand)) {
            try {
                loop.persistence.putWrites(loop.checkpointId, t, loop.taskId(t));
            } catch (RuntimeException e) {
                if (t.error == null) {
                    t.error = e;
                }
            }
        }
        if (t.node != 0) {
            emitEnd(t, name);
        }
    }

    /**
     * A node that raised a pause signal and still returned caught the signal (with {@code catch
     * (Exception e)}, say): the run would go on as if nobody had asked, so the task fails instead.
     * Detecting it here catches every way of swallowing it, which making the signal an {@code Error}
     * would not ({@code catch (Throwable t)}).
     */
    private static void requirePauseNotCaught(Task t, String name) {
        if (t.attempts.interruptsRaised > 0) {
            throw caughtPause(name);
        }
    }

    private static GraphException caughtPause(String name) {
        return new GraphException("node '" + name + "' asked to pause the run (NodeContext.interrupt, or a subgraph"
                + " it ran with NodeContext.invoke paused), but the signal that pauses it was caught inside the node"
                + " and the node went on, so the run could not pause; do not catch it: catch narrower exception types"
                + " than Exception, RuntimeException or Throwable around the call, or rethrow what you catch");
    }

    /**
     * Runs a node and writes what it returned, its edges and its routes, with its retry policy: a
     * failed attempt's writes are dropped and the next attempt sees the same input. When the
     * attempts are spent, a failure of the node itself (not of its routes) goes to its error
     * handler, if it has one.
     */
    private Task.Outcome runNode(Task t, String name) {
        RetryPolicy policy = policies.retry[t.node];
        while (true) {
            // The first attempt reuses the context its input was read with; a retry gets a fresh
            // one, since a timed-out attempt's context is cut off.
            TaskContext ctx =
                    t.attempts.number == 1 && t.context != null ? t.context : new TaskContext(loop, t, name, loop.step);
            t.nodeFailed = false;
            Listeners listeners = loop.listeners;
            TaskInfo info = listeners == null ? null : loop.taskInfo(t, name);
            long started = 0;
            if (info != null) {
                started = System.nanoTime();
                listeners.taskStarted(info);
            }
            try {
                Object result;
                try {
                    result = callNode(t, t.input, ctx);
                } catch (ParentCommand fromInside) {
                    // A graph this node ran through NodeContext.invoke sent a command to its parent:
                    // to this graph, it is this node's result.
                    writeCommand(t, fromInside.command(), name);
                    result = NodeDispatcher.NO_WRITES;
                }
                writeAll(t, result, ctx, name);
                if (info != null) {
                    listeners.taskFinished(info, started);
                }
                return Task.Outcome.RAN;
            } catch (NodeInterrupt pause) {
                if (info != null) {
                    listeners.taskInterrupted(info, pause.interrupts(), started);
                }
                throw pause;
            } catch (ParentCommand stop) {
                if (info != null) {
                    listeners.taskFinished(info, started);
                }
                throw stop;
            } catch (RuntimeException e) {
                t.discardWrites();
                t.attempts.failed();
                Throwable cause = e instanceof NodeException && e.getCause() != null ? e.getCause() : e;
                if (policy != null
                        && t.attempts.number < policy.maxAttempts()
                        && policy.retryOn().test(cause)) {
                    if (info != null) {
                        listeners.taskRetried(info, cause, started);
                    }
                    if (!waitBeforeRetry(policy.delayBefore(t.attempts.number + 1))) {
                        // Not "attempts spent": no error handler, no fallback committed.
                        throw loop.cancellation().cancelled()
                                ? new CancellationException(
                                        "the run was cancelled while node '" + name + "' waited to retry")
                                : e;
                    }
                    t.attempts.retry();
                    continue;
                }
                if (info != null) {
                    listeners.taskFailed(info, cause, started);
                }
                if (!t.nodeFailed || !spec.errorHandler[t.node]) {
                    throw e;
                }
                TaskContext handlerCtx = new TaskContext(loop, t, name, loop.step);
                writeAll(t, handleError(t, cause, handlerCtx), handlerCtx, name);
                return Task.Outcome.HANDLED;
            }
        }
    }

    private void writeAll(Task t, Object result, TaskContext ctx, String name) {
        writeResult(t, result, name);
        writeEdges(t);
        writeRoutes(t, ctx, name);
    }

    /** Sleeps before a retry; false if the run was cancelled or the thread interrupted meanwhile. */
    private boolean waitBeforeRetry(Duration delay) {
        if (loop.cancellation().cancelled()) {
            return false;
        }
        try {
            if (loop.cancellation().await(delay)) {
                return false;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        return !loop.cancellation().cancelled();
    }

    private Object handleError(Task t, Throwable cause, TaskContext ctx) {
        try {
            return unwrap(dispatcher.onError(t.node, t.input, cause, ctx));
        } catch (ExecutionException | CompletionException e) {
            throw userFailure(t.node, e.getCause() == null ? e : e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw userFailure(t.node, e);
        } catch (Exception e) {
            throw userFailure(t.node, e);
        }
    }

    /** The node cache key of a task of a cached node, or null if the node is not cached. */
    private String cacheKey(Task t, String name) {
        if (policies.cacheTtl[t.node] == null) {
            return null;
        }
        return policies.keyPrefix + "/" + name + "/" + policies.codecs.inputDigest(t.node, t.input);
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

    /** Applies a node's result as if it had returned it: for updateState. */
    void runAs(Task t, StateUpdate update) {
        String name = spec.nodeNames[t.node];
        TaskContext ctx = new TaskContext(loop, t, name, loop.step);
        if (t.node == 0) {
            writeInput(t, update, name);
        } else {
            writeUpdate(t, update, name);
        }
        writeEdges(t);
        writeRoutes(t, ctx, name);
    }

    /** The graph a subgraph node runs (its method only returns it), or {@code null}. */
    PregelGraph<?, ?, ?> subgraphOf(Task t) {
        try {
            Object graph = dispatcher.node(t.node, null, new TaskContext(loop, t, spec.nodeNames[t.node], loop.step));
            return graph instanceof PregelGraph<?, ?, ?> g ? g : null;
        } catch (Exception e) {
            throw userFailure(t.node, e);
        }
    }

    private Object callNode(Task t, Object input, TaskContext ctx) {
        Duration limit = policies.timeout[t.node];
        if (limit != null) {
            return callNodeWithin(limit, t, input, ctx);
        }
        try {
            return unwrap(dispatcher.node(t.node, input, ctx));
        } catch (ExecutionException | CompletionException e) {
            throw nodeFailure(t, e.getCause() == null ? e : e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw nodeFailure(t, e);
        } catch (Exception e) {
            throw nodeFailure(t, e);
        }
    }

    /**
     * Runs a node on a pool thread and stops waiting for it after {@code limit}: the task's own
     * thread cannot be taken back from a node that ignores interrupts, so the node never runs on it.
     */
    private Object callNodeWithin(Duration limit, Task t, Object input, TaskContext ctx) {
        long nanos = limit.compareTo(Duration.ofNanos(Long.MAX_VALUE)) >= 0 ? Long.MAX_VALUE : limit.toNanos();
        AtomicReference<CompletableFuture<?>> returned = new AtomicReference<>();
        Future<Object> future = RuntimePools.TIMED.submit(() -> {
            Object r = dispatcher.node(t.node, input, ctx);
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
            throw new NodeTimeoutException(spec.nodeNames[t.node], loop.step, limit);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            if ((cause instanceof ExecutionException || cause instanceof CompletionException)
                    && cause.getCause() != null) {
                cause = cause.getCause(); // the node returned a future that failed
            }
            if (cause instanceof Error error) {
                throw error;
            }
            throw nodeFailure(t, cause);
        } catch (InterruptedException e) {
            ctx.abandon();
            future.cancel(true);
            Thread.currentThread().interrupt();
            throw nodeFailure(t, e);
        }
    }

    /** What a node returned, with a future's value awaited. */
    private static Object unwrap(Object result) throws InterruptedException, ExecutionException {
        if (result instanceof CompletableFuture<?> future) {
            return future.get();
        }
        return result;
    }

    private RuntimeException nodeFailure(Task t, Throwable cause) {
        RuntimeException e = userFailure(t.node, cause);
        t.nodeFailed = e instanceof NodeException;
        return e;
    }

    /** Like {@link #userFailure}, naming the route method: the node itself finished. */
    private RuntimeException routeFailure(int node, RouteSpec route, Exception cause) {
        RuntimeException e = userFailure(node, cause);
        return e instanceof NodeException ? new NodeException(spec.nodeNames[node], route.name, loop.step, cause) : e;
    }

    private RuntimeException userFailure(int node, Throwable cause) {
        if (cause instanceof GraphException g) {
            return g;
        }
        if (cause instanceof NodeInterrupt i) {
            return i;
        }
        if (cause instanceof ParentCommand p) {
            return p;
        }
        return new NodeException(spec.nodeNames[node], loop.step, cause);
    }

    // ---------------------------------------------------------------- writes

    private void writeInput(Task t, Object input, String name) {
        if (input instanceof StoredInput stored) {
            for (int i = 0; i < stored.channels().length; i++) {
                t.add(stored.channels()[i], stored.values()[i]);
            }
        } else if (input != null) {
            writeUpdate(t, (StateUpdate) input, name);
        }
    }

    private void writeResult(Task t, Object result, String name) {
        if (result == NodeDispatcher.NO_WRITES) {
            return;
        }
        if (result instanceof PregelGraph<?, ?, ?> subgraph) {
            result = Subgraphs.runNode(loop, t, subgraph);
            if (result instanceof Command<?> toParent) {
                writeCommand(t, toParent, name); // the subgraph's Command.toParent(), for this graph
                return;
            }
        }
        if (result instanceof StateUpdate u) {
            writeUpdate(t, u, name);
        } else if (result instanceof StoredInput writes) {
            for (int i = 0; i < writes.channels().length; i++) {
                t.add(writes.channels()[i], writes.values()[i]);
            }
        } else if (result instanceof Command<?> c) {
            if (c.graph().isPresent()) {
                if (!loop.nested()) {
                    throw new InvalidUpdateException(
                            "node '" + name + "' sent a Command to the parent graph, but graph '" + spec.name
                                    + "' is not running as a subgraph",
                            null);
                }
                throw new ParentCommand(c);
            }
            writeCommand(t, c, name);
        } else if (result == null) {
            throw new InvalidUpdateException(
                    "node '" + name + "' returned null; return an empty update (XxxUpdate.of()) for no change",
                    ErrorCode.INVALID_GRAPH_NODE_RETURN_VALUE);
        } else {
            throw new InvalidUpdateException(
                    "Expected node '" + name + "' to return an update or a Command, received "
                            + result.getClass().getName(),
                    ErrorCode.INVALID_GRAPH_NODE_RETURN_VALUE);
        }
    }

    private void writeCommand(Task t, Command<?> c, String name) {
        c.update().ifPresent(u -> writeUpdate(t, u, name));
        for (Object target : c.gotos()) {
            writeGoto(t, target, name);
        }
    }

    void writeUpdate(Task t, StateUpdate update, String name) {
        for (GeneratedUpdate u : GeneratedUpdate.parts(update)) {
            int schema = spec.schemaIndex(u.schema());
            if (schema < 0) {
                throw new InvalidUpdateException(
                        "'" + name + "' wrote an update of "
                                + u.schema().recordType().getSimpleName() + ", which is not a record of graph '"
                                + spec.name + "'",
                        ErrorCode.INVALID_GRAPH_NODE_RETURN_VALUE);
            }
            t.mapping(spec.slots[schema]);
            u.writeTo(t);
        }
    }

    void writeGoto(Task t, Object target, String from) {
        if (target instanceof Send<?> send) {
            writeSend(t, send, from);
            return;
        }
        String node = (String) target;
        if (node.equals(ReservedNames.END)) {
            return;
        }
        Integer n = spec.nodeIndex.get(node);
        if (n == null || n == 0) {
            throw new InvalidRouteException(
                    UnknownNode.message("Command from '" + from + "' goes to", node, spec.nodes()));
        }
        writeBranch(t, n, from);
    }

    private void writeBranch(Task t, int node, String from) {
        if (spec.readSchema[node] < 0) {
            throw new InvalidRouteException("'" + from + "' sent control to node '" + spec.nodeNames[node]
                    + "' by name, but that node takes a " + spec.payloadType[node] + " payload; reach it with Send");
        }
        t.add(spec.branchChannel[node], from);
    }

    private void writeSend(Task t, Send<?> send, String from) {
        Integer n = spec.nodeIndex.get(send.node());
        if (n == null || n == 0) {
            throw new InvalidRouteException(UnknownNode.message("'" + from + "' sent to", send.node(), spec.nodes()));
        }
        if (!spec.payloadType[n].accepts(send.payload())) {
            throw new InvalidUpdateException(
                    "'" + from + "' sent a " + send.payload().getClass().getName() + " to node '" + send.node()
                            + "', which takes " + spec.payloadType[n],
                    null);
        }
        t.add(spec.tasksChannel, send);
    }

    private void writeEdges(Task t) {
        int[] chans = spec.edgeChannels[t.node];
        Object[] values = spec.edgeValues[t.node];
        for (int i = 0; i < chans.length; i++) {
            t.add(chans[i], values[i]);
        }
    }

    private void writeRoutes(Task t, TaskContext ctx, String name) {
        int[] routes = spec.routesOf[t.node];
        if (routes.length == 0) {
            return;
        }
        Object state = freshState(t, ctx);
        for (int r : routes) {
            Object result;
            try {
                result = dispatcher.route(r, state, ctx);
            } catch (Exception e) {
                throw routeFailure(t.node, spec.routes[r], e);
            }
            writeRouteResult(t, spec.routes[r], result, name);
        }
    }

    private void writeRouteResult(Task t, RouteSpec route, Object result, String name) {
        if (result instanceof Collection<?> many) {
            for (Object one : many) {
                writeRouteResult(t, route, one, name);
            }
        } else if (result instanceof String dest) {
            if (!route.allowed.contains(dest)) {
                throw unknownDestination(route, dest);
            }
            if (!dest.equals(ReservedNames.END)) {
                writeBranch(t, spec.node(dest), name);
            }
        } else if (result instanceof Enum<?> e) {
            int target = route.enumTargets[e.ordinal()];
            if (target >= 0) {
                writeBranch(t, target, name);
            }
        } else if (result instanceof Send<?> send) {
            writeSend(t, send, name);
        } else {
            throw unknownDestination(route, result);
        }
    }

    private static InvalidRouteException unknownDestination(RouteSpec route, Object dest) {
        return new InvalidRouteException("Branch condition returned unknown or null destination: the route from '"
                + route.fromName + "' returned " + (dest instanceof String ? "'" + dest + "'" : String.valueOf(dest))
                + "; it may return " + route.allowedList);
    }

    /** The state as the task's routes see it: the task's own writes applied, no one else's. */
    private Object freshState(Task t, TaskContext ctx) {
        Channel[] source = loop.channels();
        Channel[] local = source;
        for (int i = 0; i < t.writeCount; i++) {
            int c = t.writeChannels[i];
            if (!spec.isStreamChannel[c] || local[c] != source[c]) {
                continue;
            }
            if (local == source) {
                local = source.clone();
            }
            Channel copy = source[c].copy();
            copy.update(ownWrites(t, c));
            local[c] = copy;
        }
        return loop.read(0, local, ctx);
    }

    private static List<Object> ownWrites(Task t, int channel) {
        List<Object> values = new ArrayList<>(1);
        for (int i = 0; i < t.writeCount; i++) {
            if (t.writeChannels[i] == channel) {
                values.add(t.writeValues[i]);
            }
        }
        return values;
    }

    // ---------------------------------------------------------------- events

    private void emitStart(Task t, Object input) {
        EventSink sink = loop.sink;
        boolean tasksMode = sink.wants(StreamMode.TASKS);
        boolean debug = sink.wants(StreamMode.DEBUG);
        if (!tasksMode && !debug) {
            return;
        }
        var part = new StreamPart.TaskStart<Object>(
                loop.taskId(t), spec.nodeNames[t.node], loop.step, input, triggerNames(t));
        if (tasksMode) {
            sink.accept(part);
        }
        if (debug) {
            sink.accept(new StreamPart.Debug<>(loop.step, Instant.now(), part));
        }
    }

    List<String> triggerNames(Task t) {
        List<String> triggers = new ArrayList<>();
        for (int c : t.triggers) {
            triggers.add(spec.channels[c].name());
        }
        if (t.isPush()) {
            triggers.add(ReservedNames.PUSH);
        }
        return triggers;
    }

    void emitEnd(Task t, String name) {
        EventSink sink = loop.sink;
        boolean updates = sink.wants(StreamMode.UPDATES) && t.error == null && !t.paused();
        boolean tasksMode = sink.wants(StreamMode.TASKS);
        boolean debug = sink.wants(StreamMode.DEBUG);
        if (!updates && !tasksMode && !debug) {
            return;
        }
        Map<String, Object> writes = stateWrites(t);
        if (updates) {
            sink.accept(new StreamPart.Updates<>(name, writes, t.cached()));
        }
        if (tasksMode || debug) {
            var part =
                    new StreamPart.TaskResult<Object>(loop.taskId(t), name, loop.step, writes, t.error, t.interrupts);
            if (tasksMode) {
                sink.accept(part);
            }
            if (debug) {
                sink.accept(new StreamPart.Debug<>(loop.step, Instant.now(), part));
            }
        }
    }

    Map<String, Object> stateWrites(Task t) {
        Map<String, Object> writes = new LinkedHashMap<>();
        for (int i = 0; i < t.writeCount; i++) {
            int c = t.writeChannels[i];
            if (spec.isStreamChannel[c]) {
                writes.put(spec.channels[c].name(), t.writeValues[i]);
            }
        }
        return Collections.unmodifiableMap(writes);
    }
}
