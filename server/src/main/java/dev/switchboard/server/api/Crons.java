package dev.switchboard.server.api;

import dev.switchboard.server.http.Exchange;
import dev.switchboard.server.http.Router;
import dev.switchboard.server.rows.CronSchedule;
import dev.switchboard.server.rows.CronTable;
import dev.switchboard.server.rows.Registry;
import dev.switchboard.server.rows.RunRow;
import dev.switchboard.server.rows.ThreadRow;
import dev.switchboard.server.runs.Outcome;
import dev.switchboard.server.runs.RunPipeline;
import dev.switchboard.server.wire.ApiException;
import dev.switchboard.server.wire.Filters;
import dev.switchboard.server.wire.Json;
import dev.switchboard.server.wire.RunRequest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * LangGraph's crons: runs started on a schedule, stateless (each firing on a thread of its own,
 * deleted after its run unless {@code on_run_completed: "keep"}) or on one thread. The endpoints
 * create, patch (schedule, payload, {@code enabled}, {@code end_time}), delete, search and count
 * them; {@link #fireDue} starts the runs of the crons that are due, called by the server every few
 * seconds. Each firing's run (and a stateless firing's thread) has an id made from the cron and
 * the time it was due, and the {@link CronTable} locks a due cron while it fires, so on PostgreSQL
 * each due time runs exactly once across the servers, and one missed while every server was down
 * runs when the next starts (once, however many it missed). A firing's run is stored and queued as
 * any thread's run (a stateless firing's thread too, deleted when the run ends), so a server that
 * dies while it runs leaves it to another server (or to itself restarted). A cron is its caller's,
 * as threads are.
 */
public final class Crons {
    private static final Logger LOG = LoggerFactory.getLogger(Crons.class);
    /** Fields of a create or patch body that describe the cron, not the run it starts. */
    private static final Set<String> CRON_FIELDS =
            Set.of("schedule", "end_time", "enabled", "timezone", "on_run_completed", "thread_id", "metadata");

    private static final Set<String> SORT_KEYS =
            Set.of("cron_id", "assistant_id", "thread_id", "created_at", "updated_at", "next_run_date");

    private final Registry registry;
    private final RunStarter starter;
    private final CronTable table;
    private final RunPipeline pipeline;
    /**
     * The time to live of a stateless firing's thread, in minutes: a busy thread is never swept, so
     * this only ever deletes one whose run ended on a server that died before deleting it.
     */
    private static final double DROP_TTL_MINUTES = 1;

    /**
     * The endpoints.
     *
     * @param registry the rows (a thread cron's thread)
     * @param starter starts the firings' runs
     * @param table the crons
     * @param pipeline the runs (a stateless firing's thread is deleted through it)
     */
    public Crons(Registry registry, RunStarter starter, CronTable table, RunPipeline pipeline) {
        this.registry = registry;
        this.pipeline = pipeline;
        this.starter = starter;
        this.table = table;
    }

    /**
     * Registers the endpoints.
     *
     * @param r the router
     */
    public void routes(Router r) {
        r.add("POST", "/runs/crons", ex -> ex.json(200, create(ex, null)));
        r.add("POST", "/threads/{thread_id}/runs/crons", ex -> ex.json(200, create(ex, ex.param("thread_id"))));
        r.add("POST", "/runs/crons/search", this::search);
        r.add(
                "POST",
                "/runs/crons/count",
                ex -> ex.json(200, Json.tree(matching(ex.owner(), ex.body()).size())));
        r.add("PATCH", "/runs/crons/{cron_id}", this::patch);
        r.add("DELETE", "/runs/crons/{cron_id}", this::delete);
    }

