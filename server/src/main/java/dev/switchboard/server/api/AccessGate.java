package dev.switchboard.server.api;

import static java.util.Map.entry;

import dev.switchboard.server.auth.Action;
import dev.switchboard.server.auth.AuthRequest;
import dev.switchboard.server.auth.Authorization;
import dev.switchboard.server.auth.Decision;
import dev.switchboard.server.auth.Resource;
import dev.switchboard.server.auth.ThreadIds;
import dev.switchboard.server.http.Exchange;
import dev.switchboard.server.http.Gate;
import dev.switchboard.server.http.IdRewriter;
import dev.switchboard.server.rows.AssistantRow;
import dev.switchboard.server.rows.CronTable;
import dev.switchboard.server.rows.Registry;
import dev.switchboard.server.rows.RunRow;
import dev.switchboard.server.rows.ThreadRow;
import dev.switchboard.server.wire.ApiException;
import dev.switchboard.server.wire.Fields;
import dev.switchboard.server.wire.Filters;
import dev.switchboard.server.wire.Json;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Applies an {@link Authorization} to every authenticated request before its handler: each route
 * is classified here (resource, action, and the row it names), its handler decides, a denial
 * answers 403 ({@code Forbidden}, as LangGraph's server), and a filter is applied to the rows: a
 * row it filters out answers exactly as a row that does not exist, a search or count gets the
 * filter's keys among its metadata filters (so on PostgreSQL the database applies it, and the page
 * and total are the filtered ones), and a create or a metadata patch has the keys written into the
 * row's metadata. On thread, run and cron routes it also maps the thread ids the caller names to
 * the owner-scoped ids they are stored under, and the answer's back ({@link ThreadIds}), so
 * another tenant's thread is, to the caller, one that does not exist (a create of its id makes the
 * caller's own). A route this table does not classify is refused (403): a new route must be
 * classified before a tenant can call it ({@code AuthorizationRoutesTest} fails until it is).
 */
public final class AccessGate implements Gate {
    /** The row a route names, and how its filter applies. */
    private enum Target {
        /** No row: the decision alone (the route's inner calls are checked, as MCP's and A2A's). */
        UNGUARDED,
        /** A create: the filter's keys are written into the body's metadata. */
        CREATE,
        /** A stateless cron's create: as CREATE, and its assistant must be readable. */
        CRON_CREATE,
        /** A search: the filter's keys join the body's metadata filters. */
        SEARCH,
        /** A count: as a search. */
        COUNT,
        /** The path's thread must pass the filter. */
        THREAD,
        /** As THREAD, and the body's metadata gets the filter's keys (a thread patch). */
        THREAD_PATCH,
        /** A run on the path's thread: as THREAD (422, as the route's), the thread made stamped when asked. */
        THREAD_RUN,
        /** A cron on the path's thread: as THREAD, and the cron's metadata stamped. */
        THREAD_CRON,
        /** A stateless run: its assistant must be readable. */
        STATELESS_RUN,
        /** A batch of stateless runs: each one's assistant must be readable. */
        BATCH,
        /** The path's run: its thread must pass the filter. */
        RUN,
        /** The path's assistant must pass the filter. */
        ASSISTANT,
        /** As ASSISTANT, and the body's metadata stamped (a patch). */
        ASSISTANT_PATCH,
        /** The path's cron must pass the filter. */
        CRON,
        /** As CRON, and the body's metadata stamped (a patch). */
        CRON_PATCH,
        /** {@code POST /threads/prune}: the threads the filter hides are not pruned. */
        PRUNE,
        /** {@code POST /runs/cancel}: runs of threads the filter hides are not found. */
        CANCEL,
        /** The store: allow or deny only (there is no metadata to filter). */
        STORE
    }

    private record Rule(Resource resource, Action action, Target target) {}

