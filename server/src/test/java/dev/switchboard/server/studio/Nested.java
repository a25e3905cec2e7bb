package dev.switchboard.server.studio;

import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import java.util.List;

/** START -> prep -> middle (the {@link Middle} graph, which holds {@link Counter}): subgraphs two deep. */
public class Nested {
    @Node
    @Edge(from = START)
    TallyUpdate prep(Tally s) {
        return TallyUpdate.of().log(List.of("prep"));
    }

    @Node
    @Edge(from = "prep")
    MiddleGraph middle() {
        return MiddleGraph.builder(new Middle()).build();
    }
}
