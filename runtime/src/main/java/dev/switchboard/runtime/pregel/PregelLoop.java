package dev.switchboard.runtime.pregel;

import dev.switchboard.annotation.Graph;
import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.EmptyInputException;
import dev.switchboard.runtime.ErrorCode;
import dev.switchboard.runtime.GraphException;
import dev.switchboard.runtime.GraphRecursionException;
import dev.switchboard.runtime.InvalidRouteException;
import dev.switchboard.runtime.InvalidUpdateException;
import dev.switchboard.runtime.NodeException;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.Send;
import dev.switchboard.runtime.StateUpdate;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.StreamPart;
import dev.switchboard.runtime.channel.Channel;
import dev.switchboard.runtime.internal.NodeDispatcher;
import dev.switchboard.runtime.internal.ValueSource;
import dev.switchboard.runtime.pregel.GraphSpec.RouteSpec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

/**
 * One run of a graph: LangGraph's {@code PregelLoop}. Each superstep prepares the tasks whose
 * trigger channels have a version newer than the one the node last saw (plus one push task per
 * pending {@code Send}), runs them in parallel, and applies all their writes at the barrier in task
 * path order: pull tasks by node name, then push tasks by send index.
 *
 * <p>All channel state lives in arrays indexed by channel and node number. Only the loop's thread
 * touches channels, except that tasks read them (never write them) while a superstep runs.
 */
final class PregelLoop {
    final GraphSpec spec;
    final RunConfig config;
    final EventSink sink;
    private final NodeDispatcher dispatcher;
    private final Executor executor;
    private final Cancellation cancellation;

    private final Channel[] channels;
    private final long[] versions;
    private final long[][] seen;
    private long maxVersion;

    private final boolean[] updated;
    private final int[] updatedList;
    private int updatedCount;
    private final PendingWrites pending;

    private final List<Task> tasks = new ArrayList<>();
    int step;
    int stop;

    PregelLoop(
            GraphSpec spec,
            NodeDispatcher dispatcher,
            Executor executor,
            RunConfig config,
            EventSink sink,
            Cancellation cancellation) {
        this.spec = spec;
        this.dispatcher = dispatcher;
        this.executor = executor;
        this.config = config;
        this.sink = sink;
        this.cancellation = cancellation;
        int n = spec.channels.length;
        this.channels = new Channel[n];
        for (int c = 0; c < n; c++) {
            channels[c] = spec.channels[c].create();
        }
        this.versions = new long[n];
        this.seen = new long[spec.nodeNames.length][];
        for (int i = 0; i < seen.length; i++) {
            seen[i] = new long[spec.triggers[i].length];
        }
        this.updated = new boolean[n];
        this.updatedList = new int[n];
        this.pending = new PendingWrites(n);
    }

    /** Runs the graph from a fresh state with a state update as input; returns the output record. */
    Object run(StateUpdate input) {
        begin(-1);
        Task inputTask = Task.input();
        inputTask.add(spec.startChannel, input);
        apply(List.of(inputTask), false);
        step++;
        loop();
        return readOutput();
    }

    /** Runs the graph from a fresh state with a command as input: its writes apply directly. */
    Object run(Command<?> command) {
        if (command.update().isEmpty() && command.gotos().isEmpty()) {
            throw new EmptyInputException("Received empty Command input: give it an update or a goto");
        }
        begin(-1);
        Task inputTask = Task.input();
        command.update().ifPresent(u -> writeUpdate(inputTask, u, Graph.START));
        for (Object target : command.gotos()) {
            writeGoto(inputTask, target, Graph.START);
        }
        apply(List.of(inputTask), false);
        emitValues();
        step++;
        loop();
        return readOutput();
    }

    private void begin(int startStep) {
        this.step = startStep;
        this.stop = startStep + config.recursionLimit() + 1;
    }

    private void loop() {
        while (true) {
            cancellation.check();
            if (step > stop) {
                throw new GraphRecursionException(config.recursionLimit());
            }
            prepareTasks();
            if (tasks.isEmpty()) {
                return;
            }
            runTasks();
            Task failed = firstFailure();
            if (failed != null) {
                throw rethrowable(failed.error);
            }
            apply(applyOrder(), true);
            emitValues();
            step++;
        }
    }

    // ---------------------------------------------------------------- prepare

