package dev.switchboard.server.wire;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
    /** A node's declaration: its Mermaid id and, in parentheses, its name as written. */
    private static final Pattern NODE = Pattern.compile("^\\s*([^(\\s]+)\\((.*?)(, deferred)?\\)$");
    /** A subgraph block's opening: its Mermaid id and, in brackets, the subgraph node's name. */
    private static final Pattern SUBGRAPH = Pattern.compile("^\\s*subgraph (\\S+) \\[(.*)]$");

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
        String[] lines = g.graph().mermaid(xray).split("\n");
        Map<String, String> declared = declarations(lines);
        for (String line : lines) {
            Matcher m = EDGE.matcher(line);
            if (!m.matches()) {
                continue;
            }
            String source = declared.getOrDefault(m.group(1), m.group(1));
            String target = declared.getOrDefault(m.group(3), m.group(3));
            ObjectNode e = edges.addObject();
            e.put("source", source);
            e.put("target", target);
            e.put("conditional", m.group(2).equals("-.->"));
            for (String n : List.of(source, target)) {
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
     * Each node's name by its Mermaid id, as its declaration writes it: any name, {@code <img
     * src=x>} or {@code café}, comes back as it is. In the x-ray view a nested node's name is its
     * path joined with {@code :}, read from the {@code subgraph ... [name]} blocks around it.
     */
    private static Map<String, String> declarations(String[] lines) {
        Map<String, String> names = new HashMap<>();
        Deque<String> path = new ArrayDeque<>();
        for (String line : lines) {
            Matcher sub = SUBGRAPH.matcher(line);
            if (sub.matches()) {
                path.addLast(sub.group(2));
                continue;
            }
            if (line.strip().equals("end") && !path.isEmpty()) {
                path.removeLast();
                continue;
            }
            Matcher d = NODE.matcher(line);
            if (d.matches()) {
                StringBuilder name = new StringBuilder();
                path.forEach(p -> name.append(p).append(':'));
                names.put(d.group(1), name.append(d.group(2)).toString());
            }
        }
        return names;
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