    private ObjectNode create(Exchange ex, String threadId) throws IOException {
        ObjectNode body = ex.body();
        if (threadId != null) {
            Threads.checkUuid(threadId, "thread_id");
            if (registry.thread(threadId, ex.owner()) == null) {
                throw ApiException.notFound("Thread with ID " + threadId + " not found");
            }
        }
        String schedule = requiredText(body, "schedule");
        ZoneId zone = zone(body);
        CronSchedule parsed = parse(schedule);
        ObjectNode payload = payload(body);
        starter.check(payload.deepCopy(), threadId == null); // the run it starts must be a valid one
        Instant now = Instant.now();
        ObjectNode cron = Json.object();
        cron.put("cron_id", UUID.randomUUID().toString());
        cron.put("assistant_id", Json.text(payload, "assistant_id"));
        cron.put("thread_id", threadId);
        cron.put("user_id", ex.owner());
        cron.set("payload", payload);
        cron.put("schedule", schedule);
        cron.put("timezone", zone == null ? null : zone.getId());
        cron.put("end_time", endTime(body));
        cron.put("enabled", enabled(body, true));
        cron.put("on_run_completed", threadId == null ? onRunCompleted(body, "delete") : null);
        cron.put("created_at", now.toString());
        cron.put("updated_at", now.toString());
        cron.set("metadata", RunRequest.objectOrEmpty(body, "metadata"));
        cron.put("next_run_date", next(cron, parsed, now));
        table.create(cron);
        return cron;
    }

    private void patch(Exchange ex) throws IOException {
        ObjectNode body = ex.body();
        ObjectNode current = require(ex);
        String schedule = body.has("schedule") ? requiredText(body, "schedule") : Json.text(current, "schedule");
        CronSchedule parsed = parse(schedule);
        ZoneId zone = body.has("timezone") ? zone(body) : null;
        String endTime = body.has("end_time") ? endTime(body) : null;
        ObjectNode payloadPatch = payload(body);
        payloadPatch.remove("assistant_id");
        ObjectNode newPayload = ((ObjectNode) current.get("payload")).deepCopy();
        payloadPatch.properties().forEach(e -> newPayload.set(e.getKey(), e.getValue()));
        starter.check(newPayload.deepCopy(), current.get("thread_id").isNull());
        Instant now = Instant.now();
        ObjectNode updated = table.update(Json.text(current, "cron_id"), c -> {
            ObjectNode n = c.deepCopy();
            n.put("schedule", schedule);
            if (body.has("timezone")) {
                n.put("timezone", zone == null ? null : zone.getId());
            }
            if (body.has("end_time")) {
                n.put("end_time", endTime);
            }
            if (body.has("enabled")) {
                n.put("enabled", enabled(body, true));
            }
            if (body.has("on_run_completed") && c.get("thread_id").isNull()) {
                n.put("on_run_completed", onRunCompleted(body, "delete"));
            }
            if (body.has("metadata")) {
                ObjectNode md = ((ObjectNode) c.get("metadata")).deepCopy();
                RunRequest.objectOrEmpty(body, "metadata").properties().forEach(e -> md.set(e.getKey(), e.getValue()));
                n.set("metadata", md);
            }
            n.set("payload", newPayload);
            n.put("updated_at", now.toString());
            n.put("next_run_date", next(n, parsed, now));
            return n;
        });
        if (updated == null) {
            throw ApiException.notFound("Cron with ID " + ex.param("cron_id") + " not found");
        }
        ex.json(200, updated);
    }

    private void delete(Exchange ex) throws IOException {
        ObjectNode c = require(ex);
        table.delete(Json.text(c, "cron_id"));
        ex.empty(204);
    }

    private void search(Exchange ex) throws IOException {
        ObjectNode body = ex.body();
        String sortBy = RunRequest.oneOf(body, "sort_by", SORT_KEYS, "created_at");
        boolean asc = RunRequest.oneOf(body, "sort_order", Set.of("asc", "desc"), "desc")
                .equals("asc");
        Comparator<ObjectNode> order = Comparator.comparing(
                        (ObjectNode c) -> Objects.toString(Json.text(c, sortBy), ""))
                .thenComparing(c -> Json.text(c, "cron_id"));
        var out = Json.array();
        matching(ex.owner(), body).stream()
                .sorted(asc ? order : order.reversed())
                .skip(natural(body, "offset", 0))
                .limit(natural(body, "limit", 10))
                .forEach(c -> out.add(select(body, c)));
        ex.json(200, out);
    }

    /** The caller's crons passing a search's or count's filters. */
    private List<ObjectNode> matching(String owner, ObjectNode body) {
        String assistantId = optionalText(body, "assistant_id");
        String threadId = optionalText(body, "thread_id");
        JsonNode enabled = body.get("enabled");
        ObjectNode metadata = RunRequest.objectOrEmpty(body, "metadata");
        return table.all().stream()
                .filter(c -> Objects.equals(Json.text(c, "user_id"), owner))
                .filter(c -> assistantId == null || assistantId.equals(Json.text(c, "assistant_id")))
                .filter(c -> threadId == null || threadId.equals(Json.text(c, "thread_id")))
                .filter(c -> enabled == null
                        || enabled.isNull()
                        || enabled.asBoolean() == c.path("enabled").asBoolean())
                .filter(c -> Filters.contains(c.get("metadata"), metadata))
                .toList();
    }

