package dev.switchboard.server.api;

import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StateSnapshot;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.runtime.checkpoint.ListOptions;
import dev.switchboard.server.http.Exchange;
import dev.switchboard.server.http.Router;
import dev.switchboard.server.rows.Registry;
import dev.switchboard.server.rows.ThreadQuery;
import dev.switchboard.server.rows.ThreadRow;
import dev.switchboard.server.runs.Histories;
import dev.switchboard.server.runs.Outcome;
import dev.switchboard.server.runs.RunPipeline;
import dev.switchboard.server.wire.ApiException;
import dev.switchboard.server.wire.Fields;
import dev.switchboard.server.wire.Json;
import dev.switchboard.server.wire.RunRequest;
import dev.switchboard.server.wire.ServedGraph;
import dev.switchboard.server.wire.Wire;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** The threads endpoints: create, get, update, delete, search, count, copy, state and history. */
public final class Threads {
    private final Registry registry;
    private final Assistants assistants;
    private final CheckpointSaver saver;
    private final RunPipeline pipeline;

    /**
     * The endpoints.
     *
     * @param registry the rows
     * @param assistants the graphs
     * @param saver the server's checkpointer
     * @param pipeline the runs
     */
    public Threads(Registry registry, Assistants assistants, CheckpointSaver saver, RunPipeline pipeline) {
        this.registry = registry;
        this.assistants = assistants;
        this.saver = saver;
        this.pipeline = pipeline;
    }

    /**
     * Registers the endpoints.
     *
     * @param r the router
     */
    public void routes(Router r) {
        r.add("POST", "/threads", this::create);
        r.add("POST", "/threads/search", ex -> ex.json(200, search(ex)));
        r.add(
                "POST",
                "/threads/count",
                ex -> ex.json(200, Json.tree(registry.count(ThreadQuery.count(ex.body(), ex.owner())))));
        r.add("GET", "/threads/{thread_id}", ex -> ex.json(200, require(ex).json()));
        r.add("PATCH", "/threads/{thread_id}", this::patch);
        r.add("DELETE", "/threads/{thread_id}", this::delete);
        r.add("POST", "/threads/{thread_id}/copy", this::copy);
        r.add("GET", "/threads/{thread_id}/state", ex -> ex.json(200, state(require(ex), null)));
        r.add("POST", "/threads/{thread_id}/state/checkpoint", this::stateAtCheckpoint);
        r.add(
                "GET",
                "/threads/{thread_id}/state/{checkpoint_id}",
                ex -> ex.json(200, state(require(ex), ex.param("checkpoint_id"))));
        r.add("POST", "/threads/{thread_id}/state", this::updateState);
        r.add("POST", "/threads/{thread_id}/history", this::history);
    }

    /**
     * The caller's thread named by the path: 400 for an id that is not a UUID, 404 when unknown.
     *
     * @param ex the request
     * @return the thread
     */
    ThreadRow require(Exchange ex) {
        String id = ex.param("thread_id");
        checkUuid(id, "thread_id");
        ThreadRow t = registry.thread(id, ex.owner());
        if (t == null) {
            throw ApiException.notFound("Thread with ID " + id + " not found");
        }
        return t;
    }

    static void checkUuid(String id, String what) {
        Fields.checkUuid(id, what);
    }

    private void create(Exchange ex) throws IOException {
        ObjectNode body = ex.body();
        String ifExists = RunRequest.oneOf(body, "if_exists", Set.of("raise", "do_nothing"), "raise");
        String id = Fields.uuid(body, "thread_id");
        if (id == null) {
            id = UUID.randomUUID().toString();
        }
        ThreadRow fresh = new ThreadRow(id, ex.owner(), RunRequest.objectOrEmpty(body, "metadata"), false);
        ObjectNode ttl = ThreadUpkeep.ttl(body);
        fresh.ttl(ttl);
        ThreadRow stored = registry.addThread(fresh);
        if (stored != fresh) {
            if (ifExists.equals("raise") || !Objects.equals(stored.owner(), ex.owner())) {
                throw ApiException.status(409, "Thread with ID " + id + " already exists");
            }
        } else {
            ThreadUpkeep.supersteps(registry, stored, body, assistants);
        }
        ex.json(200, stored.json());
    }

    private void patch(Exchange ex) throws IOException {
        ThreadRow t = require(ex);
        ObjectNode body = ex.body();
        ObjectNode metadata = RunRequest.objectOrEmpty(body, "metadata");
        ObjectNode ttl = ThreadUpkeep.ttl(body);
        synchronized (t) {
            t.touch();
            registry.mergeMetadata(t, metadata);
            if (ttl != null) {
                registry.ttl(t, ttl);
            }
        }
        if ("return=minimal".equals(ex.header("Prefer"))) {
            ex.empty(204);
            return;
        }
        ex.json(200, t.json());
    }

    private void delete(Exchange ex) throws IOException {
        ThreadRow t = require(ex);
        synchronized (t) {
            pipeline.deleteThread(t);
        }
        ex.empty(204);
    }

    private void copy(Exchange ex) throws IOException {
        ThreadRow t = require(ex);
        String id = UUID.randomUUID().toString();
        ThreadRow copy;
        synchronized (t) {
            ObjectNode metadata = t.metadata().deepCopy();
            metadata.put("thread_id", id);
            copy = registry.addThread(new ThreadRow(id, ex.owner(), metadata, false));
            Histories.copy(saver, t.id(), id, c -> true);
        }
        ex.json(200, copy.json());
    }

    /** A page of threads; {@code X-Pagination-Total} says how many match, as LangGraph's search does. */
    private ArrayNode search(Exchange ex) throws IOException {
        ThreadQuery q = ThreadQuery.search(ex.body(), ex.owner());
        ArrayNode out = Json.array();
        registry.search(q).forEach(t -> out.add(t.json()));
        ex.header("X-Pagination-Total", Integer.toString(registry.count(q)));
        return out;
    }