    private static final Map<String, Rule> RULES = Map.ofEntries(
            entry("GET /ok", new Rule(null, null, Target.UNGUARDED)),
            entry("GET /info", new Rule(null, null, Target.UNGUARDED)),
            entry("POST /mcp", new Rule(null, null, Target.UNGUARDED)),
            entry("GET /mcp", new Rule(null, null, Target.UNGUARDED)),
            entry("DELETE /mcp", new Rule(null, null, Target.UNGUARDED)),
            entry("POST /a2a/{assistant_id}", new Rule(null, null, Target.UNGUARDED)),
            entry("GET /.well-known/agent-card.json", new Rule(null, null, Target.UNGUARDED)),
            entry("GET /ui/{graph_id}/{file}", new Rule(null, null, Target.UNGUARDED)), // a bundle's files: no rows
            entry("POST /assistants", rule(Resource.ASSISTANTS, Action.CREATE, Target.CREATE)),
            entry("POST /assistants/search", rule(Resource.ASSISTANTS, Action.SEARCH, Target.SEARCH)),
            entry("POST /assistants/count", rule(Resource.ASSISTANTS, Action.SEARCH, Target.COUNT)),
            entry("GET /assistants/{assistant_id}", rule(Resource.ASSISTANTS, Action.READ, Target.ASSISTANT)),
            entry("GET /assistants/{assistant_id}/graph", rule(Resource.ASSISTANTS, Action.READ, Target.ASSISTANT)),
            entry("GET /assistants/{assistant_id}/schemas", rule(Resource.ASSISTANTS, Action.READ, Target.ASSISTANT)),
            entry("GET /assistants/{assistant_id}/subgraphs", rule(Resource.ASSISTANTS, Action.READ, Target.ASSISTANT)),
            entry(
                    "GET /assistants/{assistant_id}/subgraphs/{namespace}",
                    rule(Resource.ASSISTANTS, Action.READ, Target.ASSISTANT)),
            entry("POST /assistants/{assistant_id}/versions", rule(Resource.ASSISTANTS, Action.READ, Target.ASSISTANT)),
            entry("PATCH /assistants/{assistant_id}", rule(Resource.ASSISTANTS, Action.UPDATE, Target.ASSISTANT_PATCH)),
            entry("POST /assistants/{assistant_id}/latest", rule(Resource.ASSISTANTS, Action.UPDATE, Target.ASSISTANT)),
            entry("DELETE /assistants/{assistant_id}", rule(Resource.ASSISTANTS, Action.DELETE, Target.ASSISTANT)),
            entry("POST /ui/{assistant_id}", rule(Resource.ASSISTANTS, Action.READ, Target.ASSISTANT)),
            entry("POST /threads", rule(Resource.THREADS, Action.CREATE, Target.CREATE)),
            entry("POST /threads/search", rule(Resource.THREADS, Action.SEARCH, Target.SEARCH)),
            entry("POST /threads/count", rule(Resource.THREADS, Action.SEARCH, Target.COUNT)),
            entry("POST /threads/prune", rule(Resource.THREADS, Action.DELETE, Target.PRUNE)),
            entry("GET /threads/{thread_id}", rule(Resource.THREADS, Action.READ, Target.THREAD)),
            entry("PATCH /threads/{thread_id}", rule(Resource.THREADS, Action.UPDATE, Target.THREAD_PATCH)),
            entry("DELETE /threads/{thread_id}", rule(Resource.THREADS, Action.DELETE, Target.THREAD)),
            entry("POST /threads/{thread_id}/copy", rule(Resource.THREADS, Action.READ, Target.THREAD)),
            entry("GET /threads/{thread_id}/state", rule(Resource.THREADS, Action.READ, Target.THREAD)),
            entry("GET /threads/{thread_id}/state/{checkpoint_id}", rule(Resource.THREADS, Action.READ, Target.THREAD)),
            entry("POST /threads/{thread_id}/state", rule(Resource.THREADS, Action.UPDATE, Target.THREAD)),
            entry("POST /threads/{thread_id}/state/checkpoint", rule(Resource.THREADS, Action.READ, Target.THREAD)),
            entry("GET /threads/{thread_id}/history", rule(Resource.THREADS, Action.READ, Target.THREAD)),
            entry("POST /threads/{thread_id}/history", rule(Resource.THREADS, Action.READ, Target.THREAD)),
            entry("GET /threads/{thread_id}/storage", rule(Resource.THREADS, Action.READ, Target.THREAD)),
            entry("POST /threads/{thread_id}/commands", rule(Resource.THREADS, Action.UPDATE, Target.THREAD)),
            entry("POST /threads/{thread_id}/stream/events", rule(Resource.THREADS, Action.READ, Target.THREAD)),
            // GET here is only ever the WebSocket handshake, and the socket carries commands
            // (run.start, input.respond) as POST .../commands does: it needs what they need.
            entry("GET /threads/{thread_id}/stream/events", rule(Resource.THREADS, Action.UPDATE, Target.THREAD)),
            entry("GET /threads/{thread_id}/stream", rule(Resource.RUNS, Action.READ, Target.THREAD)),
            entry("POST /threads/{thread_id}/runs", rule(Resource.RUNS, Action.CREATE, Target.THREAD_RUN)),
            entry("POST /threads/{thread_id}/runs/wait", rule(Resource.RUNS, Action.CREATE, Target.THREAD_RUN)),
            entry("POST /threads/{thread_id}/runs/stream", rule(Resource.RUNS, Action.CREATE, Target.THREAD_RUN)),
            entry("GET /threads/{thread_id}/runs", rule(Resource.RUNS, Action.SEARCH, Target.THREAD)),
            entry("GET /threads/{thread_id}/runs/{run_id}", rule(Resource.RUNS, Action.READ, Target.THREAD)),
            entry("DELETE /threads/{thread_id}/runs/{run_id}", rule(Resource.RUNS, Action.DELETE, Target.THREAD)),
            entry("GET /threads/{thread_id}/runs/{run_id}/join", rule(Resource.RUNS, Action.READ, Target.THREAD)),
            entry("GET /threads/{thread_id}/runs/{run_id}/stream", rule(Resource.RUNS, Action.READ, Target.THREAD)),
            entry("POST /threads/{thread_id}/runs/{run_id}/cancel", rule(Resource.RUNS, Action.UPDATE, Target.THREAD)),
            entry("POST /runs", rule(Resource.RUNS, Action.CREATE, Target.STATELESS_RUN)),
            entry("POST /runs/wait", rule(Resource.RUNS, Action.CREATE, Target.STATELESS_RUN)),
            entry("POST /runs/stream", rule(Resource.RUNS, Action.CREATE, Target.STATELESS_RUN)),
            entry("POST /runs/batch", rule(Resource.RUNS, Action.CREATE, Target.BATCH)),
            entry("POST /runs/cancel", rule(Resource.RUNS, Action.UPDATE, Target.CANCEL)),
            entry("GET /runs/{run_id}/stream", rule(Resource.RUNS, Action.READ, Target.RUN)),
            entry("POST /runs/crons", rule(Resource.CRONS, Action.CREATE, Target.CRON_CREATE)),
            entry("POST /threads/{thread_id}/runs/crons", rule(Resource.CRONS, Action.CREATE, Target.THREAD_CRON)),
            entry("POST /runs/crons/search", rule(Resource.CRONS, Action.SEARCH, Target.SEARCH)),
            entry("POST /runs/crons/count", rule(Resource.CRONS, Action.SEARCH, Target.COUNT)),
            entry("PATCH /runs/crons/{cron_id}", rule(Resource.CRONS, Action.UPDATE, Target.CRON_PATCH)),
            entry("DELETE /runs/crons/{cron_id}", rule(Resource.CRONS, Action.DELETE, Target.CRON)),
            entry("PUT /store/items", rule(Resource.STORE, Action.UPDATE, Target.STORE)),
            entry("GET /store/items", rule(Resource.STORE, Action.READ, Target.STORE)),
            entry("DELETE /store/items", rule(Resource.STORE, Action.DELETE, Target.STORE)),
            entry("POST /store/items/search", rule(Resource.STORE, Action.SEARCH, Target.STORE)),
            entry("POST /store/namespaces", rule(Resource.STORE, Action.SEARCH, Target.STORE)));

