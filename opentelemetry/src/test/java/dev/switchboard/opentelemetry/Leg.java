package dev.switchboard.opentelemetry;

import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Graph;
import dev.switchboard.annotation.Node;
import java.util.List;

/** The subgraph: one node appending to the shared log. */
@Graph(input = Trip.class, output = Trip.class)
@SuppressWarnings("switchboard:subgraph-reappend")
public class Leg {
    @Node
    @Edge(from = START)
    TripUpdate walk(Trip trip) {
        return TripUpdate.of().log(List.of("walk"));
    }
}
