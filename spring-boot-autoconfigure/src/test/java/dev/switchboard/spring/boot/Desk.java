package dev.switchboard.spring.boot;

import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import java.util.List;

/** The tests' node class: a Spring bean with an injected {@link Greeter}. */
public class Desk {
    private final Greeter greeter;

    /**
     * Creates the nodes.
     *
     * @param greeter answers each line
     */
    public Desk(Greeter greeter) {
        this.greeter = greeter;
    }

    @Node
    @Edge(from = START)
    ConversationUpdate answer(Conversation conversation) {
        List<String> lines = conversation.lines();
        return ConversationUpdate.of().lines(List.of(greeter.reply(lines.get(lines.size() - 1))));
    }
}
