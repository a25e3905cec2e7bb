package dev.switchboard.conformance.c10;

import static dev.switchboard.annotation.Graph.END;
import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.annotation.Route;
import dev.switchboard.conformance.Oracle;
import dev.switchboard.conformance.Tracing;
import dev.switchboard.conformance.Trail;
import dev.switchboard.conformance.TrailUpdate;
import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.reducer.Append;
import dev.switchboard.runtime.reducer.Sum;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

record Looping(
        @Reducer(Sum.class) int n, @Reducer(Append.class) List<String> trail) {}

/** START -> a1 -> a2 -> a3, START -> b1 -> c (c not deferred). */
class Plain extends Tracing {
    @Node
    @Edge(from = START)
    TrailUpdate a1(Trail s, NodeContext ctx) {
        return visit("a1", s, ctx);
    }

    @Node
    @Edge(from = "a1")
    TrailUpdate a2(Trail s, NodeContext ctx) {
        return visit("a2", s, ctx);
    }

    @Node
    @Edge(from = "a2")
    TrailUpdate a3(Trail s, NodeContext ctx) {
        return visit("a3", s, ctx);
    }

    @Node
    @Edge(from = START)
    TrailUpdate b1(Trail s, NodeContext ctx) {
        return visit("b1", s, ctx);
    }

    @Node
    @Edge(from = "b1")
    TrailUpdate c(Trail s, NodeContext ctx) {
        return visit("c", s, ctx);
    }
}

/** The same with c deferred. */
class Deferred extends Tracing {
    @Node
    @Edge(from = START)
    TrailUpdate a1(Trail s, NodeContext ctx) {
        return visit("a1", s, ctx);
    }

    @Node
    @Edge(from = "a1")
    TrailUpdate a2(Trail s, NodeContext ctx) {
        return visit("a2", s, ctx);
    }

    @Node
    @Edge(from = "a2")
    TrailUpdate a3(Trail s, NodeContext ctx) {
        return visit("a3", s, ctx);
    }

    @Node
    @Edge(from = START)
    TrailUpdate b1(Trail s, NodeContext ctx) {
        return visit("b1", s, ctx);
    }

    @Node(defer = true)
    @Edge(from = "b1")
    TrailUpdate c(Trail s, NodeContext ctx) {
        return visit("c", s, ctx);
    }
}

/** A self-loop x (3 times) and a deferred d triggered from START. */
class LoopAndDeferred {
    final List<Map<String, Object>> executions = new CopyOnWriteArrayList<>();

    @Node
    @Edge(from = START)
    LoopingUpdate x(Looping s, NodeContext ctx) {
        executions.add(Map.of("node", "x", "step", ctx.step()));
        return LoopingUpdate.of().n(1).trail(List.of("x" + s.n()));
    }

    @Route(
            from = "x",
            to = {"x", END})
    String again(Looping s) {
        return s.n() < 3 ? "x" : END;
    }

    @Node(defer = true)
    @Edge(from = START)
    LoopingUpdate d(Looping s, NodeContext ctx) {
        executions.add(Map.of("node", "d", "step", ctx.step(), "saw_n", s.n()));
        return LoopingUpdate.of().trail(List.of("d"));
    }
}

class Conformance10DeferredNodeTest {
    private final Oracle oracle = Oracle.load("10-deferred-node");

    @Test
    void notDeferredRunsAsSoonAsTriggered() {
        Plain nodes = new Plain();
        PlainGraph graph = PlainGraph.builder(nodes).executor(Runnable::run).build();
        oracle.assertFact(Oracle.state(graph.invoke(TrailUpdate.of()).value()), "not_deferred", "result");
        oracle.assertFact(nodes.executions, "not_deferred", "executions");
        assertSameUpdatesPerStep(
                oracle.at("not_deferred", "stream_updates"),
                Oracle.json(Oracle.updates(graph.stream(TrailUpdate.of(), RunConfig.defaults(), StreamMode.UPDATES))));
    }

    @Test
    void deferredWaitsUntilNothingElseRuns() {
        Deferred nodes = new Deferred();
        DeferredGraph graph =
                DeferredGraph.builder(nodes).executor(Runnable::run).build();
        oracle.assertFact(Oracle.state(graph.invoke(TrailUpdate.of()).value()), "deferred", "result");
        oracle.assertFact(nodes.executions, "deferred", "executions");
        oracle.assertFact(
                Oracle.updates(graph.stream(TrailUpdate.of(), RunConfig.defaults(), StreamMode.UPDATES)),
                "deferred",
                "stream_updates");
    }

    @Test
    void deferredWaitsForALoop() {
        LoopAndDeferred nodes = new LoopAndDeferred();
        LoopAndDeferredGraph graph = LoopAndDeferredGraph.builder(nodes).build();
        oracle.assertFact(Oracle.state(graph.invoke(LoopingUpdate.of()).value()), "deferred_vs_loop", "result");
        oracle.assertFact(nodes.executions, "deferred_vs_loop", "executions");
    }

    /**
     * Within a superstep LangGraph.js streams updates in completion order, which for its synchronous
     * bodies depends on how many writers a node has (c, with no outgoing edge, finishes before a2).
     * That is a JS scheduling artefact; the facts are which updates each step produced.
     */
    private static void assertSameUpdatesPerStep(JsonNode expected, JsonNode actual) {
        assertEquals(expected.size(), actual.size());
        assertEquals(
                new HashSet<>(List.of(expected.get(0), expected.get(1))),
                new HashSet<>(List.of(actual.get(0), actual.get(1))));
        assertEquals(
                new HashSet<>(List.of(expected.get(2), expected.get(3))),
                new HashSet<>(List.of(actual.get(2), actual.get(3))));
        assertEquals(expected.get(4), actual.get(4));
    }
}
