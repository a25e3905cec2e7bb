package dev.switchboard.conformance.c33;

import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.conformance.Oracle;
import dev.switchboard.conformance.Runs;
import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.reducer.Append;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

record Trail(@Reducer(Append.class) List<String> trail) {}

/** START -> c1 -> c2; c1 sends a command to the parent, so c2 never runs. */
class Child {
    private final Runs runs;

    Child(Runs runs) {
        this.runs = runs;
    }

    @Node
    @Edge(from = START)
    Command<TrailUpdate> c1(Trail s) {
        runs.hit("c1");
        return Command.update(TrailUpdate.of().trail(List.of("c1->parent")))
                .andGoTo("other")
                .toParent();
    }

    @Node
    @Edge(from = "c1")
    TrailUpdate c2(Trail s) {
        runs.hit("c2");
        return TrailUpdate.of().trail(List.of("c2"));
    }
}

/** START -> sub (the child) -> after; other is reachable through sub's destinations. */
class Parent {
    private final Runs runs;
    private final ChildGraph child;

    Parent(Runs runs) {
        this.runs = runs;
        this.child = ChildGraph.builder(new Child(runs)).build();
    }

    @SuppressWarnings(
            "switchboard:subgraph-reappend") // LangGraph re-appends the child's whole output; the oracle records it
    @Node(destinations = "other")
    @Edge(from = START)
    ChildGraph sub() {
        return child;
    }

    @Node
    @Edge(from = "sub")
    TrailUpdate after(Trail s) {
        runs.hit("after");
        return TrailUpdate.of().trail(List.of("after"));
    }

    @Node
    TrailUpdate other(Trail s) {
        runs.hit("other");
        return TrailUpdate.of().trail(List.of("other"));
    }
}

class Conformance33CommandParentFromSubgraphTest {
    private final Oracle oracle = Oracle.load("33-command-parent-from-subgraph");

    @Test
    void theParentAppliesTheCommandAndItsStaticEdgeStillFires() {
        Runs runs = new Runs();
        ParentGraph g =
                ParentGraph.builder(new Parent(runs)).executor(Runnable::run).build();
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put(
                "invoke",
                Oracle.state(g.invoke(TrailUpdate.of().trail(List.of("in"))).value()));
        facts.put("runs", runs.get());
        facts.put(
                "stream_updates_subgraphs",
                Oracle.withNamespaces(g.stream(
                        TrailUpdate.of().trail(List.of("in")),
                        RunConfig.defaults().withSubgraphStreaming(),
                        StreamMode.UPDATES)));
        oracle.assertFacts(facts);
    }
}
