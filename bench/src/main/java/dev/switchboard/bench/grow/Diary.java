package dev.switchboard.bench.grow;

import static dev.switchboard.annotation.Graph.END;
import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Route;
import java.util.List;

/**
 * W1's step as a loop of any length: each step counts and appends a W1 node name ({@code n1} …
 * {@code n10}, in turn, so every ten entries take the same bytes) to the log, until the counter
 * reaches the state's {@code until}.
 */
public class Diary {
    /** Creates the nodes. */
    public Diary() {}

    @Node
    @Edge(from = START)
    JournalUpdate step(Journal s) {
        return JournalUpdate.of().counter(s.counter() + 1).log(List.of(GrowWork.entry(s.counter())));
    }

    @Route(
            from = "step",
            to = {"step", END})
    String continueOrEnd(Journal s) {
        return s.counter() < s.until() ? "step" : END;
    }
}
