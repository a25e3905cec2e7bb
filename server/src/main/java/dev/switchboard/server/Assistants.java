package dev.switchboard.server;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The assistants endpoints: one system assistant per registered graph (LangGraph's, with id
 * uuid5(graph id)), found by that id or by the graph id itself.
 */
final class Assistants {
    private static final Pattern EDGE = Pattern.compile("^\\s*(\\S+) (-->|-\\.->) (\\S+);$");
    private static final String SCHEMA_URI = "https://json-schema.org/draft/2020-12/schema";

    private final Map<String, ServedGraph> graphs;
    private final Instant createdAt = Clock.now();

    Assistants(Map<String, ServedGraph> graphs) {
        this.graphs = graphs;
    }

    void routes(Router r) {
        r.add("POST", "/assistants/search", this::search);
        r.add("POST", "/assistants/count", this::count);
        r.add("GET", "/assistants/{assistant_id}", ex -> ex.json(200, json(find(ex.param("assistant_id")))));
        r.add(
                "GET",
                "/assistants/{assistant_id}/graph",
                ex -> ex.json(200, drawing(find(ex.param("assistant_id")), xray(ex.query("xray")))));
        r.add("GET", "/assistants/{assistant_id}/schemas", ex -> ex.json(200, schemas(find(ex.param("assistant_id")))));
        r.add("GET", "/assistants/{assistant_id}/subgraphs", ex -> ex.json(200, Json.object()));
    }

    /** The graph an assistant id or a graph id names; 404 otherwise. */
    ServedGraph find(String id) {
        ServedGraph g = graphs.get(id);
        if (g != null) {
            return g;
        }
        for (ServedGraph s : graphs.values()) {
            if (s.assistantId.equalsIgnoreCase(id)) {
                return s;
            }
        }
        throw ApiException.notFound("Assistant \"" + id + "\" not found");
    }

    Collection<ServedGraph> all() {
        return graphs.values();
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
            if ((graphId == null || graphId.equals(g.graphId)) && Filters.contains(systemMetadata(), metadata)) {
                out.add(g);
            }
        }
        return out;
    }

    static ObjectNode systemMetadata() {
        ObjectNode md = Json.object();
        md.put("created_by", "system");
        return md;
    }

    ObjectNode json(ServedGraph g) {
        ObjectNode o = Json.object();
        o.put("assistant_id", g.assistantId);
        o.put("graph_id", g.graphId);
        o.putObject("config");
        o.putObject("context");
        o.put("created_at", createdAt.toString());
        o.put("updated_at", createdAt.toString());
        o.set("metadata", systemMetadata());
        o.put("version", 1);
        o.put("name", g.graphId);
        o.putNull("description");
        return o;
    }

    static ObjectNode drawing(ServedGraph g) {
        return drawing(g, false);
    }

    /** LangGraph's {@code xray}: true or a depth; any depth draws every level. */
    private static boolean xray(String value) {
        return value != null && !value.isEmpty() && !value.equals("false") && !value.equals("0");
    }

    /**
     * Nodes and edges, read from the graph's Mermaid text (dotted arrows are conditional edges). With
     * {@code xray} a subgraph's nodes replace its node, named {@code parent:child} as LangGraph does.
     */
    static ObjectNode drawing(ServedGraph g, boolean xray) {
        ObjectNode out = Json.object();
        ArrayNode nodes = out.putArray("nodes");
        ArrayNode edges = out.putArray("edges");
        List<String> names = new ArrayList<>();
        names.add("__start__");
        for (String line : g.graph.mermaid(xray).split("\n")) {
            Matcher m = EDGE.matcher(line.replace("\\3a", ":"));
            if (!m.matches()) {
                continue;
            }
            ObjectNode e = edges.addObject();
            e.put("source", m.group(1));
            e.put("target", m.group(3));
            e.put("conditional", m.group(2).equals("-.->"));
            for (String n : List.of(m.group(1), m.group(3))) {
                if (!names.contains(n) && !n.equals("__end__")) {
                    names.add(n);
                }
            }
        }
        names.add("__end__");
        for (String n : names) {
            nodes.add(node(n));
        }
        return out;
    }

    private static ObjectNode node(String name) {
        ObjectNode n = Json.object();
        n.put("id", name);
        if (name.equals("__start__") || name.equals("__end__")) {
            n.put("type", "schema");
            n.putObject("data").put("$schema", SCHEMA_URI);
        } else {
            n.put("type", "runnable");
            ObjectNode data = n.putObject("data");
            data.set("id", Json.array().add("langgraph").add("RunnableCallable"));
            data.put("name", name);
            n.putObject("metadata");
        }
        return n;
    }

    private static ObjectNode schemas(ServedGraph g) {
        ObjectNode out = Json.object();
        out.put("graph_id", g.graphId);
        JsonNode input = Json.parse(g.graph.inputJsonSchema().getBytes(StandardCharsets.UTF_8));
        JsonNode output = Json.parse(g.graph.outputJsonSchema().getBytes(StandardCharsets.UTF_8));
        g.describeMessages(input);
        g.describeMessages(output);
        out.set("input_schema", input);
        out.set("output_schema", output);
        out.set("state_schema", output);
        ObjectNode config = out.putObject("config_schema");
        config.put("type", "object");
        config.putObject("properties");
        ObjectNode context = out.putObject("context_schema");
        context.put("type", "object");
        context.putObject("properties");
        return out;
    }
}
