package dev.switchboard.server.api;

import dev.switchboard.server.http.Exchange;
import dev.switchboard.server.http.Router;
import dev.switchboard.server.rows.Clock;
import dev.switchboard.server.wire.ApiException;
import dev.switchboard.server.wire.Drawing;
import dev.switchboard.server.wire.Filters;
import dev.switchboard.server.wire.Json;
import dev.switchboard.server.wire.RunRequest;
import dev.switchboard.server.wire.ServedGraph;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The assistants endpoints: one system assistant per registered graph (LangGraph's, with id
 * uuid5(graph id)), found by that id or by the graph id itself.
 */
public final class Assistants {
    private final Map<String, ServedGraph> graphs;
    private final Instant createdAt = Clock.now();

    /**
     * The assistants of the served graphs.
     *
     * @param graphs the graphs by graph id
     */
    public Assistants(Map<String, ServedGraph> graphs) {
        this.graphs = graphs;
    }

    /**
     * Registers the endpoints.
     *
     * @param r the router
     */
    public void routes(Router r) {
        r.add("POST", "/assistants/search", this::search);
        r.add("POST", "/assistants/count", this::count);
        r.add("GET", "/assistants/{assistant_id}", ex -> ex.json(200, json(find(ex.param("assistant_id")))));
        r.add(
                "GET",
                "/assistants/{assistant_id}/graph",
                ex -> ex.json(200, Drawing.of(find(ex.param("assistant_id")), xray(ex.query("xray")))));
        r.add("GET", "/assistants/{assistant_id}/schemas", ex -> ex.json(200, schemas(find(ex.param("assistant_id")))));
        r.add("GET", "/assistants/{assistant_id}/subgraphs", ex -> ex.json(200, Json.object()));
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
        if (g != null) {
            return g;
        }
        for (ServedGraph s : graphs.values()) {
            if (s.assistantId().equalsIgnoreCase(id)) {
                return s;
            }
        }
        throw ApiException.notFound("Assistant \"" + id + "\" not found");
    }

    private void search(Exchange ex) throws IOException {
        ObjectNode body = ex.body();
        List<ServedGraph> found = filter(body);
        int offset = body.path("offset").asInt(0);
        int limit = body.path("limit").asInt(10);
        ArrayNode out = Json.array();
        found.stream().skip(offset).limit(limit).forEach(g -> out.add(json(g)));
        ex.json(200, out);
    }

    private void count(Exchange ex) throws IOException {
        ex.json(200, Json.tree(filter(ex.body()).size()));
    }

    private List<ServedGraph> filter(ObjectNode body) {
        String graphId = Json.text(body, "graph_id");
        ObjectNode metadata = RunRequest.objectOrEmpty(body, "metadata");
        List<ServedGraph> out = new ArrayList<>();
        for (ServedGraph g : graphs.values()) {
            if ((graphId == null || graphId.equals(g.graphId())) && Filters.contains(systemMetadata(), metadata)) {
                out.add(g);
            }
        }
        return out;
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

    ObjectNode json(ServedGraph g) {
        ObjectNode o = Json.object();
        o.put("assistant_id", g.assistantId());
        o.put("graph_id", g.graphId());
        o.putObject("config");
        o.putObject("context");
        o.put("created_at", createdAt.toString());
        o.put("updated_at", createdAt.toString());
        o.set("metadata", systemMetadata());
        o.put("version", 1);
        o.put("name", g.graphId());
        o.putNull("description");
        return o;
    }

    /** LangGraph's {@code xray}: true or a depth; any depth draws every level. */
    private static boolean xray(String value) {
        return value != null && !value.isEmpty() && !value.equals("false") && !value.equals("0");
    }

    private static ObjectNode schemas(ServedGraph g) {
        ObjectNode out = Json.object();
        out.put("graph_id", g.graphId());
        JsonNode input = Json.parse(g.graph().inputJsonSchema().getBytes(StandardCharsets.UTF_8));
        JsonNode output = Json.parse(g.graph().outputJsonSchema().getBytes(StandardCharsets.UTF_8));
        g.describeMessages(input);
        g.describeMessages(output);
        out.set("input_schema", input);
        out.set("output_schema", output);
        out.set("state_schema", g.stateJsonSchema(input, output));
        ObjectNode config = out.putObject("config_schema");
        config.put("type", "object");
        config.putObject("properties");
        ObjectNode context = out.putObject("context_schema");
        context.put("type", "object");
        context.putObject("properties");
        return out;
    }
}
