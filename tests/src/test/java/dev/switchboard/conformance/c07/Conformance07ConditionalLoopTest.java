package dev.switchboard.conformance.c07;

import static dev.switchboard.annotation.Graph.END;
import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.annotation.Route;
import dev.switchboard.conformance.Oracle;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.runtime.reducer.Append;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

record Counter(Integer count, @Reducer(Append.class) List<String> calls) {}

/** agent -> (count < 3 ? tool : END), tool -> agent. */
class Loop {
    final Map<String, Integer> runs = new TreeMap<>();

    @Node
    @Edge(from = START)
    @Edge(from = "tool")
    CounterUpdate agent(Counter s) {
        runs.merge("agent", 1, Integer::sum);
        return CounterUpdate.of().calls(List.of("agent@" + s.count()));
    }

    @Route(
            from = "agent",
            to = {"tool", END})
    String next(Counter s) {
        return s.count() < 3 ? "tool" : END;
    }

    @Node
    CounterUpdate tool(Counter s) {
        runs.merge("tool", 1, Integer::sum);
        return CounterUpdate.of().count(s.count() + 1).calls(List.of("tool@" + s.count()));
    }
}

class Conformance07ConditionalLoopTest {
    private final Oracle oracle = Oracle.load("07-conditional-loop");

    @Test
    void loopsUntilTheRouteEnds() {
        Loop nodes = new Loop();
        LoopGraph graph = LoopGraph.builder(nodes).build();
        oracle.assertFact(Oracle.state(graph.invoke(CounterUpdate.of().count(0)).value()), "invoke");
        oracle.assertFact(nodes.runs, "runs");
        oracle.assertFact(
                Oracle.updates(graph.stream(CounterUpdate.of().count(0), RunConfig.defaults(), StreamMode.UPDATES)),
                "stream_updates");
    }

    @Test
    void everySuperstepIsACheckpoint() {
        LoopGraph graph =
                LoopGraph.builder(new Loop()).checkpointer(new MemorySaver()).build();
        RunConfig cfg = RunConfig.thread("loop");
        graph.invoke(CounterUpdate.of().count(0), cfg);
        var history = graph.getStateHistory(cfg);
        oracle.assertFact(history.size(), "history_length");
        oracle.assertFact(Oracle.brief(history), "history");
    }
}