    private void prepareTasks() {
        tasks.clear();
        Channel sends = channels[spec.tasksChannel];
        if (sends.isAvailable()) {
            List<?> list = (List<?>) sends.get();
            for (int i = 0; i < list.size(); i++) {
                Send<?> send = (Send<?>) list.get(i);
                tasks.add(Task.push(spec.node(send.node()), i, send.payload()));
            }
        }
        if (updatedCount > 0) {
            boolean[] candidate = new boolean[spec.nodeNames.length];
            for (int u = 0; u < updatedCount; u++) {
                for (int n : spec.triggerToNodes[updatedList[u]]) {
                    candidate[n] = true;
                }
            }
            for (int n : spec.nameOrder) {
                if (candidate[n] && triggered(n)) {
                    tasks.add(Task.pull(n, spec.triggers[n]));
                }
            }
        }
    }

    private boolean triggered(int node) {
        int[] trig = spec.triggers[node];
        long[] nodeSeen = seen[node];
        for (int t = 0; t < trig.length; t++) {
            int c = trig[t];
            if (channels[c].isAvailable() && versions[c] > nodeSeen[t]) {
                return true;
            }
        }
        return false;
    }

    // ---------------------------------------------------------------- execute

    private void runTasks() {
        int n = tasks.size();
        if (n == 1) {
            runTask(tasks.get(0));
            return;
        }
        // The caller runs the last task itself; handing out the others first keeps them parallel,
        // and with a direct executor (Runnable::run) all run on the caller in task order.
        CountDownLatch done = new CountDownLatch(n - 1);
        for (int i = 0; i < n - 1; i++) {
            Task t = tasks.get(i);
            try {
                executor.execute(() -> {
                    try {
                        runTask(t);
                    } finally {
                        done.countDown();
                    }
                });
            } catch (RejectedExecutionException e) {
                t.error = new GraphException(
                        "the graph's executor rejected task '" + spec.nodeNames[t.node] + "': " + e.getMessage());
                done.countDown();
            }
        }
        runTask(tasks.get(n - 1));
        awaitUninterruptibly(done);
    }

