package dev.switchboard.agent.multi;

import dev.switchboard.agent.Agent;
import dev.switchboard.runtime.GraphBuilder;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A swarm of agents, LangGraph's {@code create_swarm}: each agent may hand the conversation to others
 * with handoff tools ({@link Handoff}, with typed payloads); the agent that last received a handoff
 * is the team's {@code activeAgent} and answers the next turn (the default agent before any
 * handoff).
 *
 * <pre>{@code
 * TeamGraph swarm = Swarm.builder()
 *         .agent("triage", Agent.builder(model), Handoff.to("billing", RefundFormat.INSTANCE))
 *         .agent("billing", Agent.builder(model).tools(refunds), Handoff.to("triage"))
 *         .defaultAgent("triage")
 *         .checkpointer(saver)
 *         .build();
 * }</pre>
 */
public final class Swarm {
    private Swarm() {}

    /**
     * Starts a swarm.
     *
     * @return a builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /** Configures a swarm: its agents and their handoffs, and what a compiled graph takes. */
    public static final class Builder extends GraphBuilder<Builder, TeamGraph> {
        private final Map<String, Agent.Builder<?>> agents = new LinkedHashMap<>();
        private final Map<String, List<Handoff<?>>> handoffs = new LinkedHashMap<>();
        private String defaultAgent;
        private String graphName = "swarm";

        private Builder() {}

        /**
         * Adds an agent and the handoffs it may make.
         *
         * @param name its name, unique in the swarm
         * @param agent its builder
         * @param canHandOffTo its handoffs
         * @return this builder
         */
        public Builder agent(String name, Agent.Builder<?> agent, Handoff<?>... canHandOffTo) {
            Objects.requireNonNull(name, "name");
            if (agents.putIfAbsent(name, Objects.requireNonNull(agent, "agent")) != null) {
                throw new IllegalArgumentException("the swarm already has an agent named " + name);
            }
            handoffs.put(name, List.copyOf(Arrays.asList(canHandOffTo)));
            return this;
        }

        /**
         * The agent that answers before any handoff (the first added unless set).
         *
         * @param name the agent's name
         * @return this builder
         */
        public Builder defaultAgent(String name) {
            this.defaultAgent = Objects.requireNonNull(name, "name");
            return this;
        }

        /**
         * The swarm graph's name ({@code swarm} unless set).
         *
         * @param graph the name
         * @return this builder
         */
        public Builder graphName(String graph) {
            this.graphName = Objects.requireNonNull(graph, "graph");
            return this;
        }

        @Override
        protected Builder self() {
            return this;
        }

        @Override
        public TeamGraph build() {
            if (agents.isEmpty()) {
                throw new IllegalStateException("a swarm needs at least one agent");
            }
            String first = defaultAgent != null
                    ? defaultAgent
                    : agents.keySet().iterator().next();
            if (!agents.containsKey(first)) {
                throw new IllegalStateException(
                        "the default agent " + first + " is not in the swarm; agents are " + agents.keySet());
            }
            handoffs.forEach((from, list) -> list.forEach(h -> {
                if (!agents.containsKey(h.agent())) {
                    throw new IllegalStateException(from + " hands off to " + h.agent() + ", which is not in the swarm;"
                            + " agents are " + agents.keySet());
                }
            }));
            Map<String, Agent<?>> built = new LinkedHashMap<>();
            agents.forEach((name, b) -> {
                b.name(name);
                if (!handoffs.get(name).isEmpty()) {
                    b.middleware(new HandoffsMiddleware(new Handoffs(handoffs.get(name))));
                }
                built.put(name, b.build());
            });
            return new TeamGraph(new TeamGraph.Shape(graphName, built, null, first), this);
        }
    }
}
