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
    /** The request body as received, from which {@link #request} is parsed again after a restart. */
    final ObjectNode body;

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
    /**
     * Read back from the {@link RowStore} unfinished: a server stopped while it was pending or
     * running, so it continues from its thread's last checkpoint rather than from its input.
     */
    boolean recovered;
    /**
     * Run by the thread of the request that waits for it (a stateless wait) rather than by a
     * worker; set before that request runs it, read by the same thread.
     */
    boolean here;

    /** This JVM's latest claim of the run from the shared queue; null when it never claimed it. */
    volatile PostgresQueue.Claim claim;

    RunRow(String id, String threadId, ServedGraph graph, ObjectNode body, RunRequest request, ObjectNode metadata) {
        this(id, threadId, graph, body, request, metadata, Clock.now());
    }

    private RunRow(
            String id,
            String threadId,
            ServedGraph graph,
            ObjectNode body,
            RunRequest request,
            ObjectNode metadata,
            Instant createdAt) {
        this.id = id;
        this.threadId = threadId;
        this.graph = graph;
        this.body = body;
        this.request = request;
        this.metadata = metadata;
        this.createdAt = createdAt;
        this.updatedAt = createdAt;
    }

    /** The row as the {@link RowStore} keeps it: request, status and result (not the live events). */
    ObjectNode stored() {
        ObjectNode out = Json.object();
        out.put("run_id", id);
        out.put("thread_id", threadId);
        out.put("graph_id", graph.graphId);
        out.set("body", body);
        out.put("temporary", request.temporary());
        out.set("metadata", metadata);
        out.put("created_at", createdAt.toString());
        out.put("updated_at", updatedAt.toString());
        out.put("status", status);
        out.set("result", result);
        out.set("as_created", asCreated);
        return out;
    }

    /**
     * The run a {@link #stored()} row describes; a finished run's events are closed (its result
     * stays for join), an unfinished one is marked {@link #recovered}.
     */
    static RunRow restore(ObjectNode row, ServedGraph graph) {
        return restore(row, graph, false);
    }

    /**
     * As {@link #restore(ObjectNode, ServedGraph)}; a {@code live} row is one another JVM on the
     * shared database may be running now: it keeps its stored status and is not marked recovered
     * (the queue decides who continues it).
     */
    static RunRow restore(ObjectNode row, ServedGraph graph, boolean live) {
        ObjectNode body = (ObjectNode) row.get("body");
        RunRow r = new RunRow(
                Json.text(row, "run_id"),
                Json.text(row, "thread_id"),
                graph,
                body,
                RunRequest.parse(body, row.path("temporary").asBoolean()),
                (ObjectNode) row.get("metadata"),
                Instant.parse(Json.text(row, "created_at")));
        r.updatedAt = Instant.parse(Json.text(row, "updated_at"));
        r.status = Json.text(row, "status");
        JsonNode result = row.get("result");
        r.result = result == null || result.isNull() ? null : result;
        r.asCreated = (ObjectNode) row.get("as_created");
        if (r.finished()) {
            r.events.close();
        } else if (!live) {
            r.recovered = true;
            r.status = "pending";
        }
        return r;
    }

    /** Takes the status and result of a stored row another JVM wrote; a finished run's events close. */
    void reload(ObjectNode row) {
        String s = Json.text(row, "status");
        JsonNode res = row.get("result");
        result = res == null || res.isNull() ? result : res;
        updatedAt = Instant.parse(Json.text(row, "updated_at"));
        status = s;
        if (finished()) {
            events.close();
        }
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
        k.put("resumable", request.streamResumable());
        k.set("stream_mode", Json.tree(List.copyOf(request.streamModes())));
        k.put("subgraphs", request.subgraphs());
        k.put("temporary", request.temporary());
        return k;
    }
}
