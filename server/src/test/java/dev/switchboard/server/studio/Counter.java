package dev.switchboard.server.studio;

import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import java.util.List;

/** START -> plus (n + 1) -> twice (n * 2) -> END: a run from n = 2 ends at 6, a fork setting 10 after plus at 20. */
public class Counter {
    @Node
    @Edge(from = START)
    TallyUpdate plus(Tally s) {
        return TallyUpdate.of().n(s.n() + 1).log(List.of("plus"));
    }

    @Node
    @Edge(from = "plus")
    TallyUpdate twice(Tally s) {
        return TallyUpdate.of().n(s.n() * 2).log(List.of("twice"));
    }
}
