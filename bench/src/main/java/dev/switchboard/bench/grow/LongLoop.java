package dev.switchboard.bench.grow;

import static dev.switchboard.annotation.Graph.END;
import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Route;
import dev.switchboard.bench.loop.LoopWork;

/** W3 of any length: W3's agent and route, looping until the counter reaches the state's target. */
public class LongLoop {
    /** Creates the nodes. */
    public LongLoop() {}

    @Node
    @Edge(from = START)
    TargetUpdate agent(Target s) {
        return TargetUpdate.of().counter(LoopWork.next(s.counter()));
    }

    @Route(
            from = "agent",
            to = {"agent", END})
    String continueOrEnd(Target s) {
        return s.counter() < s.until() ? "agent" : END;
    }
}