    private static void awaitUninterruptibly(CountDownLatch latch) {
        boolean interrupted = false;
        while (true) {
            try {
                latch.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private void runTask(Task t) {
        String name = spec.nodeNames[t.node];
        TaskContext ctx = new TaskContext(this, name, step);
        try {
            if (t.node == 0) {
                writeUpdate(t, (StateUpdate) channels[spec.startChannel].get(), name);
            } else {
                Object input = input(t, ctx);
                emitTaskStart(t, input);
                Object result = callNode(t, input, ctx);
                writeResult(t, result, name);
            }
            writeEdges(t);
            writeRoutes(t, ctx, name);
        } catch (Throwable e) {
            t.error = e;
        }
        if (t.node != 0) {
            emitTaskEnd(t, name);
        }
    }

    private Object input(Task t, TaskContext ctx) {
        if (t.isPush()) {
            return t.payload;
        }
        int schema = spec.readSchema[t.node];
        return spec.schemas[schema].read(new Reader(channels, spec.slots[schema], ctx));
    }

    private Object callNode(Task t, Object input, TaskContext ctx) {
        try {
            Object result = dispatcher.node(t.node, input, ctx);
            if (result instanceof CompletableFuture<?> future) {
                return future.get();
            }
            return result;
        } catch (ExecutionException | CompletionException e) {
            throw userFailure(t.node, e.getCause() == null ? e : e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw userFailure(t.node, e);
        } catch (Exception e) {
            throw userFailure(t.node, e);
        }
    }

    private RuntimeException userFailure(int node, Throwable cause) {
        if (cause instanceof GraphException g) {
            return g;
        }
        return new NodeException(spec.nodeNames[node], step, cause);
    }

    // ---------------------------------------------------------------- writes

    private void writeResult(Task t, Object result, String name) {
        if (result == NodeDispatcher.NO_WRITES) {
            return;
        }
        if (result instanceof StateUpdate u) {
            writeUpdate(t, u, name);
        } else if (result instanceof Command<?> c) {
            c.update().ifPresent(u -> writeUpdate(t, u, name));
            for (Object target : c.gotos()) {
                writeGoto(t, target, name);
            }
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

    void writeUpdate(Task t, StateUpdate update, String name) {
        for (StateUpdate u = update; u != null; u = u.next()) {
            int schema = spec.schemaIndex(u.schema());
            if (schema < 0) {
                throw new InvalidUpdateException(
                        "node '" + name + "' returned an update of "
                                + u.schema().recordType().getSimpleName() + ", which is not a record of graph '"
                                + spec.name + "'",
                        ErrorCode.INVALID_GRAPH_NODE_RETURN_VALUE);
            }
            t.mapping(spec.slots[schema]);
            u.writeTo(t);
        }
    }

    private void writeGoto(Task t, Object target, String from) {
        if (target instanceof Send<?> send) {
            writeSend(t, send, from);
            return;
        }
        String node = (String) target;
        if (node.equals(Graph.END)) {
            return;
        }
        Integer n = spec.nodeIndex.get(node);
        if (n == null || n == 0) {
            throw new InvalidRouteException("Command from '" + from + "' goes to unknown node '" + node
                    + "'; nodes are: " + String.join(", ", spec.nodes()));
        }
        writeBranch(t, n, from);
    }

    private void writeBranch(Task t, int node, String from) {
        if (spec.readSchema[node] < 0) {
            throw new InvalidRouteException("'" + from + "' sent control to node '" + spec.nodeNames[node]
                    + "' by name, but that node takes a " + spec.payloadType[node].getSimpleName()
                    + " payload; reach it with Send");
        }
        t.add(spec.branchChannel[node], from);
    }

    private void writeSend(Task t, Send<?> send, String from) {
        Integer n = spec.nodeIndex.get(send.node());
        if (n == null || n == 0) {
            throw new InvalidRouteException("'" + from + "' sent to unknown node '" + send.node() + "'; nodes are: "
                    + String.join(", ", spec.nodes()));
        }
        if (!spec.payloadType[n].isInstance(send.payload())) {
            throw new InvalidUpdateException(
                    "'" + from + "' sent a " + send.payload().getClass().getName() + " to node '" + send.node()
                            + "', which takes " + spec.payloadType[n].getName(),
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
            RouteSpec route = spec.routes[r];
            Object result;
            try {
                result = dispatcher.route(r, state, ctx);
            } catch (Exception e) {
                throw userFailure(t.node, e);
            }
            writeRouteResult(t, route, result, name);
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
            if (!dest.equals(Graph.END)) {
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
        Channel[] local = channels;
        for (int i = 0; i < t.writeCount; i++) {
            int c = t.writeChannels[i];
            if (!spec.isStreamChannel[c] || (local != channels && local[c] != channels[c])) {
                continue;
            }
            if (local == channels) {
                local = channels.clone();
            }
            Channel copy = channels[c].copy();
            copy.update(ownWrites(t, c));
            local[c] = copy;
        }
        return spec.state.read(new Reader(local, spec.slots[0], ctx));
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

    // ---------------------------------------------------------------- apply

    private Task firstFailure() {
        for (Task t : applyOrder()) {
            if (t.error != null) {
                return t;
            }
        }
        return null;
    }

    private static RuntimeException rethrowable(Throwable e) {
        if (e instanceof RuntimeException r) {
            return r;
        }
        if (e instanceof Error err) {
            throw err;
        }
        return new GraphException(String.valueOf(e));
    }

    /** Pull tasks in node-name order, then push tasks in send order: LangGraph's task path order. */
    private List<Task> applyOrder() {
        if (tasks.size() == 1 || !tasks.get(0).isPush()) {
            return tasks;
        }
        List<Task> order = new ArrayList<>(tasks.size());
        for (Task t : tasks) {
            if (!t.isPush()) {
                order.add(t);
            }
        }
        for (Task t : tasks) {
            if (t.isPush()) {
                order.add(t);
            }
        }
        return order;
    }

    /** LangGraph's {@code apply_writes}. */
    private void apply(List<Task> ordered, boolean bumpStep) {
        for (int u = 0; u < updatedCount; u++) {
            updated[updatedList[u]] = false;
        }
        updatedCount = 0;
        for (Task t : ordered) {
            for (int i = 0; i < t.triggers.length; i++) {
                seen[t.node][i] = versions[t.triggers[i]];
            }
        }
        long next = maxVersion + 1;
        for (Task t : ordered) {
            for (int c : t.triggers) {
                if (channels[c].consume()) {
                    versions[c] = next;
                }
            }
        }
        for (Task t : ordered) {
            for (int i = 0; i < t.writeCount; i++) {
                pending.add(t.writeChannels[i], t.writeValues[i]);
            }
        }
        for (int i = 0; i < pending.touchedCount; i++) {
            int c = pending.touched[i];
            if (channels[c].update(pending.values(c))) {
                bump(c, next);
            }
        }
        pending.clear();
        if (bumpStep) {
            notifyNewStep(next);
        }
        maxVersion = next;
    }

    private void notifyNewStep(long next) {
        for (int c : spec.clearable) {
            if (!updated[c] && channels[c].isAvailable() && channels[c].update(List.of())) {
                bump(c, next);
            }
        }
        for (int u = 0; u < updatedCount; u++) {
            if (spec.triggerToNodes[updatedList[u]].length > 0) {
                return;
            }
        }
        for (int c : spec.finishable) {
            if (channels[c].finish()) {
                bump(c, next);
            }
        }
    }

    private void bump(int c, long next) {
        versions[c] = next;
        if (channels[c].isAvailable() && !updated[c]) {
            updated[c] = true;
            updatedList[updatedCount++] = c;
        }
    }

    // ---------------------------------------------------------------- output and events

    Object readOutput() {
        int schema = spec.schemaIndex(spec.output);
        return spec.output.read(new Reader(channels, spec.slots[schema], new TaskContext(this, Graph.END, step)));
    }

    private void emitValues() {
        if (!sink.wants(StreamMode.VALUES)) {
            return;
        }
        boolean wrote = false;
        for (int u = 0; u < updatedCount && !wrote; u++) {
            wrote = spec.isStreamChannel[updatedList[u]];
        }
        if (!wrote) {
            return;
        }
        Map<String, Object> values = new LinkedHashMap<>();
        for (int c : spec.streamChannels) {
            if (channels[c].isAvailable()) {
                values.put(spec.channels[c].name(), channels[c].get());
            }
        }
        Object state = spec.state.read(new Reader(channels, spec.slots[0], new TaskContext(this, Graph.START, step)));
        sink.accept(new StreamPart.Values<>(state, Collections.unmodifiableMap(values)));
    }

    private void emitTaskStart(Task t, Object input) {
        boolean tasksMode = sink.wants(StreamMode.TASKS);
        boolean debug = sink.wants(StreamMode.DEBUG);
        if (!tasksMode && !debug) {
            return;
        }
        List<String> triggers = new ArrayList<>();
        for (int c : t.triggers) {
            triggers.add(spec.channels[c].name());
        }
        if (t.isPush()) {
            triggers.add("__pregel_push");
        }
        var part = new StreamPart.TaskStart<Object>(taskId(t), spec.nodeNames[t.node], step, input, triggers);
        if (tasksMode) {
            sink.accept(part);
        }
        if (debug) {
            sink.accept(new StreamPart.Debug<>(step, Instant.now(), part));
        }
    }

    private void emitTaskEnd(Task t, String name) {
        boolean updates = sink.wants(StreamMode.UPDATES) && t.error == null;
        boolean tasksMode = sink.wants(StreamMode.TASKS);
        boolean debug = sink.wants(StreamMode.DEBUG);
        if (!updates && !tasksMode && !debug) {
            return;
        }
        Map<String, Object> writes = stateWrites(t);
        if (updates) {
            sink.accept(new StreamPart.Updates<>(name, writes));
        }
        if (tasksMode || debug) {
            var part = new StreamPart.TaskResult<Object>(taskId(t), name, step, writes, t.error);
            if (tasksMode) {
                sink.accept(part);
            }
            if (debug) {
                sink.accept(new StreamPart.Debug<>(step, Instant.now(), part));
            }
        }
    }

    private Map<String, Object> stateWrites(Task t) {
        Map<String, Object> writes = new LinkedHashMap<>();
        for (int i = 0; i < t.writeCount; i++) {
            int c = t.writeChannels[i];
            if (spec.isStreamChannel[c]) {
                writes.put(spec.channels[c].name(), t.writeValues[i]);
            }
        }
        return Collections.unmodifiableMap(writes);
    }

    private String taskId(Task t) {
        if (t.id == null) {
            t.id = TaskIds.of(spec.name, step, spec.nodeNames[t.node], t.pushIndex);
        }
        return t.id;
    }

    /** Reads record components from channels and managed values. */
    private final class Reader implements ValueSource {
        private final Channel[] source;
        private final int[] slots;
        private final TaskContext context;

        Reader(Channel[] source, int[] slots, TaskContext context) {
            this.source = source;
            this.slots = slots;
            this.context = context;
        }

        @Override
        public Object value(int component) {
            int slot = slots[component];
            if (slot < 0) {
                return spec.managed[-slot - 1].get(context);
            }
            Channel c = source[slot];
            return c.isAvailable() ? c.get() : null;
        }
    }

    /** Same-step writes grouped by channel, reused across supersteps. */
    private static final class PendingWrites {
        final int[] touched;
        int touchedCount;
        private final ArrayList<?>[] byChannel;

        PendingWrites(int channels) {
            this.touched = new int[channels];
            this.byChannel = new ArrayList<?>[channels];
        }

        @SuppressWarnings("unchecked")
        void add(int channel, Object value) {
            ArrayList<Object> list = (ArrayList<Object>) byChannel[channel];
            if (list == null) {
                list = new ArrayList<>(2);
                byChannel[channel] = list;
            }
            if (list.isEmpty()) {
                touched[touchedCount++] = channel;
            }
            list.add(value);
        }

        List<?> values(int channel) {
            return byChannel[channel];
        }

        void clear() {
            for (int i = 0; i < touchedCount; i++) {
                byChannel[touched[i]].clear();
            }
            touchedCount = 0;
        }
    }
}
