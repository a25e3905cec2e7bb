package upgrade;

import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Graph;
import dev.switchboard.annotation.Node;

/** Remembers the last shape drawn. */
@Graph(version = 2)
public class Draw {
    @Node
    @Edge(from = START)
    DrawingUpdate remember(Drawing d) {
        return DrawingUpdate.of().last(d.shapes().get(d.shapes().size() - 1));
    }
}
