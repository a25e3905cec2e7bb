package dev.switchboard.client;

import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.runtime.NodeContext;
import java.util.List;
import java.util.Map;

/**
 * The graph the tests serve in another JVM: {@code write} says so on the custom stream (and fails
 * for the topic {@code "ink"}), {@code
 * review} asks whether to publish (a dynamic interrupt), {@code publish} records the answer.
 */
public class Writer {
    @Node
    @Edge(from = START)
    DraftUpdate write(Draft d, NodeContext ctx) {
        if ("ink".equals(d.topic())) {
            throw new IllegalStateException("out of ink");
        }
        ctx.emit(Map.of("writing", d.topic()));
        return DraftUpdate.of().log(List.of("wrote " + d.topic()));
    }

    @Node
    @Edge(from = "write")
    DraftUpdate review(Draft d, NodeContext ctx) {
        Object answer = ctx.interrupt(Map.of("question", "publish " + d.topic() + "?"));
        return DraftUpdate.of().verdict(String.valueOf(answer)).log(List.of("reviewed"));
    }

    @Node
    @Edge(from = "review")
    DraftUpdate publish(Draft d) {
        return DraftUpdate.of().log(List.of("published: " + d.verdict()));
    }
}
