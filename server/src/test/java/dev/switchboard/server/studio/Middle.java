package dev.switchboard.server.studio;

import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import java.util.List;

/** START -> m1 -> counter (the {@link Counter} graph as a subgraph node). */
public class Middle {
    @Node
    @Edge(from = START)
    TallyUpdate m1(Tally s) {
        return TallyUpdate.of().log(List.of("m1"));
    }

    @Node
    @Edge(from = "m1")
    CounterGraph counter() {
        return CounterGraph.builder(new Counter()).build();
    }
}
