package dev.switchboard.bench.send;

import static org.bsc.langgraph4j.StateGraph.END;
import static org.bsc.langgraph4j.StateGraph.START;
import static org.bsc.langgraph4j.action.AsyncNodeAction.node_async;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bsc.langgraph4j.CompileConfig;
import org.bsc.langgraph4j.CompiledGraph;
import org.bsc.langgraph4j.GraphStateException;
import org.bsc.langgraph4j.StateGraph;
import org.bsc.langgraph4j.state.AgentState;
import org.bsc.langgraph4j.state.Channel;
import org.bsc.langgraph4j.state.Channels;

/**
 * W4 emulated in LangGraph4j, which has no {@code Send}: one static node per payload, {@code w0} …
 * {@code w99}, each with its payload built in, all reached by edges from {@code START} and run as
 * one parallel node. The graph therefore knows the fan-out width when it is compiled, which a
 * {@code Send} graph does not; the work per worker is the same.
 */
public final class SendLangGraph4j {
    private SendLangGraph4j() {}

    /**
     * W4's state in LangGraph4j: {@code results} appended with the default appender (which skips
     * duplicates; W4 appends none).
     */
    public static final class State extends AgentState {
        static final Map<String, Channel<?>> SCHEMA = Map.of("results", Channels.appender(ArrayList::new));

        /**
         * Wraps state data.
         *
         * @param data the channel values
         */
        public State(Map<String, Object> data) {
            super(data);
        }

        /**
         * The results.
         *
         * @return their value
         */
        public List<Integer> results() {
            return this.<List<Integer>>value("results").orElse(List.of());
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
        for (int i = 0; i < SendWork.WORKERS; i++) {
            Integer payload = i;
            String name = "w" + i;
            graph.addNode(name, node_async(s -> Map.of("results", List.of(SendWork.result(payload)))));
            graph.addEdge(START, name);
            graph.addEdge(name, END);
        }
        return graph.compile(CompileConfig.builder().build());
    }

    /**
     * The run's input.
     *
     * @return the initial channel values
     */
    public static Map<String, Object> input() {
        return Map.of("results", List.of());
    }
}
