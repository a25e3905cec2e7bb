package dev.switchboard.client;

import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.runtime.NodeContext;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/** A local graph whose node runs the served {@code writer} graph through {@link RemoteGraph#call}. */
public class Desk {
    private final RemoteGraph writer;

    Desk(RemoteGraph writer) {
        this.writer = writer;
    }

    @Node
    @Edge(from = START)
    TripUpdate research(Trip t, NodeContext ctx) {
        JsonNode out = writer.call(Map.of("topic", t.topic()), ctx);
        return TripUpdate.of()
                .answer(out.path("verdict").asString())
                .log(List.of(out.path("log").toString()));
    }
}