    private ObjectNode require(Exchange ex) {
        String id = ex.param("cron_id");
        Threads.checkUuid(id, "cron_id");
        ObjectNode c = table.get(id);
        if (c == null || !Objects.equals(Json.text(c, "user_id"), ex.owner())) {
            throw ApiException.notFound("Cron with ID " + id + " not found");
        }
        return c;
    }

    /**
     * Starts the run of every cron due now and moves each on to its next time; a firing that fails
     * (its assistant deleted, its thread busy under {@code reject}) is logged and skipped.
     *
     * @return how many crons fired
     */
    public int fireDue() {
        Instant now = Instant.now();
        return table.fireDue(now, cron -> fire(cron, now));
    }

    private ObjectNode fire(ObjectNode cron, Instant now) {
        String cronId = Json.text(cron, "cron_id");
        String due = Json.text(cron, "next_run_date");
        String runId = nameId("run", cronId, due);
        if (registry.run(runId) == null) { // else it fired before this server (or another) moved it on
            ObjectNode body = ((ObjectNode) cron.get("payload")).deepCopy();
            ObjectNode md = RunRequest.objectOrEmpty(body, "metadata");
            md.put("cron_id", cronId);
            md.put("cron_due", due); // which firing: a restart's catch-up shows as one missed time
            body.set("metadata", md);
            String owner = Json.text(cron, "user_id");
            try {
                String threadId = threadOf(cron, cronId, due, owner);
                starter.start(new RunStarter.Start(owner, threadId, body, false, runId, null));
                LOG.info("cron {} fired run {} (due {})", cronId, runId, due);
            } catch (RuntimeException e) {
                LOG.warn("cron {} could not start its run due {}: {}", cronId, due, e.getMessage());
            }
        }
        ObjectNode moved = cron.deepCopy();
        moved.put("next_run_date", next(moved, parse(Json.text(cron, "schedule")), now));
        LOG.debug("cron {} due {} moved on to {}", cronId, due, Json.text(moved, "next_run_date"));
        return moved;
    }

    /**
     * The thread a firing runs on: its cron's, or for a stateless cron one of the firing's own. That
     * one is stored like any thread, so its run is queued and claimed like any run (on PostgreSQL
     * another server finishes it when this one dies); under {@code on_run_completed: "delete"} it
     * is deleted when its run ends ({@link #ended}), and carries a short time to live by which the
     * sweep deletes it should its server die before that.
     */
    private String threadOf(ObjectNode cron, String cronId, String due, String owner) {
        String threadId = Json.text(cron, "thread_id");
        if (threadId != null) {
            return threadId;
        }
        ObjectNode metadata;
        try {
            metadata = starter.madeThreadMetadata(owner);
        } catch (ApiException denied) {
            metadata = Json.object(); // the cron was allowed when made; its firing's thread gets no keys
        }
        ThreadRow t = registry.addThread(new ThreadRow(nameId("thread", cronId, due), owner, metadata, false));
        if (!Objects.equals(t.owner(), owner)) {
            throw ApiException.status(409, "Thread with ID " + t.id() + " already exists");
        }
        if (!"keep".equals(Json.text(cron, "on_run_completed"))) {
            registry.ttl(t, Json.object().put("ttl", DROP_TTL_MINUTES).put("strategy", "delete"));
        }
        return t.id();
    }

    /**
     * Deletes a stateless firing's thread once its run ended, unless its cron said {@code
     * on_run_completed: "keep"} (a run listener of the pipeline, on the server that ran it).
     *
     * @param run the run that ended
     * @param outcome how it ended
     */
    public void ended(RunRow run, Outcome outcome) {
        String cronId = Json.text(run.metadata(), "cron_id");
        String due = Json.text(run.metadata(), "cron_due");
        if (cronId == null || due == null || !run.threadId().equals(nameId("thread", cronId, due))) {
            return;
        }
        ThreadRow t = registry.thread(run.threadId());
        if (t != null && t.ttl() != null && "delete".equals(Json.text(t.ttl(), "strategy"))) {
            pipeline.deleteThread(t);
            LOG.debug("cron {} run {} ended: its thread {} deleted", cronId, run.id(), t.id());
        }
    }

