package dev.switchboard.bench.loop;

import static org.bsc.langgraph4j.StateGraph.END;
import static org.bsc.langgraph4j.StateGraph.START;
import static org.bsc.langgraph4j.action.AsyncEdgeAction.edge_async;
import static org.bsc.langgraph4j.action.AsyncNodeAction.node_async;

import java.util.Map;
import org.bsc.langgraph4j.CompileConfig;
import org.bsc.langgraph4j.CompiledGraph;
import org.bsc.langgraph4j.GraphStateException;
import org.bsc.langgraph4j.StateGraph;
import org.bsc.langgraph4j.state.AgentState;
import org.bsc.langgraph4j.state.Channel;
import org.bsc.langgraph4j.state.Channels;

/** W3 as a LangGraph4j graph: {@code agent} with a conditional edge back to itself. */
public final class LoopLangGraph4j {
    private LoopLangGraph4j() {}

    /** W3's state in LangGraph4j: {@code counter}, overwritten. */
    public static final class State extends AgentState {
        static final Map<String, Channel<?>> SCHEMA = Map.of("counter", Channels.base(() -> 0));

        /**
         * Wraps state data.
         *
         * @param data the channel values
         */
        public State(Map<String, Object> data) {
            super(data);
        }

        /**
         * The counter.
         *
         * @return its value
         */
        public int counter() {
            return this.<Integer>value("counter").orElse(0);
        }
    }

    /**
     * Builds the graph.
     *
     * @return the compiled graph
     * @throws GraphStateException if LangGraph4j rejects the graph
     */
    public static CompiledGraph<State> compile() throws GraphStateException {
        StateGraph<State> graph = new StateGraph<>(State.SCHEMA, State::new);
        graph.addNode("agent", node_async(s -> Map.of("counter", LoopWork.next(s.counter()))));
        graph.addEdge(START, "agent");
        graph.addConditionalEdges(
                "agent",
                edge_async(s -> LoopWork.again(s.counter()) ? "agent" : END),
                Map.of("agent", "agent", END, END));
        return graph.compile(
                CompileConfig.builder().recursionLimit(LoopWork.RECURSION_LIMIT).build());
    }

    /**
     * The run's input.
     *
     * @return the initial channel values
     */
    public static Map<String, Object> input() {
        return Map.of("counter", 0);
    }
}