    private static final Set<String> BODIES = Set.of("POST", "PUT", "PATCH");

    private final Authorization authorization;
    private final Registry registry;
    private final Assistants assistants;
    private final CronTable crons;
    private final ThreadIds ids;

    /**
     * The gate of a server.
     *
     * @param authorization the handlers
     * @param registry the threads and runs
     * @param assistants the assistants
     * @param crons the crons
     * @param ids how a caller's thread ids map to stored ones
     */
    public AccessGate(
            Authorization authorization, Registry registry, Assistants assistants, CronTable crons, ThreadIds ids) {
        this.ids = ids;
        this.authorization = authorization;
        this.registry = registry;
        this.assistants = assistants;
        this.crons = crons;
    }

    /**
     * The metadata of a thread a run makes for an owner (a {@link RunStarter#madeThreads} hook): the
     * filter of the owner's thread creation, as an explicit {@code POST /threads} is stamped with.
     *
     * @param owner the owner
     * @return the filter's keys (empty for none)
     * @throws ApiException 403 when the owner may not create threads
     */
    public ObjectNode madeThreadMetadata(String owner) {
        Decision d = authorization.decide(new AuthRequest(owner, Resource.THREADS, Action.CREATE, null, Map.of()));
        if (!d.allowed()) {
            throw ApiException.status(403, "Forbidden");
        }
        ObjectNode md = Json.object();
        into(md, filterOf(d));
        return md;
    }