    /** The id of a firing's run or thread: the same for every server that fires it. */
    private static String nameId(String kind, String cronId, String due) {
        return UUID.nameUUIDFromBytes((kind + ":" + cronId + "@" + due).getBytes(StandardCharsets.UTF_8))
                .toString();
    }

    /** The cron's next time after {@code after} (in its time zone), or null when it is past its end time. */
    private static String next(ObjectNode cron, CronSchedule schedule, Instant after) {
        String tz = Json.text(cron, "timezone");
        ZonedDateTime next = schedule.next(after.atZone(tz == null ? ZoneId.of("UTC") : ZoneId.of(tz)));
        String end = Json.text(cron, "end_time");
        if (next == null || (end != null && next.toInstant().isAfter(Instant.parse(end)))) {
            return null;
        }
        return next.toInstant().toString();
    }

    private static ObjectNode payload(ObjectNode body) {
        ObjectNode p = Json.object();
        body.properties().forEach(e -> {
            if (!CRON_FIELDS.contains(e.getKey()) && !e.getValue().isNull()) {
                p.set(e.getKey(), e.getValue());
            }
        });
        return p;
    }

    private static CronSchedule parse(String schedule) {
        try {
            return CronSchedule.parse(schedule);
        } catch (IllegalArgumentException e) {
            throw ApiException.invalid("schedule", e.getMessage());
        }
    }

    private static ZoneId zone(ObjectNode body) {
        String tz = optionalText(body, "timezone");
        if (tz == null) {
            return null;
        }
        try {
            return ZoneId.of(tz);
        } catch (DateTimeException e) {
            throw ApiException.invalid(
                    "timezone", "timezone must be an IANA time zone such as Europe/Paris, was " + tz);
        }
    }

    private static String endTime(ObjectNode body) {
        String end = optionalText(body, "end_time");
        if (end == null) {
            return null;
        }
        try {
            return OffsetDateTime.parse(end).toInstant().toString();
        } catch (DateTimeException e) {
            try {
                return Instant.parse(end).toString();
            } catch (DateTimeException again) {
                throw ApiException.invalid("end_time", "end_time must be an ISO 8601 date-time, was " + end);
            }
        }
    }

    private static boolean enabled(ObjectNode body, boolean dflt) {
        JsonNode n = body.get("enabled");
        if (n == null || n.isNull()) {
            return dflt;
        }
        if (!n.isBoolean()) {
            throw ApiException.invalid("enabled", "enabled must be true or false, was " + n);
        }
        return n.asBoolean();
    }

    private static String onRunCompleted(ObjectNode body, String dflt) {
        return RunRequest.oneOf(body, "on_run_completed", Set.of("delete", "keep"), dflt);
    }

    private static String requiredText(ObjectNode body, String field) {
        String v = optionalText(body, field);
        if (v == null || v.isBlank()) {
            throw ApiException.invalid(field, field + " is required");
        }
        return v;
    }

    private static String optionalText(ObjectNode body, String field) {
        JsonNode n = body.get(field);
        if (n == null || n.isNull()) {
            return null;
        }
        if (!n.isString()) {
            throw ApiException.invalid(field, field + " must be a string, was " + n);
        }
        return n.asString();
    }

    private static int natural(ObjectNode body, String field, int dflt) {
        JsonNode n = body.get(field);
        if (n == null || n.isNull()) {
            return dflt;
        }
        if (!n.isIntegralNumber() || n.asInt() < 0) {
            throw ApiException.invalid(field, field + " must be an integer 0 or more, was " + n);
        }
        return n.asInt();
    }

    private static ObjectNode select(ObjectNode body, ObjectNode cron) {
        JsonNode select = body.get("select");
        if (select == null || select.isNull()) {
            return cron;
        }
        if (!select.isArray()) {
            throw ApiException.invalid("select", "select must be a list of field names");
        }
        ObjectNode out = Json.object();
        for (JsonNode f : select) {
            String field = f.asString();
            if (field.equals("now")) {
                out.put("now", Instant.now().toString());
            } else if (cron.has(field)) {
                out.set(field, cron.get(field));
            } else {
                throw ApiException.invalid("select", "select names an unknown field: " + f);
            }
        }
        return out;
    }
}
