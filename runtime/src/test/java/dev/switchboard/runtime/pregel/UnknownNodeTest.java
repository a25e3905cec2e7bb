package dev.switchboard.runtime.pregel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class UnknownNodeTest {
    @Test
    void namesTheCulpritAndListsTheKnownNodesSorted() {
        assertEquals(
                "Command from 'a' goes to unknown node 'zz'; known nodes: alpha, beta, gamma",
                UnknownNode.message("Command from 'a' goes to", "zz", List.of("gamma", "alpha", "beta")));
    }

    @Test
    void keepsALangGraphLeadAsTheStartOfTheMessage() {
        assertEquals(
                "Interrupt node `ghost` is not present; known nodes: a, b",
                UnknownNode.withKnown("Interrupt node `ghost` is not present", List.of("b", "a")));
    }

    @Test
    void aGraphWithoutNodesSaysSo() {
        assertEquals(
                "'x' sent to unknown node 'y'; the graph has no nodes",
                UnknownNode.message("'x' sent to", "y", List.of()));
    }
}
