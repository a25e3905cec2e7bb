package dev.switchboard.client;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;

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
