package dev.switchboard.bench.linear;

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

/** W1 as a LangGraph4j graph; W5 compiles the same graph with a checkpoint saver. */
public final class LinearLangGraph4j {
    private LinearLangGraph4j() {}

    /**
     * W1's state in LangGraph4j: {@code counter} overwritten, {@code log} appended with LangGraph4j's
     * default appender (which skips duplicates; W1 appends none).
     */
    public static final class State extends AgentState {
        static final Map<String, Channel<?>> SCHEMA =
                Map.of("counter", Channels.base(() -> 0), "log", Channels.appender(ArrayList::new));

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

        /**
         * The log.
         *
         * @return its value
         */
        public List<String> log() {
            return this.<List<String>>value("log").orElse(List.of());
        }
    }

    /**
     * Builds the chain.
     *
     * @param config the compile configuration (W5 adds a checkpoint saver)
     * @return the compiled graph
     * @throws GraphStateException if LangGraph4j rejects the graph
     */
    public static CompiledGraph<State> compile(CompileConfig config) throws GraphStateException {
        StateGraph<State> graph = new StateGraph<>(State.SCHEMA, State::new);
        String previous = START;
        for (String name : LinearWork.NAMES) {
            graph.addNode(name, node_async(s -> Map.of("counter", LinearWork.next(s.counter()), "log", List.of(name))));
            graph.addEdge(previous, name);
            previous = name;
        }
        graph.addEdge(previous, END);
        return graph.compile(config);
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
