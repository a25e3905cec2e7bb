package dev.switchboard.server.api;

import dev.switchboard.server.http.Exchange;
import dev.switchboard.server.http.Router;
import dev.switchboard.server.rows.AssistantQuery;
import dev.switchboard.server.rows.AssistantRow;
import dev.switchboard.server.rows.AssistantTable;
import dev.switchboard.server.rows.Clock;
import dev.switchboard.server.wire.ApiException;
import dev.switchboard.server.wire.Drawing;
import dev.switchboard.server.wire.Fields;
import dev.switchboard.server.wire.Json;
import dev.switchboard.server.wire.RunRequest;
import dev.switchboard.server.wire.ServedGraph;
import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The assistants endpoints, as LangGraph Server has them: create, get, patch (each change a new
 * version), delete, search and count by graph, name and metadata, list versions and make one the
 * current one; and per assistant its graph's drawing, schemas and subgraphs. Each served graph has a
 * system assistant (LangGraph's, id uuid5(graph id), metadata {@code created_by: system}), made when
 * the server first starts on its database; an assistant id and a graph id both name an assistant
 * (the graph id its system assistant). A run that names an assistant starts with its config,
 * context and metadata ({@link #applyTo}).
 */
public final class Assistants {
    private final Map<String, ServedGraph> graphs;
    private final AssistantTable table;

    /**
     * The assistants of the served graphs, their system assistants made if missing.
     *
     * @param graphs the graphs by graph id
     * @param table where assistants are kept
     */
    public Assistants(Map<String, ServedGraph> graphs, AssistantTable table) {
        this.graphs = graphs;
        this.table = table;
        Instant now = Clock.now();
        for (ServedGraph g : graphs.values()) {
            table.ensure(new AssistantRow(
                    g.assistantId(),
                    g.graphId(),
                    Json.object(),
                    Json.object(),
                    systemMetadata(),
                    g.graphId(),
                    null, // as LangGraph's system assistants (the graph's description is its own)
                    1,
                    now,
                    now));
        }
    }

    /** An assistant and the graph it runs. */
    public record Resolved(AssistantRow row, ServedGraph graph) {
        /**
         * A run request body as the run executes it: the assistant's id in {@code assistant_id}, its
         * config under the request's (a request's {@code configurable} keys over the assistant's),
         * its context under the request's (merged when both are objects). Its metadata joins the
         * run's elsewhere ({@link #metadata()}).
         *
         * @param body the request body
         * @return a new body
         */
        public ObjectNode applyTo(ObjectNode body) {
            ObjectNode out = body.deepCopy();
            out.put("assistant_id", row.assistantId());
            ObjectNode config = row.config().deepCopy();
            ObjectNode asked = RunRequest.objectOrEmpty(body, "config");
            ObjectNode configurable = RunRequest.objectOrEmpty(config, "configurable");
            RunRequest.objectOrEmpty(asked, "configurable")
                    .properties()
                    .forEach(e -> configurable.set(e.getKey(), e.getValue()));
            asked.properties().forEach(e -> config.set(e.getKey(), e.getValue()));
            if (!configurable.isEmpty()) {
                config.set("configurable", configurable);
            }
            out.set("config", config);
            JsonNode context = row.context();
            JsonNode askedContext = body.get("context");
            if (context.isObject() && (askedContext == null || askedContext.isNull() || askedContext.isObject())) {
                ObjectNode merged = ((ObjectNode) context).deepCopy();
                if (askedContext != null && askedContext.isObject()) {
                    askedContext.properties().forEach(e -> merged.set(e.getKey(), e.getValue()));
                }
                out.set("context", merged);
            } else if (!context.isNull() && !context.isObject()) {
                out.set("context", context); // a scalar context is the assistant's, as in LangGraph
            }
            return out;
        }

        /**
         * The assistant's metadata, the first layer of a run's.
         *
         * @return a copy
         */
        public ObjectNode metadata() {
            return row.metadata().deepCopy();
        }
    }

    /**
     * Registers the endpoints.
     *
     * @param r the router
     */
    public void routes(Router r) {
        r.add("POST", "/assistants", this::create);
        r.add("POST", "/assistants/search", this::search);
        r.add("POST", "/assistants/count", ex -> ex.json(200, Json.tree(count(ex))));
        r.add(
                "GET",
                "/assistants/{assistant_id}",
                ex -> ex.json(200, require(ex).json()));
        r.add("PATCH", "/assistants/{assistant_id}", this::patch);
        r.add("DELETE", "/assistants/{assistant_id}", this::delete);
        r.add("POST", "/assistants/{assistant_id}/latest", this::latest);
        r.add("POST", "/assistants/{assistant_id}/versions", this::versions);
        r.add(
                "GET",
                "/assistants/{assistant_id}/graph",
                ex -> ex.json(200, Drawing.of(resolve(ex.param("assistant_id")).graph(), xray(ex.query("xray")))));
        r.add(
                "GET",
                "/assistants/{assistant_id}/schemas",
                ex -> ex.json(
                        200,
                        AssistantSchemas.of(resolve(ex.param("assistant_id")).graph())));
        r.add("GET", "/assistants/{assistant_id}/subgraphs", ex -> subgraphs(ex, null));
        r.add("GET", "/assistants/{assistant_id}/subgraphs/{namespace}", ex -> subgraphs(ex, ex.param("namespace")));
    }

    /**
     * The assistant an id names (an assistant id, or a graph id for its system assistant) and its
     * graph.
     *
     * @param id the id
     * @return the assistant
     * @throws ApiException 404 when there is none, or its graph is not served here
     */
    public Resolved resolve(String id) {
        AssistantRow row = row(id);
        ServedGraph g = graphs.get(row.graphId());
        if (g == null) {
            throw ApiException.notFound(
                    "Assistant \"" + id + "\" runs graph \"" + row.graphId() + "\", which this server does not serve");
        }
        return new Resolved(row, g);
    }

    /**
     * The graph an assistant id or a graph id names.
     *
     * @param id the id
     * @return the graph
     * @throws ApiException 404 when none
     */
    public ServedGraph find(String id) {
        ServedGraph g = graphs.get(id);
        return g != null ? g : resolve(id).graph();
    }

    private AssistantRow row(String id) {
        ServedGraph byGraph = graphs.get(id);
        AssistantRow row = table.get(byGraph != null ? byGraph.assistantId() : id.toLowerCase(java.util.Locale.ROOT));
        if (row == null) {
            throw ApiException.notFound("Assistant \"" + id + "\" not found");
        }
        return row;
    }

    /**
     * The assistant an assistant id or a graph id names, or null (authorization reads its metadata).
     *
     * @param id the id
     * @return the assistant, or null
     */
    public AssistantRow lookup(String id) {
        ServedGraph byGraph = graphs.get(id);
        return table.get(byGraph != null ? byGraph.assistantId() : id.toLowerCase(java.util.Locale.ROOT));
    }

    /**
     * Whether the id names a graph or its system assistant: shared by every caller, whatever
     * authorization filters the assistants.
     *
     * @param id the id
     * @return true for a graph's own assistant
     */
    public boolean system(String id) {
        if (graphs.containsKey(id)) {
            return true;
        }
        String lower = id.toLowerCase(java.util.Locale.ROOT);
        return graphs.values().stream().anyMatch(g -> g.assistantId().equals(lower));
    }

    private AssistantRow require(Exchange ex) {
        return row(ex.param("assistant_id"));
    }

    /**
     * The metadata of every system assistant.
     *
     * @return {@code {created_by: "system"}}
     */
    public static ObjectNode systemMetadata() {
        ObjectNode md = Json.object();
        md.put("created_by", "system");
        return md;
    }

    private void create(Exchange ex) throws IOException {
        ObjectNode body = ex.body();
        String graphId = Fields.string(body, "graph_id");
        if (graphId == null) {
            throw ApiException.invalid("graph_id", "graph_id is required");
        }
        if (!graphs.containsKey(graphId)) {
            throw ApiException.notFound("Graph \"" + graphId + "\" not found; this server serves " + graphs.keySet());
        }
        String id = Json.text(body, "assistant_id");
        if (id == null) {
            id = UUID.randomUUID().toString();
        }
        Threads.checkUuid(id, "assistant_id");
        String ifExists = RunRequest.oneOf(body, "if_exists", Set.of("raise", "do_nothing"), "raise");
        Instant now = Clock.now();
        AssistantRow fresh = new AssistantRow(
                id.toLowerCase(java.util.Locale.ROOT),
                graphId,
                RunRequest.objectOrEmpty(body, "config"),
                context(body),
                RunRequest.objectOrEmpty(body, "metadata"),
                text(body, "name", "Untitled"),
                text(body, "description", null),
                1,
                now,
                now);
        if (table.create(fresh) == AssistantTable.Created.EXISTING && ifExists.equals("raise")) {
            throw ApiException.status(409, "Assistant \"" + id + "\" already exists");
        }
        ex.json(200, table.get(fresh.assistantId()).json());
    }

    private static JsonNode context(ObjectNode body) {
        JsonNode c = body.get("context");
        return c == null || c.isNull() ? Json.object() : c.deepCopy();
    }

    private static String text(ObjectNode body, String field, String dflt) {
        JsonNode n = body.get(field);
        if (n == null || n.isNull()) {
            return dflt;
        }
        if (!n.isString()) {
            throw ApiException.invalid(field, field + " must be a string, was " + n);
        }
        return n.asString();
    }

    /** A patch: given fields replace the assistant's, metadata keys are merged into its metadata. */
    private void patch(Exchange ex) throws IOException {
        AssistantRow current = require(ex);
        ObjectNode body = ex.body();
        String graphId = text(body, "graph_id", null);
        if (graphId != null && !graphs.containsKey(graphId)) {
            throw ApiException.notFound("Graph \"" + graphId + "\" not found; this server serves " + graphs.keySet());
        }
        ObjectNode config = body.hasNonNull("config") ? RunRequest.objectOrEmpty(body, "config") : null;
        JsonNode context = body.hasNonNull("context") ? context(body) : null;
        ObjectNode metadata = RunRequest.objectOrEmpty(body, "metadata");
        String name = text(body, "name", null);
        String description = text(body, "description", null);
        AssistantRow patched = table.patch(
                current.assistantId(),
                a -> {
                    ObjectNode md = a.metadata().deepCopy();
                    metadata.properties().forEach(e -> md.set(e.getKey(), e.getValue()));
                    return new AssistantRow(
                            a.assistantId(),
                            graphId != null ? graphId : a.graphId(),
                            config != null ? config : a.config(),
                            context != null ? context : a.context(),
                            md,
                            name != null ? name : a.name(),
                            description != null ? description : a.description(),
                            a.version(),
                            a.createdAt(),
                            a.updatedAt());
                },
                Clock.now());
        if (patched == null) {
            throw ApiException.notFound("Assistant \"" + current.assistantId() + "\" not found");
        }
        ex.json(200, patched.json());
    }

    private void delete(Exchange ex) {
        AssistantRow a = require(ex);
        if (!table.delete(a.assistantId())) {
            throw ApiException.notFound("Assistant \"" + a.assistantId() + "\" not found");
        }
        ex.json(200, Json.array().add(a.assistantId()));
    }

    private void latest(Exchange ex) throws IOException {
        AssistantRow a = require(ex);
        JsonNode version = ex.body().get("version");
        if (version == null || !version.isIntegralNumber()) {
            throw ApiException.invalid("version", "version must be an integer, was " + version);
        }
        ex.json(
                200,
                table.setLatest(a.assistantId(), version.asInt(), Clock.now()).json());
    }

    private void versions(Exchange ex) throws IOException {
        AssistantRow a = require(ex);
        ObjectNode body = ex.body();
        int limit = bounded(body, "limit", 10, 1, 1000);
        int offset = bounded(body, "offset", 0, 0, Integer.MAX_VALUE);
        ObjectNode metadata = RunRequest.objectOrEmpty(body, "metadata");
        List<AssistantRow> all = table.versions(a.assistantId()).stream()
                .filter(v -> dev.switchboard.server.wire.Filters.contains(v.metadata(), metadata))
                .skip(offset)
                .limit(limit)
                .toList();
        if (all.isEmpty()) {
            throw ApiException.notFound("Assistant \"" + a.assistantId() + "\" not found");
        }
        ArrayNode out = Json.array();
        all.forEach(v -> out.add(v.versionJson()));
        ex.json(200, out);
    }

    private static int bounded(ObjectNode body, String field, int dflt, int min, int max) {
        JsonNode n = body.get(field);
        if (n == null || n.isNull()) {
            return dflt;
        }
        if (!n.isIntegralNumber() || n.asLong() < min || n.asLong() > max) {
            throw ApiException.invalid(field, field + " must be an integer in " + min + ".." + max + ", was " + n);
        }
        return n.asInt();
    }

    private void search(Exchange ex) throws IOException {
        ObjectNode body = ex.body();
        AssistantQuery q = AssistantQuery.search(body, md -> true);
        List<AssistantRow> all = table.all();
        ArrayNode out = Json.array();
        q.page(all).forEach(a -> out.add(AssistantQuery.select(body, a.json())));
        int total = (int) all.stream().filter(q::matches).count();
        ex.header("X-Pagination-Total", Integer.toString(total));
        if (q.offset() + out.size() < total) {
            ex.header("X-Pagination-Next", Integer.toString(q.offset() + out.size()));
        }
        ex.json(200, out);
    }

    private int count(Exchange ex) throws IOException {
        AssistantQuery q = AssistantQuery.count(ex.body(), md -> true);
        return (int) table.all().stream().filter(q::matches).count();
    }

    /** LangGraph's {@code xray}: true or a depth; any depth draws every level. */
    private static boolean xray(String value) {
        return value != null && !value.isEmpty() && !value.equals("false") && !value.equals("0");
    }

    private void subgraphs(Exchange ex, String namespace) {
        ServedGraph g = resolve(ex.param("assistant_id")).graph();
        ex.json(200, AssistantSchemas.subgraphs(g, namespace, flag(ex.query("recurse"))));
    }

    private static boolean flag(String v) {
        return v != null && Set.of("true", "1", "yes").contains(v.toLowerCase(java.util.Locale.ROOT));
    }
}
