package dev.switchboard.client;

import dev.switchboard.runtime.NodeContext;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A graph deployed on a LangGraph-API server (a Switchboard server, LangGraph's, a LangSmith
 * deployment), run from Java as LangGraph's {@code RemoteGraph} is: invoked, streamed, resumed,
 * its threads' state read and updated. A {@code null} thread id runs statelessly; a thread id the
 * server does not know yet is created.
 *
 * <pre>{@code
 * RemoteGraph approval = RemoteGraph.of(client, "approval");
 * RemoteOutput paused = approval.invoke(Map.of("topic", "cats"), threadId);   // paused(): true
 * RemoteOutput done = approval.resume(Map.of("approved", true), threadId);
 * }</pre>
 *
 * <p>Thread-safe.
 */
public final class RemoteGraph {
    private final LangGraphClient client;
    private final String assistantId;

    private RemoteGraph(LangGraphClient client, String assistantId) {
        this.client = client;
        this.assistantId = assistantId;
    }

    /**
     * The remote graph an assistant runs.
     *
     * @param client the server's client
     * @param assistantId the assistant id, or a graph id (its default assistant)
     * @return the remote graph
     */
    public static RemoteGraph of(LangGraphClient client, String assistantId) {
        return new RemoteGraph(
                Objects.requireNonNull(client, "client"), Objects.requireNonNull(assistantId, "assistantId"));
    }

    /**
     * The assistant it runs.
     *
     * @return the assistant id
     */
    public String assistantId() {
        return assistantId;
    }

    /**
     * The client it calls the server with.
     *
     * @return the client
     */
    public LangGraphClient client() {
        return client;
    }

    /**
     * Runs the graph with this input until it ends or pauses.
     *
     * @param input the input: a map, record or JSON tree
     * @param threadId the thread (created if new), or {@code null} for a stateless run
     * @return the values and any interrupts
     */
    public RemoteOutput invoke(Object input, String threadId) {
        return run(RunRequest.input(input), threadId);
    }

    /**
     * Answers the thread's interrupts and runs on until it ends or pauses again.
     *
     * @param value the answer (for several interrupts, a map from interrupt id to answer)
     * @param threadId the paused thread
     * @return the values and any new interrupts
     */
    public RemoteOutput resume(Object value, String threadId) {
        return run(RunRequest.resume(value), Objects.requireNonNull(threadId, "threadId"));
    }

    /**
     * Runs as the request says until the run ends or pauses.
     *
     * @param request the input or command, and options
     * @param threadId the thread (created if new), or {@code null} for a stateless run
     * @return the values and any interrupts
     * @throws RemoteRunException if the run fails on the server
     */
    public RemoteOutput run(RunRequest request, String threadId) {
        try (Stream<StreamEvent> events = stream(request.streamMode("values", "updates"), threadId)) {
            return collect(events, event -> {});
        }
    }

    /**
     * The values and interrupts of a run's events ({@code values} and {@code updates} modes),
     * handing every event to {@code each} as it comes.
     *
     * @throws RemoteRunException on an {@code error} event
     */
    RemoteOutput collect(Stream<StreamEvent> events, Consumer<StreamEvent> each) {
        JsonNode values = Http.object();
        Map<String, JsonNode> interrupts = new LinkedHashMap<>();
        for (StreamEvent e : (Iterable<StreamEvent>) events::iterator) {
            each.accept(e);
            if (!e.namespace().isEmpty()) {
                continue;
            }
            switch (e.mode()) {
                case "error" -> throw new RemoteRunException(assistantId, e.data());
                case "values", "updates" -> {
                    RemoteOutput part = RemoteOutput.of(e.data());
                    part.interrupts()
                            .forEach(i -> interrupts.putIfAbsent(i.path("id").asString(i.toString()), i));
                    if (e.mode().equals("values")
                            && !(e.data().size() == 1 && e.data().has("__interrupt__"))) {
                        values = part.values();
                    }
                }
                default -> {}
            }
        }
        return new RemoteOutput(values, List.copyOf(interrupts.values()));
    }

    /**
     * Runs and streams the events of the modes the request names.
     *
     * @param request the input or command, stream modes and options
     * @param threadId the thread (created if new), or {@code null} for a stateless run
     * @return the events; close the stream to stop reading
     */
    public Stream<StreamEvent> stream(RunRequest request, String threadId) {
        if (threadId != null) {
            request.ifNotExists("create");
        }
        return client.runs().stream(threadId, assistantId, request);
    }