    /** A decision's filter as a metadata filter: equal keys as values, the others {@code {"$contains": v}}. */
    private static ObjectNode filterOf(Decision d) {
        ObjectNode filter = Json.object();
        d.filter().forEach(filter::put);
        d.contains().forEach((k, v) -> filter.putObject(k).put(Filters.CONTAINS, v));
        return filter;
    }

    private static Rule rule(Resource resource, Action action, Target target) {
        return new Rule(resource, action, target);
    }

    /**
     * Whether a route is classified (tests list the routes that are not).
     *
     * @param route method and template, as the router lists it
     * @return true when this gate knows it
     */
    public static boolean classified(String route) {
        return RULES.containsKey(route);
    }

    @Override
    public void check(Exchange ex, String route) throws IOException {
        String user = ex.owner();
        if (user == null) {
            return; // unauthenticated (no authenticator): LangGraph runs no handler without a caller
        }
        Rule rule = RULES.get(route);
        if (rule == null) {
            throw ApiException.status(403, "Forbidden");
        }
        if (rule.target() == Target.UNGUARDED) {
            return;
        }
        ObjectNode body = BODIES.contains(ex.method()) && rule.target() != Target.BATCH ? ex.body() : null;
        Decision d = authorization.decide(
                new AuthRequest(user, rule.resource(), rule.action(), id(ex, body), plainMetadata(body)));
        if (!d.allowed()) {
            throw ApiException.status(403, "Forbidden");
        }
        scope(ex, rule.resource(), body);
        ObjectNode filter = filterOf(d);
        if (rule.target() == Target.STORE && !filter.isEmpty()) {
            throw ApiException.status(
                    500,
                    "the store's authorization handler answered a filter; the store can only be allowed or denied");
        }
        apply(ex, rule.target(), body, filter);
    }

    /**
     * Owner-scoped thread ids (see {@link ThreadIds}): on a thread, run or cron route, the thread
     * ids the caller names (the path's, a body's {@code thread_id}, a search's {@code ids}, a
     * prune's {@code thread_ids}) become the ids they are stored under, and the answer's become the
     * caller's again; so another tenant's thread of the same id is a different thread, and asking
     * for it is asking for one that does not exist. The handler was told the caller's id.
     */
    private void scope(Exchange ex, Resource resource, ObjectNode body) {
        if (!ids.scoped()
                || (resource != Resource.THREADS && resource != Resource.RUNS && resource != Resource.CRONS)) {
            return; // assistants and the store carry no thread ids (and their JSON is the user's)
        }
        String owner = ex.owner();
        IdRewriter rewriter = new IdRewriter(id -> ids.map(owner, id));
        String asked = ex.param("thread_id");
        if (Fields.isUuid(asked)) {
            String stored = ids.map(owner, asked);
            ex.param("thread_id", stored);
            rewriter.literal(stored, asked);
        }
        if (body != null) {
            JsonNode t = body.get("thread_id");
            if (t != null && t.isString() && Fields.isUuid(t.asString())) {
                String stored = ids.map(owner, t.asString());
                body.put("thread_id", stored);
                rewriter.literal(stored, t.asString());
            }
            for (String list : new String[] {"ids", "thread_ids"}) {
                if (body.get(list) instanceof ArrayNode a) {
                    for (int i = 0; i < a.size(); i++) {
                        if (a.get(i).isString() && Fields.isUuid(a.get(i).asString())) {
                            a.set(i, Json.tree(ids.map(owner, a.get(i).asString())));
                        }
                    }
                }
            }
        }
        ex.rewriteIds(rewriter);
    }

