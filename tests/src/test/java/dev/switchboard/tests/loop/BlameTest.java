package dev.switchboard.tests.loop;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Route;
import dev.switchboard.runtime.InvalidUpdateException;
import dev.switchboard.runtime.NodeException;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.error.ErrorCode;
import java.util.Optional;
import org.junit.jupiter.api.Test;

record Lookup(String result, int points) {}

/** A route that throws after its node finished. */
class Scoring {
    @Node
    @Edge(from = START)
    LookupUpdate score(Lookup s) {
        return LookupUpdate.of().points(7);
    }

    @Route(
            from = "score",
            to = {"accept"})
    String byScore(Lookup s) {
        throw new IllegalStateException("no threshold configured");
    }

    @Node
    LookupUpdate accept(Lookup s) {
        return LookupUpdate.of().result("accepted");
    }
}

/** Two lookups write the same last-value channel in one superstep. */
class DoubleLookup {
    @Node
    @Edge(from = START)
    LookupUpdate lookupA(Lookup s) {
        return LookupUpdate.of().result("a");
    }

    @Node
    @Edge(from = START)
    LookupUpdate lookupB(Lookup s) {
        return LookupUpdate.of().result("b");
    }

    @Node
    @Edge(from = START)
    LookupUpdate scorer(Lookup s) {
        return LookupUpdate.of().points(1);
    }
}

/** Errors name the element to fix: the route method, the nodes that wrote a channel. */
class BlameTest {
    @Test
    void aFailingRouteIsNamedAsTheRouteAfterItsNode() {
        ScoringGraph graph = ScoringGraph.builder(new Scoring()).build();
        NodeException e =
                assertThrows(NodeException.class, () -> graph.invoke(LookupUpdate.of(), RunConfig.defaults()));
        assertEquals("score", e.node());
        assertEquals(Optional.of("byScore"), e.route());
        assertEquals(
                "route 'byScore' (after node 'score') failed in step 1:"
                        + " java.lang.IllegalStateException: no threshold configured",
                e.getMessage());
        assertEquals("no threshold configured", e.getCause().getMessage());
    }

    @Test
    void aFailingNodeHasNoRoute() {
        NodeException e = new NodeException("score", 0, new IllegalStateException("x"));
        assertEquals(Optional.empty(), e.route());
    }

    @Test
    void aLastValueConflictNamesTheNodesThatWrote() {
        DoubleLookupGraph graph = DoubleLookupGraph.builder(new DoubleLookup()).build();
        InvalidUpdateException e =
                assertThrows(InvalidUpdateException.class, () -> graph.invoke(LookupUpdate.of(), RunConfig.defaults()));
        assertEquals(Optional.of(ErrorCode.INVALID_CONCURRENT_GRAPH_UPDATE), e.code());
        assertTrue(e.getMessage().startsWith("Invalid update for channel \"result\""), e.getMessage());
        assertTrue(e.getMessage().endsWith(" Written in this step by nodes 'lookupA', 'lookupB'."), e.getMessage());
    }
}
