package dev.switchboard.agent;

import dev.switchboard.agent.AgentPlan.HookNode;
import dev.switchboard.annotation.Graph;
import dev.switchboard.annotation.JumpTo;
import dev.switchboard.runtime.spi.ComponentSpec;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * An agent's diagram and JSON schemas. Its nodes route themselves, so the edges drawn are the ones
 * its routing can take: solid for the default next step, dotted for the branches (tools, jumps, end).
 */
final class AgentDiagram {
    private static final String START = Graph.START;
    private static final String END = Graph.END;

    private AgentDiagram() {}

    static String mermaid(AgentPlan<?> plan) {
        StringBuilder b = new StringBuilder("---\nconfig:\n  flowchart:\n    curve: linear\n---\ngraph TD;\n");
        b.append("\t").append(id(START)).append("([<p>").append(START).append("</p>]):::first\n");
        for (String n : plan.nodes().subList(1, plan.nodes().size())) {
            b.append("\t").append(id(n)).append('(').append(n).append(")\n");
        }
        b.append("\t").append(id(END)).append("([<p>").append(END).append("</p>]):::last\n");
        Set<String> edges = new LinkedHashSet<>();
        edge(edges, START, plan.entry, false);
        chain(edges, plan.beforeAgent, plan.loopEntry, plan);
        chain(edges, plan.beforeModel, Agent.MODEL, plan);
        List<HookNode> after = plan.afterModel;
        if (after.isEmpty()) {
            modelPaths(edges, Agent.MODEL, plan);
        } else {
            edge(edges, Agent.MODEL, after.get(after.size() - 1).name(), false);
            for (int i = after.size() - 1; i > 0; i--) {
                edge(edges, after.get(i).name(), after.get(i - 1).name(), false);
                jumps(edges, after.get(i), plan, END);
            }
            modelPaths(edges, after.get(0).name(), plan);
            jumps(edges, after.get(0), plan, plan.exit);
        }
        for (int i = plan.afterAgent.size() - 1; i >= 0; i--) {
            HookNode h = plan.afterAgent.get(i);
            edge(edges, h.name(), i == 0 ? END : plan.afterAgent.get(i - 1).name(), false);
            jumps(edges, h, plan, END);
        }
        if (plan.hasTools) {
            edge(edges, Agent.TOOLS, plan.loopEntry, false);
            if (!plan.returnDirect.isEmpty()) {
                edge(edges, Agent.TOOLS, plan.exit, true);
            }
        }
        edges.forEach(e -> b.append('\t').append(e).append('\n'));
        b.append("\tclassDef default fill:#f2f0ff,line-height:1.2\n")
                .append("\tclassDef first fill-opacity:0\n")
                .append("\tclassDef last fill:#bfb6fc\n");
        return b.toString();
    }

    private static void chain(Set<String> edges, List<HookNode> hooks, String after, AgentPlan<?> plan) {
        for (int i = 0; i < hooks.size(); i++) {
            HookNode h = hooks.get(i);
            edge(edges, h.name(), i + 1 < hooks.size() ? hooks.get(i + 1).name() : after, false);
            jumps(edges, h, plan, h.hook() == Hook.BEFORE_AGENT ? plan.exit : END);
        }
    }

    private static void modelPaths(Set<String> edges, String from, AgentPlan<?> plan) {
        if (plan.hasTools) {
            edge(edges, from, Agent.TOOLS, true);
        }
        edge(edges, from, plan.exit, true);
    }

    private static void jumps(Set<String> edges, HookNode h, AgentPlan<?> plan, String end) {
        for (JumpTo j : List.of(JumpTo.MODEL, JumpTo.TOOLS, JumpTo.END)) {
            if (!h.canJumpTo().contains(j)) {
                continue;
            }
            switch (j) {
                case MODEL -> edge(edges, h.name(), Agent.MODEL, true);
                case TOOLS -> edge(edges, h.name(), plan.hasTools ? Agent.TOOLS : end, true);
                case END -> edge(edges, h.name(), end, true);
            }
        }
    }

    private static void edge(Set<String> edges, String from, String to, boolean conditional) {
        edges.add(id(from) + (conditional ? " -.-> " : " --> ") + id(to) + ";");
    }

    /** Mermaid ids cannot hold dots; the label keeps the node's name. */
    private static String id(String node) {
        return node.replace('.', '_');
    }

    static String inputSchema(AgentPlan<?> plan) {
        return schema(plan.graphName + "Input", List.of("messages"));
    }

    static String outputSchema(AgentPlan<?> plan) {
        List<String> names = new ArrayList<>();
        for (ComponentSpec c : plan.schema.components()) {
            if (c.channel() != null) {
                names.add(c.name());
            }
        }
        return schema(plan.graphName + "Output", names);
    }

    private static String schema(String title, List<String> properties) {
        StringBuilder b = new StringBuilder(
                        "{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\",\"title\":\"")
                .append(title)
                .append("\",\"type\":\"object\",\"properties\":{");
        for (int i = 0; i < properties.size(); i++) {
            b.append(i == 0 ? "" : ",")
                    .append('"')
                    .append(properties.get(i))
                    .append("\":")
                    .append("messages".equals(properties.get(i)) ? "{\"type\":\"array\",\"items\":{}}" : "{}");
        }
        return b.append("}}").toString();
    }
}
