package dev.switchboard.tests.errors;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.InvalidRouteException;
import dev.switchboard.runtime.Send;
import org.junit.jupiter.api.Test;

record Target(String name) {}

/** Goes to, or sends to, whatever node the input names; nodes declared out of alphabetical order. */
class Misrouter {
    @Node(destinations = {"zulu", "alpha"})
    @Edge(from = START)
    Command<TargetUpdate> mike(Target s) {
        return s.name().startsWith("send:")
                ? Command.send(new Send<>(s.name().substring(5), new Target("x")))
                : Command.goTo(s.name());
    }

    @Node
    TargetUpdate zulu(Target s) {
        return TargetUpdate.of();
    }

    @Node
    TargetUpdate alpha(Target s) {
        return TargetUpdate.of();
    }
}

/** Every way of naming a node that does not exist gets one wording, with the nodes sorted. */
class UnknownNodeMessagesTest {
    private final MisrouterGraph graph = MisrouterGraph.builder(new Misrouter()).build();

    @Test
    void commandGotoToAnUnknownNode() {
        InvalidRouteException e = assertThrows(
                InvalidRouteException.class,
                () -> graph.invoke(TargetUpdate.of().name("zullu")));
        assertEquals(
                "Command from 'mike' goes to unknown node 'zullu'; known nodes: alpha, mike, zulu", e.getMessage());
    }

    @Test
    void sendToAnUnknownNode() {
        InvalidRouteException e = assertThrows(
                InvalidRouteException.class,
                () -> graph.invoke(TargetUpdate.of().name("send:alfa")));
        assertEquals("'mike' sent to unknown node 'alfa'; known nodes: alpha, mike, zulu", e.getMessage());
    }

    @Test
    void interruptBeforeAnUnknownNode() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> MisrouterGraph.builder(new Misrouter())
                        .interruptBefore("ghost")
                        .build());
        assertEquals("Interrupt node `ghost` is not present; known nodes: alpha, mike, zulu", e.getMessage());
    }
}
