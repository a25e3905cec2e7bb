package dev.switchboard.conformance.c14;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.annotation.Route;
import dev.switchboard.conformance.Oracle;
import dev.switchboard.runtime.GraphRecursionException;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.StreamPart;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.runtime.error.ErrorCode;
import dev.switchboard.runtime.reducer.Sum;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

record Count(@Reducer(Sum.class) int n) {}

/** a -> a forever. */
class Forever {
    int runs;

    @Node
    @Edge(from = START)
    CountUpdate a(Count s) {
        runs++;
        return CountUpdate.of().n(1);
    }

    @Route(from = "a", to = "a")
    String again(Count s) {
        return "a";
    }
}

/** x -> y -> z. */
class Chain {
    final Map<String, Integer> runs = new ConcurrentHashMap<>();

    @Node
    @Edge(from = START)
    CountUpdate x(Count s) {
        runs.merge("x", 1, Integer::sum);
        return CountUpdate.of().n(1);
    }

    @Node
    @Edge(from = "x")
    CountUpdate y(Count s) {
        runs.merge("y", 1, Integer::sum);
        return CountUpdate.of().n(1);
    }

    @Node
    @Edge(from = "y")
    CountUpdate z(Count s) {
        runs.merge("z", 1, Integer::sum);
        return CountUpdate.of().n(1);
    }
}

class Conformance14RecursionLimitTest {
    private final Oracle oracle = Oracle.load("14-recursion-limit");

    @Test
    void defaultLimitIs25() {
        Forever nodes = new Forever();
        GraphRecursionException e = assertThrows(
                GraphRecursionException.class,
                () -> ForeverGraph.builder(nodes).build().invoke(CountUpdate.of()));
        assertEquals(25, e.limit());
        assertEquals(
                ErrorCode.GRAPH_RECURSION_LIMIT.name(),
                oracle.at("infinite_default_limit", "error", "lc_error_code").asString());
        assertEquals(ErrorCode.GRAPH_RECURSION_LIMIT, e.code().orElseThrow());
        oracle.assertFact(nodes.runs, "infinite_default_limit_runs");
    }

    @Test
    void limitFive() {
        Forever nodes = new Forever();
        ForeverGraph g = ForeverGraph.builder(nodes).build();
        RunConfig five = RunConfig.defaults().withRecursionLimit(5);
        assertEquals(
                5,
                assertThrows(GraphRecursionException.class, () -> g.invoke(CountUpdate.of(), five))
                        .limit());
        oracle.assertFact(nodes.runs, "infinite_limit_5_runs");
        List<StreamPart<?>> events = Oracle.untilError(
                        GraphRecursionException.class, () -> g.stream(CountUpdate.of(), five, StreamMode.UPDATES))
                .events();
        oracle.assertFact(Oracle.updates(events.stream()), "infinite_limit_5_stream_updates", "events");
    }

    @ParameterizedTest
    @ValueSource(ints = {4, 3, 2, 1})
    void theLimitIsCheckedBeforeLookingForTasks(int limit) {
        Chain nodes = new Chain();
        ChainGraph g = ChainGraph.builder(nodes).build();
        RunConfig config = RunConfig.defaults().withRecursionLimit(limit);
        boolean ok = oracle.at("chain3_limit_" + limit, "ok").asBoolean();
        if (ok) {
            oracle.assertFact(
                    Oracle.state(g.invoke(CountUpdate.of(), config).value()), "chain3_limit_" + limit, "result");
        } else {
            assertThrows(GraphRecursionException.class, () -> g.invoke(CountUpdate.of(), config));
        }
        oracle.assertFact(new TreeMap<>(nodes.runs), "chain3_limit_" + limit, "runs");
    }

    @Test
    void withACheckpointerTheStateAtTheErrorIsKept() {
        ForeverGraph g = ForeverGraph.builder(new Forever())
                .checkpointer(new MemorySaver())
                .build();
        RunConfig cfg = RunConfig.thread("rl").withRecursionLimit(5);
        assertThrows(GraphRecursionException.class, () -> g.invoke(CountUpdate.of(), cfg));
        var st = g.getState(RunConfig.thread("rl"));
        Map<String, Object> brief = new java.util.LinkedHashMap<>();
        brief.put("values", st.channels());
        brief.put("next", st.next());
        brief.put("step", st.metadata().step());
        brief.put("source", st.metadata().source().wireName());
        oracle.assertFact(brief, "with_checkpointer_state");
    }

    @Test
    void limitZeroIsRejected() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> RunConfig.defaults().withRecursionLimit(0));
        assertEquals("recursionLimit must be at least 1, was 0", e.getMessage());
    }
}
