package dev.switchboard.bench.server;

import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import java.util.List;

/** The server benchmark's graph: three nodes in a chain, each counting and logging its name. */
public class Relay {
    /** Creates the nodes. */
    public Relay() {}

    private static BatonUpdate step(Baton s, String name) {
        return BatonUpdate.of().counter(s.counter() + 1).log(List.of(name));
    }

    @Node
    @Edge(from = START)
    BatonUpdate a(Baton s) {
        return step(s, "a");
    }

    @Node
    @Edge(from = "a")
    BatonUpdate b(Baton s) {
        return step(s, "b");
    }

    @Node
    @Edge(from = "b")
    BatonUpdate c(Baton s) {
        return step(s, "c");
    }
}