    /** The graph a thread ran, from its metadata; null when it never ran. */
    ServedGraph graphOf(ThreadRow t) {
        String graphId = Json.text(t.metadata(), "graph_id");
        return graphId == null ? null : assistants.find(graphId);
    }

    private ObjectNode state(ThreadRow t, String checkpointId) {
        ServedGraph g = graphOf(t);
        if (g == null) {
            return emptyState();
        }
        RunConfig config = RunConfig.thread(t.id());
        if (checkpointId != null) {
            if (!hasCheckpoint(t, checkpointId)) {
                return unknownCheckpoint(t, checkpointId);
            }
            config = config.withCheckpointId(checkpointId);
        }
        return Wire.state(g, t.id(), g.graph().getState(config));
    }

    /**
     * Whether the thread has this checkpoint (in its own namespace).
     *
     * @param t the thread
     * @param checkpointId the checkpoint id
     * @return true when it does
     */
    boolean hasCheckpoint(ThreadRow t, String checkpointId) {
        return saver.getTuple(t.id(), "", checkpointId).isPresent();
    }

    /** LangGraph's answer for a checkpoint the thread does not have: an empty state at that id. */
    private static ObjectNode unknownCheckpoint(ThreadRow t, String checkpointId) {
        ObjectNode out = Json.object();
        out.putObject("values");
        out.putArray("next");
        out.putArray("tasks");
        out.putNull("created_at");
        out.set("checkpoint", Wire.checkpoint(t.id(), checkpointId, true));
        out.putNull("parent_checkpoint");
        return out;
    }

    private static ObjectNode emptyState() {
        ObjectNode out = Json.object();
        out.putObject("values");
        out.putArray("next");
        out.putArray("tasks");
        out.putObject("metadata");
        out.putNull("created_at");
        out.putNull("checkpoint");
        out.putNull("parent_checkpoint");
        return out;
    }

    private void stateAtCheckpoint(Exchange ex) throws IOException {
        ThreadRow t = require(ex);
        JsonNode cp = ex.body().get("checkpoint");
        String id = cp == null || !cp.isObject() ? null : Json.text(cp, "checkpoint_id");
        ex.json(200, state(t, id));
    }

    private void updateState(Exchange ex) throws IOException {
        ThreadRow t = require(ex);
        ObjectNode body = ex.body();
        ServedGraph g = graphOf(t);
        if (g == null) {
            throw ApiException.badRequest(
                    "Thread " + t.id() + " has no graph yet: run it once before updating its state");
        }
        RunConfig config = RunConfig.thread(t.id());
        String checkpointId = Fields.string(body, "checkpoint_id");
        if (checkpointId == null) {
            checkpointId = Fields.string(Fields.object(body, "checkpoint"), "checkpoint_id");
        }
        String asNode = Fields.string(body, "as_node");
        if (checkpointId != null) {
            if (!hasCheckpoint(t, checkpointId)) {
                throw ApiException.notFound("Checkpoint " + checkpointId + " not found on thread " + t.id());
            }
            config = config.withCheckpointId(checkpointId);
        }
        JsonNode values = body.path("values");
        RunConfig written;
        synchronized (t) {
            if (pipeline.busy(t)) {
                throw ApiException.status(409, "Thread " + t.id() + " is busy: wait for its run to finish");
            }
            // an as_node the graph does not have fails here and answers 500, as LangGraph.js's
            // server does (ConformanceCheckTest: error.update_state.unknown_node)
            written = g.graph()
                    .updateState(
                            config,
                            g.update(values.isMissingNode() || values.isNull() ? Json.object() : values, "values"),
                            asNode);
            Outcome.refresh(t, g);
            t.touch();
            registry.save(t);
        }
        ObjectNode out = Json.object();
        out.set("checkpoint", Wire.checkpoint(t.id(), written.checkpointId().orElse(null), false));
        ex.json(200, out);
    }

    private void history(Exchange ex) throws IOException {
        ThreadRow t = require(ex);
        ObjectNode body = ex.body();
        String before = Fields.string(body, "before");
        Integer limitAsked = Fields.integer(body, List.of("limit"), 1, Integer.MAX_VALUE);
        ServedGraph g = graphOf(t);
        ArrayNode out = Json.array();
        if (g == null) {
            ex.json(200, out);
            return;
        }
        int limit = limitAsked == null ? 10 : limitAsked;
        String only = Fields.string(Fields.object(body, "checkpoint"), "checkpoint_id");
        ex.json(200, history(t, g, limit, before, only, metadataFilter(body)));
    }

    /**
     * A thread's checkpoints, newest first, as states.
     *
     * @param t the thread
     * @param g its graph
     * @param limit how many at most
     * @param before the checkpoint they are older than, or null
     * @param only the one checkpoint asked for, or null
     * @param filter metadata keys each equal
     * @return the states
     */
    ArrayNode history(ThreadRow t, ServedGraph g, int limit, String before, String only, Map<String, Object> filter) {
        ArrayNode out = Json.array();
        ListOptions options = new ListOptions(filter, before, only != null ? -1 : limit);
        for (StateSnapshot<Object> s : g.graph().getStateHistory(RunConfig.thread(t.id()), options)) {
            if (only == null || only.equals(s.checkpointId().orElse(null))) {
                out.add(Wire.state(g, t.id(), s));
            }
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> metadataFilter(ObjectNode body) {
        Object plain = Json.plain(RunRequest.objectOrEmpty(body, "metadata"));
        return plain == null ? Map.of() : (Map<String, Object>) plain;
    }
}
