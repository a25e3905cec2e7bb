package dev.switchboard.agent.multi;

import dev.switchboard.agent.Agent;
import dev.switchboard.runtime.GraphBuilder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A supervisor and its workers, LangGraph's {@code create_supervisor}: the supervisor agent gets a
 * handoff tool per worker ({@code transfer_to_<worker>}); when it calls one, the worker takes the
 * conversation, and when the worker ends, the conversation records the handoff back and the
 * supervisor goes on; the turn ends when the supervisor answers without a handoff. Every agent names
 * its replies after itself.
 *
 * <pre>{@code
 * TeamGraph team = Supervisor.builder("supervisor", Agent.builder(model).systemPrompt("Route the work."))
 *         .worker("research", Agent.builder(model).tools(search), "Finds facts")
 *         .worker("math", Agent.builder(model).tools(calculator), "Does arithmetic")
 *         .checkpointer(saver)
 *         .build();
 * team.invoke(TeamUpdate.of().messages(List.of(Message.user("..."))), RunConfig.thread("t1"));
 * }</pre>
 *
 * <p>The builders given are completed by the team (a name, the handoff middleware) and built by it.
 */
public final class Supervisor {
    private Supervisor() {}

    /**
     * Starts a team.
     *
     * @param name the supervisor's name
     * @param supervisor the supervisor agent's builder
     * @return a builder
     */
    public static Builder builder(String name, Agent.Builder<?> supervisor) {
        return new Builder(Objects.requireNonNull(name, "name"), Objects.requireNonNull(supervisor, "supervisor"));
    }

    /** Configures a supervisor's team: its workers, and what a compiled graph takes. */
    public static final class Builder extends GraphBuilder<Builder, TeamGraph> {
        private final String name;
        private final Agent.Builder<?> supervisor;
        private final Map<String, Agent.Builder<?>> workers = new LinkedHashMap<>();
        private final List<Handoff<?>> handoffs = new ArrayList<>();
        private String graphName = "supervisor";

        private Builder(String name, Agent.Builder<?> supervisor) {
            this.name = name;
            this.supervisor = supervisor;
        }

        /**
         * Adds a worker.
         *
         * @param workerName its name, unique in the team
         * @param worker its builder
         * @param description what it does, for the supervisor's handoff tool
         * @return this builder
         */
        public Builder worker(String workerName, Agent.Builder<?> worker, String description) {
            return worker(Handoff.to(workerName).describedAs(description), worker);
        }

        /**
         * Adds a worker reached by a handoff of the caller's (with a payload, say).
         *
         * @param handoff the supervisor's handoff to the worker
         * @param worker its builder
         * @return this builder
         */
        public Builder worker(Handoff<?> handoff, Agent.Builder<?> worker) {
            if (handoff.agent().equals(name) || workers.putIfAbsent(handoff.agent(), worker) != null) {
                throw new IllegalArgumentException("the team already has an agent named " + handoff.agent());
            }
            handoffs.add(handoff);
            return this;
        }

        /**
         * The team graph's name ({@code supervisor} unless set).
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
            if (workers.isEmpty()) {
                throw new IllegalStateException("a supervisor needs at least one worker");
            }
            Map<String, Agent<?>> agents = new LinkedHashMap<>();
            agents.put(
                    name,
                    supervisor
                            .name(name)
                            .middleware(new HandoffsMiddleware(new Handoffs(handoffs)))
                            .build());
            workers.forEach((w, b) -> agents.put(
                    w,
                    b.name(w)
                            .middleware(new HandBackMiddleware(new HandBack(w, name)))
                            .build()));
            return new TeamGraph(new TeamGraph.Shape(graphName, agents, name, name), this);
        }
    }
}
