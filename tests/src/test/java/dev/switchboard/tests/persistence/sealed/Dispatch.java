package dev.switchboard.tests.persistence.sealed;

import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Route;
import dev.switchboard.runtime.Send;
import java.util.List;

/** Sends sealed records (pens become circles, sprays squares) as payloads: with a breakpoint before paint, they wait in the checkpoint. */
class Dispatch {
    @Node
    @Edge(from = START)
    DrawingUpdate plan(Drawing d) {
        return DrawingUpdate.of();
    }

    @Route(from = "plan", to = "paint")
    List<Send<Brush>> spread(Drawing d) {
        return List.of(Send.to("paint", new Brush.Pen(5)), Send.to("paint", new Brush.Spray(6)));
    }

    @Node
    DrawingUpdate paint(Brush brush) {
        Shape shape = brush instanceof Brush.Pen pen ? new Shape.Circle(pen.width()) : new Shape.Square(6);
        return DrawingUpdate.of().all(List.of(shape));
    }
}