    private void apply(Exchange ex, Target target, ObjectNode body, ObjectNode filter) throws IOException {
        switch (target) {
            case CREATE -> stamp(body, filter);
            case SEARCH, COUNT -> narrow(ex, target, body, filter);
            case THREAD -> thread(ex.param("thread_id"), ex.owner(), filter, 404);
            case THREAD_PATCH -> {
                thread(ex.param("thread_id"), ex.owner(), filter, 404);
                stamp(body, filter);
            }
            case THREAD_CRON -> {
                thread(ex.param("thread_id"), ex.owner(), filter, 404);
                assistant(ex.owner(), Json.text(body, "assistant_id"));
                stamp(body, filter);
            }
            case CRON_CREATE -> {
                assistant(ex.owner(), Json.text(body, "assistant_id"));
                stamp(body, filter);
            }
            case THREAD_RUN -> {
                runOnThread(ex, filter);
                assistant(ex.owner(), Json.text(body, "assistant_id"));
            }
            case STATELESS_RUN -> assistant(ex.owner(), Json.text(body, "assistant_id"));
            case BATCH -> {
                JsonNode all = ex.rawBody();
                if (all.isArray()) {
                    for (JsonNode item : all) {
                        assistant(ex.owner(), item.isObject() ? Json.text(item, "assistant_id") : null);
                    }
                }
            }
            case RUN -> run(ex.param("run_id"), filter);
            case ASSISTANT -> assistant(assistantId(ex), filter);
            case ASSISTANT_PATCH -> {
                assistant(assistantId(ex), filter);
                stamp(body, filter);
            }
            case CRON -> cron(ex.param("cron_id"), filter);
            case CRON_PATCH -> {
                cron(ex.param("cron_id"), filter);
                stamp(body, filter);
            }
            case PRUNE -> prune(ex, body, filter);
            case CANCEL -> cancel(ex, body, filter);
            default -> {}
        }
    }

    /** The row id the handler is told of: the path's, else the body's {@code thread_id}. */
    private static String id(Exchange ex, ObjectNode body) {
        for (String p : new String[] {"thread_id", "assistant_id", "run_id", "cron_id"}) {
            if (ex.param(p) != null) {
                return ex.param(p);
            }
        }
        return body == null ? null : Json.text(body, "thread_id");
    }

    private static Map<String, Object> plainMetadata(ObjectNode body) {
        JsonNode md = body == null ? null : body.get("metadata");
        Map<String, Object> out = new LinkedHashMap<>();
        if (md instanceof ObjectNode o) {
            o.properties().forEach(e -> out.put(e.getKey(), Json.plain(e.getValue())));
        }
        return out;
    }

    /** Writes the filter's keys into the body's metadata (a malformed metadata is the route's to refuse). */
    private static void stamp(ObjectNode body, ObjectNode filter) {
        if (filter.isEmpty() || body == null) {
            return;
        }
        JsonNode md = body.get("metadata");
        if (md == null || md.isNull()) {
            into(body.putObject("metadata"), filter);
        } else if (md instanceof ObjectNode o) {
            into(o, filter);
        }
    }

    /** Writes a filter into metadata: its equal keys set, each {@code $contains} value added to its key's list. */
    private static void into(ObjectNode md, ObjectNode filter) {
        for (Map.Entry<String, JsonNode> e : filter.properties()) {
            if (!Filters.CONTAINS.equals(Filters.operator(e.getValue()))) {
                md.set(e.getKey(), e.getValue().deepCopy());
                continue;
            }
            JsonNode v = e.getValue().get(Filters.CONTAINS);
            ArrayNode list = md.get(e.getKey()) instanceof ArrayNode a ? a : md.putArray(e.getKey());
            boolean held = false;
            for (JsonNode item : list) {
                held |= item.equals(v);
            }
            if (!held) {
                list.add(v.deepCopy());
            }
        }
    }

    /**
     * Adds the filter's keys to a search's metadata filters; a search that asks for another value
     * of a key the filter fixes (or a list without the value it must hold) finds nothing, answered
     * here.
     */
    private static void narrow(Exchange ex, Target target, ObjectNode body, ObjectNode filter) {
        if (filter.isEmpty()) {
            return;
        }
        JsonNode md = body.get("metadata");
        if (md != null && !md.isNull() && !(md instanceof ObjectNode)) {
            return; // the route refuses it
        }
        ObjectNode asked = md instanceof ObjectNode o ? o : body.putObject("metadata");
        for (Map.Entry<String, JsonNode> e : filter.properties()) {
            JsonNode mine = asked.get(e.getKey());
            if (mine != null && Filters.EQ.equals(Filters.operator(mine))) {
                mine = mine.get(Filters.EQ);
            }
            boolean contains = Filters.CONTAINS.equals(Filters.operator(e.getValue()));
            if (contains && mine != null && !Filters.CONTAINS.equals(Filters.operator(mine))) {
                // the caller asks a value of a key whose list must hold ours: theirs, if it does
                if (!Filters.contains(
                        Json.object().set(e.getKey(), mine), filter.deepCopy().retain(e.getKey()))) {
                    ex.json(200, target == Target.COUNT ? Json.tree(0) : Json.array());
                    return;
                }
                continue;
            }
            if (!contains
                    && mine != null
                    && !Filters.contains(filter, Json.object().set(e.getKey(), mine))) {
                ex.json(200, target == Target.COUNT ? Json.tree(0) : Json.array());
                return;
            }
            asked.set(e.getKey(), e.getValue()); // (two $contains on one key: ours, never wider than it)
        }
    }

