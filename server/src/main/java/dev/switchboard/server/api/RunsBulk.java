package dev.switchboard.server.api;

import dev.switchboard.server.http.Exchange;
import dev.switchboard.server.http.Router;
import dev.switchboard.server.rows.Registry;
import dev.switchboard.server.rows.RunRow;
import dev.switchboard.server.rows.ThreadRow;
import dev.switchboard.server.runs.RunPipeline;
import dev.switchboard.server.runs.RunQueue;
import dev.switchboard.server.runs.Stop;
import dev.switchboard.server.wire.ApiException;
import dev.switchboard.server.wire.CancelAction;
import dev.switchboard.server.wire.Fields;
import dev.switchboard.server.wire.Json;
import dev.switchboard.server.wire.RunRequest;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Runs by the batch: {@code POST /runs/batch} creates stateless background runs from a list of
 * run requests (all are checked before any is created, so a bad one creates none), and {@code POST
 * /runs/cancel} cancels runs by id (each must be the caller's, else 404 and none is cancelled), or
 * every unfinished run of a thread, or of the caller's threads by {@code status} ({@code pending},
 * {@code running} or {@code all}).
 */
final class RunsBulk {
    private final Registry registry;
    private final RunPipeline pipeline;
    private final RunStarter starter;

    RunsBulk(Registry registry, RunPipeline pipeline, RunStarter starter) {
        this.registry = registry;
        this.pipeline = pipeline;
        this.starter = starter;
    }

    void routes(Router r) {
        r.add("POST", "/runs/batch", this::batch);
        r.add("POST", "/runs/cancel", this::cancel);
    }

    private void batch(Exchange ex) throws IOException {
        JsonNode body = ex.rawBody();
        if (!body.isArray()) {
            throw ApiException.invalid("body", "the body of /runs/batch must be a list of run requests");
        }
        List<RunStarter.Checked> checked = new ArrayList<>();
        List<ObjectNode> bodies = new ArrayList<>();
        for (JsonNode item : body) {
            if (!item.isObject()) {
                throw ApiException.invalid("body", "each run request of a batch must be a JSON object");
            }
            bodies.add((ObjectNode) item);
            checked.add(starter.check((ObjectNode) item, true));
        }
        ArrayNode out = Json.array();
        for (int i = 0; i < bodies.size(); i++) {
            RunRow run = starter.start(RunStarter.Start.of(ex.owner(), null, bodies.get(i), false), checked.get(i));
            out.add(run.asCreated());
        }
        ex.json(200, out);
    }

    private void cancel(Exchange ex) throws IOException {
        ObjectNode body = ex.body();
        String action = ex.query("action") == null ? "interrupt" : ex.query("action");
        CancelAction how = CancelAction.parse(action);
        if (how == null) {
            throw ApiException.invalid("action", "action must be interrupt or rollback, was \"" + action + "\"");
        }
        String threadId = Fields.string(body, "thread_id");
        String status = RunRequest.oneOf(body, "status", Set.of("pending", "running", "all"), null);
        JsonNode ids = body.get("run_ids");
        List<RunRow> chosen;
        if (ids != null && !ids.isNull()) {
            chosen = byIds(ex, threadId, ids);
        } else if (threadId != null || status != null) {
            chosen = byStatus(ex, threadId, status == null ? "all" : status);
        } else {
            throw ApiException.invalid("run_ids", "name the runs to cancel: run_ids, thread_id or status");
        }
        for (RunRow r : chosen) {
            pipeline.cancel(r, Stop.of(how, true));
        }
        ex.empty(204);
    }

    private List<RunRow> byIds(Exchange ex, String threadId, JsonNode ids) {
        if (!ids.isArray()) {
            throw ApiException.invalid("run_ids", "run_ids must be a list of run ids");
        }
        List<RunRow> out = new ArrayList<>();
        for (JsonNode id : ids) {
            Threads.checkUuid(id.asString(), "run_ids");
            RunRow r = registry.run(id.asString());
            ThreadRow t = r == null ? null : registry.thread(r.threadId());
            if (t == null
                    || !Objects.equals(t.owner(), ex.owner())
                    || (threadId != null && !threadId.equals(r.threadId()))) {
                throw ApiException.notFound("Run with ID " + id.asString() + " not found");
            }
            out.add(r);
        }
        return out;
    }

    private List<RunRow> byStatus(Exchange ex, String threadId, String status) {
        if (threadId != null) {
            Threads.checkUuid(threadId, "thread_id");
            if (registry.thread(threadId, ex.owner()) == null) {
                throw ApiException.notFound("Thread with ID " + threadId + " not found");
            }
        }
        Map<String, RunRow> out = new LinkedHashMap<>();
        for (RunQueue.ActiveRun a : pipeline.activeRuns()) {
            boolean wanted = status.equals("all") || (status.equals("running") == a.running());
            if (!wanted || (threadId != null && !threadId.equals(a.threadId()))) {
                continue;
            }
            RunRow r = registry.run(a.runId());
            ThreadRow t = r == null ? null : registry.thread(r.threadId());
            if (t != null && Objects.equals(t.owner(), ex.owner())) {
                out.put(r.id(), r);
            }
        }
        return List.copyOf(out.values());
    }
}
