package dev.switchboard.bench.fanout;

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
 * W2 as a LangGraph4j graph. LangGraph4j turns the eight edges out of {@code split} into one
 * parallel node whose branches must all lead to the same node ({@code join}); without an executor
 * in the run's config, which is the default, it runs the branches one after another on the caller.
 */
public final class FanOutLangGraph4j {
    private FanOutLangGraph4j() {}

    /**
     * W2's state in LangGraph4j: {@code total} summed, {@code items} appended with the default
     * appender (which skips duplicates; W2 appends none).
     */
    public static final class State extends AgentState {
        static final Map<String, Channel<?>> SCHEMA = Map.of(
                "total", Channels.<Integer>base(Integer::sum, () -> 0), "items", Channels.appender(ArrayList::new));

        /**
         * Wraps state data.
         *
         * @param data the channel values
         */
        public State(Map<String, Object> data) {
            super(data);
        }

        /**
         * The total.
         *
         * @return its value
         */
        public int total() {
            return this.<Integer>value("total").orElse(0);
        }

        /**
         * The items.
         *
         * @return its value
         */
        public List<String> items() {
            return this.<List<String>>value("items").orElse(List.of());
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
        graph.addNode("split", node_async(s -> Map.of("items", List.of("split"))));
        graph.addEdge(START, "split");
        for (int i = 0; i < FanOutWork.WORKERS; i++) {
            int index = i;
            String name = FanOutWork.worker(i);
            graph.addNode(
                    name, node_async(s -> Map.of("total", FanOutWork.contribution(index), "items", List.of(name))));
            graph.addEdge("split", name);
            graph.addEdge(name, "join");
        }
        graph.addNode("join", node_async(s -> Map.of("items", List.of("join"))));
        graph.addEdge("join", END);
        return graph.compile(CompileConfig.builder().build());
    }

    /**
     * The run's input.
     *
     * @return the initial channel values
     */
    public static Map<String, Object> input() {
        return Map.of("total", 0);
    }
}
