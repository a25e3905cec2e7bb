package dev.switchboard.client;

import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.runtime.NodeContext;

/** A local graph whose node asks a remote A2A agent through {@link A2aAgent#ask}. */
public class Booker {
    private final A2aAgent tables;

    Booker(A2aAgent tables) {
        this.tables = tables;
    }

    @Node
    @Edge(from = START)
    TripUpdate book(Trip t, NodeContext ctx) {
        return TripUpdate.of().answer(tables.ask("table " + t.topic(), ctx));
    }
}
