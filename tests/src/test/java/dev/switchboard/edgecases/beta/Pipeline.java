package dev.switchboard.edgecases.beta;

import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Cache;
import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import java.util.concurrent.atomic.AtomicInteger;

/** A graph whose simple name, node name and state shape equal those of beta.Pipeline. */
public class Pipeline {
    public final AtomicInteger runs = new AtomicInteger();

    @Node
    @Edge(from = START)
    @Cache
    public QueryUpdate lookup(Query s) {
        runs.incrementAndGet();
        return QueryUpdate.of().answer("beta answers " + s.question());
    }
}
