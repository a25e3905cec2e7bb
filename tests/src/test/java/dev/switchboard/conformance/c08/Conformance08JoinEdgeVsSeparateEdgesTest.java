package dev.switchboard.conformance.c08;

import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Join;
import dev.switchboard.annotation.Node;
import dev.switchboard.conformance.Oracle;
import dev.switchboard.conformance.Tracing;
import dev.switchboard.conformance.Trail;
import dev.switchboard.conformance.TrailUpdate;
import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StreamMode;
import java.util.List;
import org.junit.jupiter.api.Test;

/** START -> a, START -> b, join(a, b) -> c. */
class WithJoin extends Tracing {
    @Node
    @Edge(from = START)
    TrailUpdate a(Trail s, NodeContext ctx) {
        return visit("a", s, ctx);
    }

    @Node
    @Edge(from = START)
    TrailUpdate b(Trail s, NodeContext ctx) {
        return visit("b", s, ctx);
    }

    @Node
    @Join({"a", "b"})
    TrailUpdate c(Trail s, NodeContext ctx) {
        return visit("c", s, ctx);
    }
}

/** START -> a, START -> b, a -> c, b -> c. */
class WithEdges extends Tracing {
    @Node
    @Edge(from = START)
    TrailUpdate a(Trail s, NodeContext ctx) {
        return visit("a", s, ctx);
    }

    @Node
    @Edge(from = START)
    TrailUpdate b(Trail s, NodeContext ctx) {
        return visit("b", s, ctx);
    }

    @Node
    @Edge(from = "a")
    @Edge(from = "b")
    TrailUpdate c(Trail s, NodeContext ctx) {
        return visit("c", s, ctx);
    }
}

class Conformance08JoinEdgeVsSeparateEdgesTest {
    private final Oracle oracle = Oracle.load("08-join-edge-vs-separate-edges");

    @Test
    void joinRunsOnceAfterBoth() {
        WithJoin nodes = new WithJoin();
        WithJoinGraph graph =
                WithJoinGraph.builder(nodes).executor(Runnable::run).build();
        oracle.assertFact(
                Oracle.state(graph.invoke(TrailUpdate.of().trail(List.of())).value()), "join_edge", "result");
        oracle.assertFact(nodes.executions, "join_edge", "executions");
        oracle.assertFact(
                nodes.executions.stream().filter(e -> e.get("node").equals("c")).count(), "join_edge", "c_runs");
        oracle.assertFact(
                Oracle.updates(
                        graph.stream(TrailUpdate.of().trail(List.of()), RunConfig.defaults(), StreamMode.UPDATES)),
                "join_edge",
                "stream_updates");
    }

    @Test
    void separateEdgesTriggerOncePerStep() {
        WithEdges nodes = new WithEdges();
        WithEdgesGraph graph =
                WithEdgesGraph.builder(nodes).executor(Runnable::run).build();
        oracle.assertFact(
                Oracle.state(graph.invoke(TrailUpdate.of().trail(List.of())).value()), "separate_edges", "result");
        oracle.assertFact(nodes.executions, "separate_edges", "executions");
        oracle.assertFact(
                nodes.executions.stream().filter(e -> e.get("node").equals("c")).count(), "separate_edges", "c_runs");
        oracle.assertFact(
                Oracle.updates(
                        graph.stream(TrailUpdate.of().trail(List.of()), RunConfig.defaults(), StreamMode.UPDATES)),
                "separate_edges",
                "stream_updates");
    }
}