    private static boolean passes(JsonNode metadata, ObjectNode filter) {
        return filter.isEmpty() || (metadata != null && Filters.contains(metadata, filter));
    }

    /** The caller's thread of that id, refused as missing when the filter hides it. */
    private ThreadRow thread(String id, String owner, ObjectNode filter, int missing) {
        if (id == null || !Fields.isUuid(id)) {
            return null; // the route validates it
        }
        ThreadRow t = registry.thread(id, owner);
        if (t != null && !passes(t.metadata(), filter)) {
            throw missing == 404
                    ? ApiException.notFound("Thread with ID " + id + " not found")
                    : ApiException.status(missing, "Thread with ID " + id + " not found");
        }
        return t;
    }

    /**
     * A run on a thread: the thread must pass (else 422, what the route answers for a missing
     * thread); a thread the run is to create ({@code if_not_exists: create}) is made by the run,
     * stamped as a created thread is ({@link #madeThreadMetadata}).
     */
    private void runOnThread(Exchange ex, ObjectNode filter) {
        thread(ex.param("thread_id"), ex.owner(), filter, 422);
    }

    private static String assistantId(Exchange ex) {
        return ex.param("assistant_id");
    }

    /**
     * A run's (or cron's) assistant: one the caller may not read is missing to it (404); a graph's
     * system assistant is everyone's. (LangGraph's server does not check it; a tenant running
     * another's assistant would run with its configuration.)
     */
    private void assistant(String user, String id) {
        if (id == null || assistants.system(id)) {
            return;
        }
        Decision d = authorization.decide(new AuthRequest(user, Resource.ASSISTANTS, Action.READ, id, Map.of()));
        if (!d.allowed()) {
            throw ApiException.status(403, "Forbidden");
        }
        ObjectNode filter = filterOf(d);
        assistant(id, filter);
    }

    private void assistant(String id, ObjectNode filter) {
        if (id == null || filter.isEmpty()) {
            return;
        }
        AssistantRow a = assistants.lookup(id);
        if (a != null && !passes(a.metadata(), filter)) {
            throw ApiException.notFound("Assistant \"" + id + "\" not found");
        }
    }

    private void run(String runId, ObjectNode filter) {
        RunRow r = runId == null || filter.isEmpty() ? null : registry.run(runId);
        ThreadRow t = r == null ? null : registry.thread(r.threadId());
        if (t != null && !t.temporary() && !passes(t.metadata(), filter)) {
            throw ApiException.notFound("Run with ID " + runId + " not found");
        }
    }

    private void cron(String cronId, ObjectNode filter) {
        ObjectNode c = cronId == null || filter.isEmpty() ? null : crons.get(cronId);
        if (c != null && !passes(c.get("metadata"), filter)) {
            throw ApiException.notFound("Cron with ID " + cronId + " not found");
        }
    }

    /** Leaves out of {@code thread_ids} the caller's threads the filter hides: they are not pruned. */
    private void prune(Exchange ex, ObjectNode body, ObjectNode filter) {
        if (filter.isEmpty() || !(body.get("thread_ids") instanceof ArrayNode ids)) {
            return;
        }
        ArrayNode kept = Json.array();
        for (JsonNode id : ids) {
            ThreadRow t =
                    id.isString() && Fields.isUuid(id.asString()) ? registry.thread(id.asString(), ex.owner()) : null;
            if (t == null || passes(t.metadata(), filter)) {
                kept.add(id);
            }
        }
        body.set("thread_ids", kept);
    }

    /** A bulk cancel: its thread and each named run's thread must pass, as missing ones otherwise. */
    private void cancel(Exchange ex, ObjectNode body, ObjectNode filter) {
        if (filter.isEmpty()) {
            return;
        }
        thread(Json.text(body, "thread_id"), ex.owner(), filter, 404);
        if (body.get("run_ids") instanceof ArrayNode ids) {
            for (JsonNode id : ids) {
                if (id.isString() && Fields.isUuid(id.asString())) {
                    run(id.asString(), filter);
                }
            }
        }
    }
}
