package dev.switchboard.server.api;

import dev.switchboard.runtime.NodeUpdate;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StateUpdate;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.runtime.checkpoint.ThreadStorage;
import dev.switchboard.server.http.Exchange;
import dev.switchboard.server.http.Router;
import dev.switchboard.server.rows.Registry;
import dev.switchboard.server.rows.ThreadRow;
import dev.switchboard.server.runs.Outcome;
import dev.switchboard.server.runs.RunPipeline;
import dev.switchboard.server.wire.ApiException;
import dev.switchboard.server.wire.Json;
import dev.switchboard.server.wire.RunRequest;
import dev.switchboard.server.wire.ServedGraph;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * What keeps threads in shape: {@code POST /threads/prune} (delete threads, or keep only their
 * latest checkpoint), {@code GET /threads/{id}/storage} (what a thread costs in the checkpointer,
 * per channel), {@code GET /threads/{id}/history} (the history by query parameters), a thread's
 * time to live ({@code ttl} on create and patch, enforced by {@link #sweep}) and the {@code
 * supersteps} a thread can be created with (LangGraph's way of copying a thread between servers).
 */
public final class ThreadUpkeep {
    private static final Logger LOG = LoggerFactory.getLogger(ThreadUpkeep.class);

    private final Registry registry;
    private final Threads threads;
    private final CheckpointSaver saver;
    private final RunPipeline pipeline;

    /**
     * The endpoints and sweep.
     *
     * @param registry the rows
     * @param threads the thread endpoints (lookup, history)
     * @param saver the checkpointer
     * @param pipeline the runs
     */
    public ThreadUpkeep(Registry registry, Threads threads, CheckpointSaver saver, RunPipeline pipeline) {
        this.registry = registry;
        this.threads = threads;
        this.saver = saver;
        this.pipeline = pipeline;
    }

    /**
     * Registers the endpoints.
     *
     * @param r the router
     */
    public void routes(Router r) {
        r.add("POST", "/threads/prune", this::prune);
        r.add("GET", "/threads/{thread_id}/storage", this::storage);
        r.add("GET", "/threads/{thread_id}/history", this::history);
    }

    private void prune(Exchange ex) throws IOException {
        ObjectNode body = ex.body();
        String strategy = RunRequest.oneOf(body, "strategy", Set.of("delete", "keep_latest"), "delete");
        JsonNode ids = body.get("thread_ids");
        if (ids == null || !ids.isArray()) {
            throw ApiException.invalid("thread_ids", "thread_ids must be a list of thread ids");
        }
        List<ThreadRow> found = new ArrayList<>();
        for (JsonNode id : ids) {
            Threads.checkUuid(id.asString(), "thread_ids");
            ThreadRow t = registry.thread(id.asString(), ex.owner());
            if (t != null) {
                found.add(t);
            }
        }
        int pruned = 0;
        for (ThreadRow t : found) {
            if (prune(t, strategy)) {
                pruned++;
            }
        }
        ex.json(200, Json.object().put("pruned_count", pruned));
    }

    /** Deletes the thread, or keeps only its latest checkpoints; a busy thread is left alone. */
    private boolean prune(ThreadRow t, String strategy) {
        synchronized (t) {
            if (strategy.equals("delete")) {
                pipeline.deleteThread(t);
                return true;
            }
            if (pipeline.busy(t)) {
                return false;
            }
            saver.prune(t.id(), 1);
            return true;
        }
    }

    private void storage(Exchange ex) {
        ThreadRow t = threads.require(ex);
        ThreadStorage s;
        try {
            s = saver.storage(t.id());
        } catch (UnsupportedOperationException e) {
            throw ApiException.status(501, "the server's checkpointer does not measure its storage: " + e.getMessage());
        }
        ObjectNode out = Json.object();
        out.put("thread_id", t.id());
        out.put("total_bytes", s.totalBytes());
        out.put("checkpoints", s.checkpoints());
        out.put("checkpoint_bytes", s.checkpointBytes());
        out.put("value_bytes", s.valueBytes());
        out.put("write_bytes", s.writeBytes());
        ObjectNode channels = out.putObject("channels");
        s.channels().forEach((name, c) -> channels.set(name, channel(c)));
        ObjectNode namespaces = out.putObject("namespaces");
        s.namespaces().forEach((ns, n) -> {
            ObjectNode o = namespaces.putObject(ns);
            o.put("total_bytes", n.totalBytes());
            o.put("checkpoints", n.checkpoints());
            o.put("checkpoint_bytes", n.checkpointBytes());
            ObjectNode nc = o.putObject("channels");
            n.channels().forEach((name, c) -> nc.set(name, channel(c)));
        });
        ex.json(200, out);
    }

    private static ObjectNode channel(ThreadStorage.ChannelStorage c) {
        ObjectNode o = Json.object();
        o.put("total_bytes", c.valueBytes() + c.writeBytes());
        o.put("snapshots", c.snapshots());
        o.put("deltas", c.deltas());
        o.put("value_bytes", c.valueBytes());
        o.put("writes", c.writes());
        o.put("write_bytes", c.writeBytes());
        return o;
    }

    private void history(Exchange ex) {
        ThreadRow t = threads.require(ex);
        ServedGraph g = threads.graphOf(t);
        if (g == null) {
            ex.json(200, Json.array());
            return;
        }
        String limit = ex.query("limit");
        int n;
        try {
            n = limit == null || limit.isEmpty() ? 10 : Integer.parseInt(limit);
        } catch (NumberFormatException e) {
            throw ApiException.invalid("limit", "limit must be an integer, was \"" + limit + "\"");
        }
        if (n < 1) {
            throw ApiException.invalid("limit", "limit must be 1 or more, was " + n);
        }
        String before = ex.query("before");
        ex.json(200, threads.history(t, g, n, before == null || before.isEmpty() ? null : before, null, Map.of()));
    }

    /**
     * A request's {@code ttl}: minutes, or {@code {ttl: minutes, strategy: "delete" | "keep_latest"}}.
     *
     * @param body the request body
     * @return {@code {ttl, strategy}}, or null when the body has none
     */
    static ObjectNode ttl(ObjectNode body) {
        JsonNode n = body.get("ttl");
        if (n == null || n.isNull()) {
            return null;
        }
        JsonNode minutes = n.isObject() ? n.get("ttl") : n;
        // compared as decimals: 1e400 has no double (asDouble throws); a century at most
        if (minutes == null
                || !minutes.isNumber()
                || minutes.decimalValue().signum() <= 0
                || minutes.decimalValue().compareTo(java.math.BigDecimal.valueOf(100L * 366 * 24 * 60)) > 0) {
            throw ApiException.invalid("ttl", "ttl must be a positive number of minutes, or {ttl, strategy}");
        }
        String strategy =
                n.isObject() ? RunRequest.oneOf(n, "strategy", Set.of("delete", "keep_latest"), "delete") : "delete";
        return Json.object().put("ttl", minutes.asDouble()).put("strategy", strategy);
    }

    /**
     * Applies a new thread's {@code supersteps}: each a list of updates ({@code values} or a {@code
     * command}'s {@code update}, each {@code as_node}), written as the graph's {@code
     * bulkUpdateState} writes them. The graph is the one its metadata names ({@code graph_id}).
     *
     * @param registry the rows
     * @param t the new thread
     * @param body the create request
     * @param graphs resolves the graph id
     */
    static void supersteps(Registry registry, ThreadRow t, ObjectNode body, Assistants graphs) {
        JsonNode steps = body.get("supersteps");
        if (steps == null || steps.isNull()) {
            return;
        }
        String graphId = Json.text(t.metadata(), "graph_id");
        if (graphId == null) {
            throw ApiException.badRequest(
                    "a thread created with supersteps needs metadata.graph_id (the SDK's graphId)");
        }
        ServedGraph g = graphs.find(graphId);
        List<List<NodeUpdate>> all = new ArrayList<>();
        for (JsonNode step : steps) {
            List<NodeUpdate> updates = new ArrayList<>();
            for (JsonNode u : step.path("updates")) {
                updates.add(new NodeUpdate(update(g, u), Json.text(u, "as_node")));
            }
            all.add(updates);
        }
        synchronized (t) {
            try {
                g.graph().bulkUpdateState(RunConfig.thread(t.id()), all);
            } catch (IllegalArgumentException e) {
                throw ApiException.badRequest("supersteps: " + e.getMessage());
            }
            Outcome.refresh(t, g);
            t.touch();
            registry.save(t);
        }
    }

    private static StateUpdate update(ServedGraph g, JsonNode u) {
        JsonNode command = u.get("command");
        if (command != null && !command.isNull()) {
            if (command.has("goto") || command.has("resume")) {
                throw ApiException.badRequest("a superstep's command may only update the state");
            }
            return g.update(command.path("update"), "supersteps.command.update");
        }
        JsonNode values = u.get("values");
        return g.update(values == null || values.isNull() ? Json.object() : values, "supersteps.values");
    }

    /**
     * Deletes (or prunes to their latest checkpoint) the threads whose time to live is over; a
     * busy thread waits for the next sweep. Servers sharing a database may sweep at once: a thread
     * deleted twice is deleted once.
     *
     * @return how many threads it deleted or pruned
     */
    public int sweep() {
        int n = 0;
        for (ThreadRow t : registry.expired(Instant.now())) {
            String strategy = t.ttl() == null ? "delete" : Json.text(t.ttl(), "strategy");
            try {
                boolean keep = "keep_latest".equals(strategy);
                if (!pipeline.busy(t) && prune(t, keep ? "keep_latest" : "delete")) {
                    n++;
                    if (keep) {
                        synchronized (t) { // pruned: its time to live starts again
                            t.touch();
                            registry.save(t);
                        }
                    }
                }
            } catch (RuntimeException e) {
                LOG.warn("could not sweep {} past its ttl: {}", t, e.getMessage());
            }
        }
        if (n > 0) {
            LOG.info("swept {} thread(s) past their ttl", n);
        }
        return n;
    }
}
