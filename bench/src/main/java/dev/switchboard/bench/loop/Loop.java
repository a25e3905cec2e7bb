package dev.switchboard.bench.loop;

import static dev.switchboard.annotation.Graph.END;
import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Route;

/** W3 as a Switchboard graph: {@code agent} and a route back to it until the counter is done. */
public class Loop {
    /** Creates the nodes. */
    public Loop() {}

    @Node
    @Edge(from = START)
    CounterUpdate agent(Counter s) {
        return CounterUpdate.of().counter(LoopWork.next(s.counter()));
    }

    @Route(
            from = "agent",
            to = {"agent", END})
    String continueOrEnd(Counter s) {
        return LoopWork.again(s.counter()) ? "agent" : END;
    }
}
