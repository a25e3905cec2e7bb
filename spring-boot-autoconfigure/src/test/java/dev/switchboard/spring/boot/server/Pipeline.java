package dev.switchboard.spring.boot.server;

import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import java.util.List;

/** A served graph slow enough to hang up on: three steps, each waiting {@link #STEP_MS} first. */
public class Pipeline {
    static final long STEP_MS = 400;

    @Node
    @Edge(from = START)
    StepsUpdate one(Steps s) {
        return step("1");
    }

    @Node
    @Edge(from = "one")
    StepsUpdate two(Steps s) {
        return step("2");
    }

    @Node
    @Edge(from = "two")
    StepsUpdate three(Steps s) {
        return step("3");
    }

    private static StepsUpdate step(String name) {
        try {
            Thread.sleep(STEP_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
        return StepsUpdate.of().steps(List.of(name));
    }
}
