package dev.switchboard.conformance.c33;

import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.conformance.Oracle;
import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.reducer.Append;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

record Trail(@Reducer(Append.class) List<String> trail) {}

/** Counts runs across both graphs. */
final class Runs {
    static final Map<String, Integer> COUNT = new TreeMap<>();

    private Runs() {}

    static synchronized void hit(String name) {
        COUNT.merge(name, 1, Integer::sum);
    }
}

/** START -> c1 -> c2; c1 sends a command to the parent, so c2 never runs. */
class Child {
    @Node
    @Edge(from = START)
    Command<TrailUpdate> c1(Trail s) {
        Runs.hit("c1");
        return Command.update(TrailUpdate.of().trail(List.of("c1->parent")))
                .andGoTo("other")
                .toParent();
    }

    @Node
    @Edge(from = "c1")
    TrailUpdate c2(Trail s) {
        Runs.hit("c2");
        return TrailUpdate.of().trail(List.of("c2"));
    }
}

/** START -> sub (the child) -> after; other is reachable through sub's destinations. */
class Parent {
    private final ChildGraph child = ChildGraph.builder(new Child()).build();

    @Node(destinations = "other")
    @Edge(from = START)
    ChildGraph sub() {
        return child;
    }

    @Node
    @Edge(from = "sub")
    TrailUpdate after(Trail s) {
        Runs.hit("after");
        return TrailUpdate.of().trail(List.of("after"));
    }

    @Node
    TrailUpdate other(Trail s) {
        Runs.hit("other");
        return TrailUpdate.of().trail(List.of("other"));
    }
}

class Conformance33CommandParentFromSubgraphTest {
    private final Oracle oracle = Oracle.load("33-command-parent-from-subgraph");

    @Test
    void theParentAppliesTheCommandAndItsStaticEdgeStillFires() {
        Runs.COUNT.clear();
        ParentGraph g =
                ParentGraph.builder(new Parent()).executor(Runnable::run).build();
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put(
                "invoke",
                Oracle.state(g.invoke(TrailUpdate.of().trail(List.of("in"))).value()));
        facts.put("runs", new TreeMap<>(Runs.COUNT));
        facts.put(
                "stream_updates_subgraphs",
                Oracle.withNamespaces(g.stream(
                        TrailUpdate.of().trail(List.of("in")),
                        RunConfig.defaults().withSubgraphStreaming(),
                        StreamMode.UPDATES)));
        oracle.assertFacts(facts);
    }
}
