package dev.switchboard.tests.persistence.sealed;

import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import java.util.List;
import java.util.Map;

/** START -> draw -> more: two supersteps, so the list is stored as a delta too. */
class Draw {
    @Node
    @Edge(from = START)
    DrawingUpdate draw(Drawing d) {
        return DrawingUpdate.of()
                .main(new Shape.Circle(1))
                .all(List.of(new Shape.Square(2)))
                .named(Map.of("a", new Shape.Square(4)));
    }

    @Node
    @Edge(from = "draw")
    DrawingUpdate more(Drawing d) {
        return DrawingUpdate.of().all(List.of(new Shape.Circle(3)));
    }
}
