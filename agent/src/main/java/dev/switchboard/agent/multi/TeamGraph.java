package dev.switchboard.agent.multi;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.switchboard.agent.Agent;
import dev.switchboard.annotation.Graph;
import dev.switchboard.langchain4j.Message;
import dev.switchboard.runtime.GraphBuilder;
import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.pregel.PregelGraph;
import dev.switchboard.runtime.serde.ValueType;
import dev.switchboard.runtime.spi.GraphDefinition;
import dev.switchboard.runtime.spi.GraphDefinitionBuilder;
import dev.switchboard.runtime.spi.NodeDispatcher;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A team of agents as one graph: each agent is a node that runs it as a subgraph (so every agent's
 * steps are checkpointed in its own namespace, a pause inside an agent pauses the team, and the
 * team resumes inside it), sharing the conversation ({@link Team#messages()}) by name. An agent that
 * calls a handoff tool ends, and the team routes to the agent it named; one that answers ends the
 * turn. Built by {@link Supervisor} and {@link Swarm}.
 */
public final class TeamGraph extends PregelGraph<Team, TeamUpdate, Team> {
    private final Shape shape;

    /** Where a team starts and where its agents go. */
    record Shape(String name, Map<String, Agent<?>> agents, String supervisor, String defaultAgent) {
        List<String> names() {
            return List.copyOf(agents.keySet());
        }

        /** The supervisor's workers, or a swarm's agents. */
        List<String> targets() {
            List<String> out = new ArrayList<>(agents.keySet());
            if (supervisor != null) {
                out.remove(supervisor);
            }
            return out;
        }
    }

    TeamGraph(Shape shape, GraphBuilder<?, ?> settings) {
        super(definition(shape), new Dispatcher(shape), settings);
        this.shape = shape;
    }

    private static GraphDefinition definition(Shape s) {
        GraphDefinitionBuilder b = GraphDefinition.builder(s.name(), TeamChannels.SCHEMA);
        List<String> names = s.names();
        for (int i = 0; i < names.size(); i++) {
            b.node(i + 1, names.get(i), ValueType.of(Team.class))
                    .reads(TeamChannels.SCHEMA)
                    .subgraph(names.get(i));
        }
        String[] out = withEnd(s.targets());
        if (s.supervisor() != null) {
            b.edge(Graph.START, s.supervisor());
            b.route(0, "handoff", s.supervisor()).to(out);
            for (String worker : s.targets()) {
                b.edge(worker, s.supervisor());
            }
        } else {
            b.route(0, "activeAgent", Graph.START).to(names.toArray(String[]::new));
            for (int i = 0; i < names.size(); i++) {
                b.route(i + 1, "handoff", names.get(i)).to(out);
            }
        }
        return b.build();
    }

    private static String[] withEnd(List<String> targets) {
        List<String> all = new ArrayList<>(targets);
        all.add(Graph.END);
        return all.toArray(String[]::new);
    }

    /**
     * The team's agents by name, in the order given.
     *
     * @return the agents
     */
    public Map<String, Agent<?>> agents() {
        return shape.agents();
    }

    @Override
    public String mermaid() {
        StringBuilder b = new StringBuilder("graph TD;\n\t__start__([<p>__start__</p>]):::first\n");
        shape.names()
                .forEach(n -> b.append('\t').append(n).append('(').append(n).append(")\n"));
        b.append("\t__end__([<p>__end__</p>]):::last\n");
        Set<String> edges = new LinkedHashSet<>();
        if (shape.supervisor() != null) {
            edges.add("__start__ --> " + shape.supervisor() + ";");
            for (String w : shape.targets()) {
                edges.add(shape.supervisor() + " -.-> " + w + ";");
                edges.add(w + " --> " + shape.supervisor() + ";");
            }
            edges.add(shape.supervisor() + " -.-> __end__;");
        } else {
            for (String a : shape.names()) {
                edges.add("__start__ -.-> " + a + ";");
                for (String t : shape.targets()) {
                    if (!t.equals(a)) {
                        edges.add(a + " -.-> " + t + ";");
                    }
                }
                edges.add(a + " -.-> __end__;");
            }
        }
        edges.forEach(e -> b.append('\t').append(e).append('\n'));
        return b.append("\tclassDef first fill-opacity:0\n\tclassDef last fill:#bfb6fc\n")
                .toString();
    }

    @Override
    public String inputJsonSchema() {
        return schema("Input");
    }

    @Override
    public String outputJsonSchema() {
        return schema("Output");
    }

    private String schema(String suffix) {
        return "{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\",\"title\":\"" + shape.name() + suffix
                + "\",\"type\":\"object\",\"properties\":{\"messages\":{\"type\":\"array\",\"items\":{}},"
                + "\"activeAgent\":{\"type\":\"string\"}}}";
    }

    /** Runs each agent as its node's subgraph, and routes by the handoffs of the conversation. */
    private static final class Dispatcher implements NodeDispatcher {
        private final Shape shape;
        private final List<Agent<?>> byIndex;

        Dispatcher(Shape shape) {
            this.shape = shape;
            this.byIndex = new ArrayList<>(shape.agents().values());
        }

        @Override
        public Object node(int node, Object input, NodeContext context) {
            return byIndex.get(node - 1);
        }

        @Override
        public Object route(int route, Object state, NodeContext context) {
            Team team = (Team) state;
            if (shape.supervisor() == null && route == 0) {
                String active = team.activeAgent();
                return active != null && shape.agents().containsKey(active) ? active : shape.defaultAgent();
            }
            List<String> to = handoffs(team.messages());
            return to.isEmpty() ? Graph.END : to;
        }

        /** The agents named by the handoff results that close the conversation. */
        private List<String> handoffs(List<Message> messages) {
            Set<String> out = new LinkedHashSet<>();
            for (int i = messages.size() - 1; i >= 0; i--) {
                Message m = messages.get(i);
                if (m.chat() instanceof AiMessage) {
                    break;
                }
                if (m.chat() instanceof ToolExecutionResultMessage t
                        && !Boolean.TRUE.equals(t.isError())
                        && t.toolName() != null
                        && t.toolName().startsWith("transfer_to_")) {
                    String target = t.toolName().substring("transfer_to_".length());
                    if (shape.targets().contains(target)) {
                        out.add(target);
                    }
                }
            }
            List<String> ordered = new ArrayList<>(out);
            java.util.Collections.reverse(ordered);
            return ordered;
        }
    }
}
