package dev.switchboard.server;

import java.time.Instant;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** A run: what was asked (its request), where it is (status) and what it produced (events, result). */
final class RunRow {
    final String id;
    final String threadId;
    final ServedGraph graph;
    final RunRequest request;
    final ObjectNode metadata;
    final Instant createdAt;
    volatile Instant updatedAt;
    volatile String status = "pending";
    /** What join answers: the last values, {@code {__interrupt__}} or {@code {__error__}}. */
    volatile JsonNode result;
    /** Set once the run was cancelled or rolled back: nothing it does afterwards counts. */
    volatile boolean stopped;

    final RunEvents events = new RunEvents();
    /** The run as it was when created (status pending), what the create endpoint answers. */
    ObjectNode asCreated;

    RunRow(String id, String threadId, ServedGraph graph, RunRequest request, ObjectNode metadata) {
        this.id = id;
        this.threadId = threadId;
        this.graph = graph;
        this.request = request;
        this.metadata = metadata;
        this.createdAt = Clock.now();
        this.updatedAt = createdAt;
    }

    boolean finished() {
        return !status.equals("pending") && !status.equals("running");
    }

    void status(String s) {
        status = s;
        updatedAt = Clock.now();
    }

    ObjectNode json() {
        ObjectNode out = Json.object();
        out.put("run_id", id);
        out.put("thread_id", threadId);
        out.put("assistant_id", graph.assistantId);
        out.put("created_at", createdAt.toString());
        out.put("updated_at", updatedAt.toString());
        out.put("status", status);
        out.set("metadata", metadata.deepCopy());
        out.put("multitask_strategy", request.multitaskStrategy());
        out.set("kwargs", kwargs());
        return out;
    }

    private ObjectNode kwargs() {
        ObjectNode k = Json.object();
        ObjectNode config = k.putObject("config");
        ObjectNode configurable = config.putObject("configurable");
        configurable.put("assistant_id", graph.assistantId);
        configurable.put("graph_id", graph.graphId);
        configurable.put("run_id", id);
        configurable.put("thread_id", threadId);
        request.configurable().properties().forEach(e -> configurable.set(e.getKey(), e.getValue()));
        config.set("metadata", metadata.deepCopy());
        k.set("context", request.context());
        k.set("input", request.input());
        if (request.command() != null) {
            k.set("command", request.command());
        }
        k.put("resumable", false);
        k.set("stream_mode", Json.tree(List.copyOf(request.streamModes())));
        k.put("subgraphs", request.subgraphs());
        k.put("temporary", request.temporary());
        return k;
    }
}