    /**
     * Runs the remote graph as part of a node of a local graph, as LangGraph runs a {@code
     * RemoteGraph} subgraph, and gives its final values. Its {@code custom} events and message
     * tokens go to the node's stream ({@link NodeContext#emit}, {@link NodeContext#emitMessage}).
     * When the remote run pauses, the node pauses with the same interrupt values ({@link
     * NodeContext#interrupt}); resuming the local thread sends the answers to the remote thread
     * ({@code command.resume}, a map by interrupt id when it asked several) and goes on.
     *
     * <p>Each exchange with the server is a durable step of the node ({@link NodeContext#step}):
     * when the node runs again (resumed, retried, after a crash) the remote graph is not sent its
     * input again. The remote thread is named after the local thread, checkpoint namespace and node
     * (a UUID derived from them, created on first use), so the node continues the same remote thread
     * each time it runs on a local thread; without a local thread the remote run is stateless and
     * cannot pause.
     *
     * @param input the remote graph's input: a map, record or JSON tree
     * @param ctx the calling node's context
     * @return the remote graph's values when it finished
     * @throws RemoteRunException if the remote run fails
     * @throws IllegalStateException if a stateless remote run pauses
     */
    public JsonNode call(Object input, NodeContext ctx) {
        Objects.requireNonNull(ctx, "ctx");
        String thread = ctx.config()
                .threadId()
                .map(t -> Remote.id("remote-graph", t, ctx.config().checkpointNamespace(), ctx.node(), assistantId))
                .orElse(null);
        String step = "remote graph " + assistantId;
        RemoteOutput out =
                RemoteOutput.parse(ctx.step(step, String.class, () -> exchange(RunRequest.input(input), thread, ctx)));
        for (int round = 1; out.paused(); round++) {
            if (thread == null) {
                throw new IllegalStateException("remote graph '" + assistantId + "' paused on " + out.interrupts()
                        + ", but node '" + ctx.node() + "' runs without a thread to resume it on; run the local"
                        + " graph with a checkpointer and a thread id");
            }
            JsonNode answers = answers(out.interrupts(), ctx);
            out = RemoteOutput.parse(ctx.step(
                    step + " resume " + round,
                    String.class,
                    () -> exchange(RunRequest.command(Http.object().set("resume", answers)), thread, ctx)));
        }
        return out.values();
    }

    /** Asks the local run for each remote interrupt's answer; several go back as a map by id. */
    private static JsonNode answers(List<JsonNode> interrupts, NodeContext ctx) {
        if (interrupts.size() == 1) {
            return Http.tree(ctx.interrupt(Remote.plain(interrupts.get(0).path("value"))));
        }
        ObjectNode byId = Http.object();
        for (JsonNode i : interrupts) {
            byId.set(i.path("id").asString(), Http.tree(ctx.interrupt(Remote.plain(i.path("value")))));
        }
        return byId;
    }

    /** One run on the server, its custom events and tokens passed to the node's stream. */
    private String exchange(RunRequest request, String thread, NodeContext ctx) {
        request.streamMode("values", "updates", "custom", "messages-tuple");
        if (thread != null) {
            request.ifNotExists("create");
        }
        try (Stream<StreamEvent> events = client.runs().stream(thread, assistantId, request)) {
            return collect(events, e -> forward(e, ctx)).json();
        }
    }

    private static void forward(StreamEvent e, NodeContext ctx) {
        if (!e.namespace().isEmpty()) {
            return;
        }
        if (e.mode().equals("custom")) {
            ctx.emit(Remote.plain(e.data()));
        } else if (e.mode().equals("messages") && e.data().isArray()) {
            // the chunk only: the local run adds its own metadata (node, step, task)
            ctx.emitMessage(Remote.plain(e.data().path(0)), Map.of());
        }
    }

    /**
     * The thread's latest state.
     *
     * @param threadId the thread
     * @return the state: values, next nodes, interrupts
     */
    public ThreadState getState(String threadId) {
        return client.threads().state(threadId);
    }

    /**
     * The thread's checkpoints, newest first.
     *
     * @param threadId the thread
     * @param limit at most this many
     * @return the states
     */
    public List<ThreadState> getStateHistory(String threadId, int limit) {
        return client.threads().history(threadId, limit);
    }

    /**
     * Writes values to the thread's state as a node would.
     *
     * @param threadId the thread
     * @param values the update
     * @param asNode the node it counts as written by, or {@code null}
     * @return the new checkpoint's config
     */
    public JsonNode updateState(String threadId, Object values, String asNode) {
        return client.threads().updateState(threadId, values, asNode);
    }
}
