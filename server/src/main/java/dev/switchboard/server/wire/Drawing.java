package dev.switchboard.server.wire;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A graph's drawing as LangGraph Server answers {@code GET /assistants/{id}/graph}: nodes and
 * edges, read from the graph's Mermaid text (dotted arrows are conditional edges).
 */
public final class Drawing {
    private static final Pattern EDGE = Pattern.compile("^\\s*(\\S+) (-->|-\\.->) (\\S+);$");
    private static final String SCHEMA_URI = "https://json-schema.org/draft/2020-12/schema";

    private Drawing() {}

    /**
     * Nodes and edges; with {@code xray} a subgraph's nodes replace its node, named {@code
     * parent:child} as LangGraph does.
     *
     * @param g the graph
     * @param xray whether to draw subgraphs' nodes
     * @return the JSON
     */
    public static ObjectNode of(ServedGraph g, boolean xray) {
        ObjectNode out = Json.object();
        ArrayNode nodes = out.putArray("nodes");
        ArrayNode edges = out.putArray("edges");
        List<String> names = new ArrayList<>();
        names.add("__start__");
        for (String line : g.graph().mermaid(xray).split("\n")) {
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

    /**
     * The graph's node names, {@code __start__} and {@code __end__} included.
     *
     * @param g the graph
     * @return the names
     */
    public static List<String> nodes(ServedGraph g) {
        List<String> out = new ArrayList<>();
        of(g, false).get("nodes").forEach(n -> out.add(n.get("id").asString()));
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
}
