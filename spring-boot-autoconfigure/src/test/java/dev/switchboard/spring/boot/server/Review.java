package dev.switchboard.spring.boot.server;

import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.runtime.NodeContext;
import java.util.List;
import java.util.Map;

/** A served graph: draft, then approve, which asks "ok?" by an interrupt. */
public class Review {
    @Node
    @Edge(from = START)
    StepsUpdate draft(Steps s) {
        return StepsUpdate.of().steps(List.of("draft"));
    }

    @Node
    @Edge(from = "draft")
    StepsUpdate approve(Steps s, NodeContext ctx) {
        Object answer = ctx.interrupt(Map.of("question", "ok?"));
        return StepsUpdate.of().steps(List.of("approved:" + answer));
    }
}
