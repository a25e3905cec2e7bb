package dev.switchboard.server.rows;

import dev.switchboard.runtime.serde.IsoInstant;
import dev.switchboard.server.wire.Frozen;
import dev.switchboard.server.wire.Json;
import dev.switchboard.server.wire.RunOptions;
import dev.switchboard.server.wire.RunRequest;
import dev.switchboard.server.wire.RunStatus;
import dev.switchboard.server.wire.ServedGraph;
import java.time.Instant;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A run's row: what was asked (its request), where it is (status) and what it produced (its
 * result). What a run does while it executes lives in the run pipeline, not here. Its monitor
 * guards the status: {@link #awaitFinished} waits on it.
 */
public final class RunRow {
    /**
     * The body field that marks a run started through the thread-centric protocol ({@code POST
     * /threads/{id}/commands}): its events are the protocol's, not the run API's. LangGraph's
     * server marks such runs alike.
     */
    public static final String PROTOCOL_RUN = "__protocol_stream_run";

    private final String id;
    private final String threadId;
    private final ServedGraph graph;
    /**
     * The parsed request from the run's creation until it waits in the queue ({@link #shelve}) and
     * while it executes; else null, and parsed again from {@link #body} when asked: a run waiting
     * in the queue or finished holds its request as bytes only.
     */
    private RunRequest request;
    /** The request body as received, from which {@link #request} is parsed again after a restart. */
    private final Frozen body;
    /** Whether the body marks a run of the thread protocol ({@link #PROTOCOL_RUN}). */
    private final boolean protocol;

    private final boolean temporary;

    private final ObjectNode metadata;
    private final RunOptions options;
    private final Instant createdAt;
    private Instant updatedAt;
    private RunStatus status = RunStatus.PENDING;
    /** What join answers: the last values, {@code {__interrupt__}} or {@code {__error__}}. */
    private Frozen result;
    /** The run as it was when created (status pending), what the create endpoint answers. */
    private Frozen asCreated;

    /**
     * A new pending run.
     *
     * @param id the run id
     * @param threadId its thread
     * @param graph its graph
     * @param body the request body
     * @param request the parsed request
     * @param metadata the run's metadata
     */
    public RunRow(
            String id, String threadId, ServedGraph graph, ObjectNode body, RunRequest request, ObjectNode metadata) {
        this(id, threadId, graph, body, request, metadata, Clock.now());
    }

    /**
     * A new pending run created at a given time: a run asked to wait ({@code after_seconds}) is
     * created when it may start, as LangGraph dates it.
     *
     * @param id the run id
     * @param threadId its thread
     * @param graph its graph
     * @param body the request body
     * @param request the parsed request
     * @param metadata the run's metadata
     * @param createdAt when it may start
     */
    public RunRow(
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
        this.body = Frozen.of(body);
        this.request = request; // the run starts at once, mostly: its request is parsed already
        this.protocol = body.path(PROTOCOL_RUN).asBoolean(false);
        this.temporary = request.temporary();
        this.metadata = metadata;
        this.options = RunOptions.parse(body);
        this.createdAt = createdAt;
        this.updatedAt = createdAt;
    }

    /** @return the run id */
    public String id() {
        return id;
    }

    /** @return the thread's id */
    public String threadId() {
        return threadId;
    }

    /**
     * The assistant it runs; a row stored before assistants were rows names its graph instead,
     * which stands for the graph's system assistant.
     *
     * @return the assistant id
     */
    public String assistantId() {
        String a = request().assistantId();
        return a.equals(graph.graphId()) ? graph.assistantId() : a;
    }

    /** @return the graph it runs */
    public ServedGraph graph() {
        return graph;
    }

    /** @return whether it was started through the thread protocol ({@link #PROTOCOL_RUN}) */
    public boolean protocol() {
        return protocol;
    }

    /**
     * The run's request, parsed from its body: once while it executes, else each time asked (a
     * run keeps its body as bytes only, but while it runs).
     *
     * @return the parsed request
     */
    public RunRequest request() {
        synchronized (this) {
            if (request != null) {
                return request;
            }
        }
        RunRequest r = RunRequest.parse((ObjectNode) body.thaw(), temporary);
        synchronized (this) {
            if (status == RunStatus.RUNNING && request == null) {
                request = r;
            }
        }
        return r;
    }

    /**
     * Lets go of the parsed request of a run left waiting in the queue (not started at its
     * creation): until it starts, it holds its request as bytes only.
     */
    public synchronized void shelve() {
        if (status == RunStatus.PENDING) {
            request = null;
        }
    }

    /** @return the size of its request body as JSON, in bytes */
    public int bodyBytes() {
        return body.bytes().length;
    }

    /** @return whether it is a stateless run's, never stored */
    public boolean temporary() {
        return temporary;
    }

    /** @return the run's other options (delay, thread kept, durability, webhook) */
    public RunOptions options() {
        return options;
    }

    /** @return the run's metadata (not to be changed) */
    public ObjectNode metadata() {
        return metadata;
    }

    /** @return when it was created */
    public Instant createdAt() {
        return createdAt;
    }

    /** @return its status */
    public synchronized RunStatus status() {
        return status;
    }

    /** @return its result (a new tree), or null before it finished */
    public synchronized JsonNode result() {
        return Frozen.thaw(result);
    }

    /** @return its result as JSON (UTF-8), or null before it finished: no tree made */
    public synchronized byte[] resultJson() {
        return result == null ? null : result.bytes();
    }

    /** @return the answer of the create endpoint (a new tree), or null for a run never answered */
    public synchronized ObjectNode asCreated() {
        return (ObjectNode) Frozen.thaw(asCreated);
    }

    /** @return the answer of the create endpoint as JSON (UTF-8), or null: no tree made */
    public synchronized byte[] asCreatedJson() {
        return asCreated == null ? null : asCreated.bytes();
    }

    /** Records the run as created, what the create endpoint answers (before a worker takes it). */
    public synchronized void created() {
        asCreated = Frozen.of(json());
    }

    /** @return whether it is over */
    public synchronized boolean finished() {
        return status.finished();
    }

    /**
     * Whether the run finished before {@code t}: a run a shared database's cache may let go, its
     * outcome written by then (see {@link Registry}).
     */
    synchronized boolean finishedBefore(Instant t) {
        return status.finished() && updatedAt.isBefore(t);
    }

    /**
     * Sets the status (and with it the update time); a finished status wakes those who wait.
     *
     * @param s the status
     */
    public synchronized void status(RunStatus s) {
        status = s;
        updatedAt = Clock.now();
        if (s != RunStatus.RUNNING) {
            request = null; // what executing it needs: parsed from the body when asked
        }
        if (s.finished()) {
            notifyAll();
        }
    }

    /**
     * Sets the outcome: status and result together.
     *
     * @param s a finished status
     * @param result what join answers
     */
    public synchronized void outcome(RunStatus s, JsonNode result) {
        this.result = Frozen.of(result);
        status(s);
    }

    /**
     * Waits until the run is over.
     *
     * @throws InterruptedException if interrupted meanwhile
     */
    public synchronized void awaitFinished() throws InterruptedException {
        while (!status.finished()) {
            wait();
        }
    }

    /**
     * Waits until the run is over or the time is up.
     *
     * @param millis how long at most
     * @return whether it is over
     * @throws InterruptedException if interrupted meanwhile
     */
    public synchronized boolean awaitFinished(long millis) throws InterruptedException {
        long end = System.nanoTime() + millis * 1_000_000;
        while (!status.finished()) {
            long left = (end - System.nanoTime()) / 1_000_000;
            if (left <= 0) {
                return false;
            }
            wait(left);
        }
        return true;
    }

    /**
     * The row as the {@link RowStore} keeps it: request, status and result.
     *
     * @return the JSON
     */
    public synchronized ObjectNode stored() {
        return storedAs(status, Frozen.thaw(result));
    }

    /**
     * The row as the {@link RowStore} is to keep it once the run ended so, before this object shows
     * it.
     *
     * @param status its status
     * @param result its result
     * @return the JSON
     */
    public synchronized ObjectNode storedAs(RunStatus status, JsonNode result) {
        ObjectNode out = Json.object();
        // status and updated_at first: the PostgreSQL queue's claim rewrites them in the row's text
        // (a prefix no user data can fake), leaving the rest byte for byte as written
        out.put("status", status.wireName());
        out.put("updated_at", IsoInstant.format(status == this.status ? updatedAt : Clock.now()));
        out.put("run_id", id);
        out.put("thread_id", threadId);
        out.put("graph_id", graph.graphId());
        // body and answer as their text: this tree is only written out, as the row
        out.putRawValue("body", Frozen.raw(body));
        out.put("temporary", temporary);
        out.set("metadata", metadata);
        out.put("created_at", IsoInstant.format(createdAt));
        out.set("result", result);
        if (asCreated == null) {
            out.putNull("as_created");
        } else {
            out.putRawValue("as_created", Frozen.raw(asCreated));
        }
        return out;
    }

    /**
     * The run a {@link #stored()} row describes, with its stored status.
     *
     * @param row the row
     * @param graph its graph
     * @return the run
     */
    public static RunRow restore(ObjectNode row, ServedGraph graph) {
        ObjectNode body = (ObjectNode) row.get("body");
        RunRow r = new RunRow(
                Json.text(row, "run_id"),
                Json.text(row, "thread_id"),
                graph,
                body,
                RunRequest.parse(body, row.path("temporary").asBoolean()),
                (ObjectNode) row.get("metadata"),
                IsoInstant.parse(Json.text(row, "created_at")));
        // the request stays parsed only for a run claimed to execute here (status running): the
        // reload below lets go of it otherwise, as a run that waits or ended holds bytes only
        JsonNode created = row.get("as_created");
        r.asCreated = created == null || created.isNull() ? null : Frozen.of(created);
        r.reload(row);
        return r;
    }

    /**
     * Takes the status and result of a stored row (another JVM may have written it).
     *
     * @param row the stored row
     */
    public synchronized void reload(ObjectNode row) {
        JsonNode res = row.get("result");
        result = res == null || res.isNull() ? result : Frozen.of(res);
        updatedAt = IsoInstant.parse(Json.text(row, "updated_at"));
        status = RunStatus.parse(Json.text(row, "status"));
        if (status != RunStatus.RUNNING) {
            request = null;
        }
        if (status.finished()) {
            notifyAll();
        }
    }

    /**
     * The run as the API answers it.
     *
     * @return the JSON
     */
    public synchronized ObjectNode json() {
        RunRequest request = request();
        ObjectNode out = Json.object();
        out.put("run_id", id);
        out.put("thread_id", threadId);
        out.put("assistant_id", assistantId());
        out.put("created_at", IsoInstant.format(createdAt));
        out.put("updated_at", IsoInstant.format(updatedAt));
        out.put("status", status.wireName());
        out.set("metadata", metadata.deepCopy());
        out.put("multitask_strategy", request.multitaskStrategy().wireName());
        out.set("kwargs", kwargs(request));
        return out;
    }

    private ObjectNode kwargs(RunRequest request) {
        ObjectNode k = Json.object();
        // the config as the run executes it (its assistant's under the request's), with the ids
        ObjectNode config = RunRequest.objectOrEmpty((ObjectNode) body.thaw(), "config");
        k.set("config", config);
        ObjectNode configurable = Json.object();
        request.configurable().properties().forEach(e -> configurable.set(e.getKey(), e.getValue()));
        configurable.put("assistant_id", assistantId());
        configurable.put("graph_id", graph.graphId());
        configurable.put("run_id", id);
        configurable.put("thread_id", threadId);
        config.set("configurable", configurable);
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
        options.describe(k);
        return k;
    }

    @Override
    public String toString() {
        return "run " + id + " on thread " + threadId;
    }
}
