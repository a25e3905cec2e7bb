package dev.switchboard.tests.loop;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.runtime.InvalidUpdateException;
import dev.switchboard.runtime.NodeException;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.reducer.Append;
import java.util.List;
import org.junit.jupiter.api.Test;

record Batch(@Reducer(Append.class) List<String> done) {}

/** Four nodes in one superstep: two throw, one returns null, one succeeds. */
class ThreeFailures {
    @Node
    @Edge(from = START)
    BatchUpdate alpha(Batch s) {
        throw new IllegalStateException("alpha broke");
    }

    @Node
    @Edge(from = START)
    BatchUpdate beta(Batch s) {
        return BatchUpdate.of().done(List.of("beta"));
    }

    @Node
    @Edge(from = START)
    BatchUpdate delta(Batch s) {
        return null;
    }

    @Node
    @Edge(from = START)
    BatchUpdate gamma(Batch s) {
        throw new IllegalArgumentException("gamma broke");
    }
}

/** LangGraph reports every failed task of a superstep, not only the first. */
class SuperstepFailuresTest {
    @Test
    void theFirstFailureInTaskOrderCarriesTheOthersAsSuppressedNodeExceptions() {
        ThreeFailuresGraph graph =
                ThreeFailuresGraph.builder(new ThreeFailures()).build();
        NodeException e = assertThrows(NodeException.class, () -> graph.invoke(BatchUpdate.of(), RunConfig.defaults()));
        assertEquals("alpha", e.node());
        assertEquals("alpha broke", e.getCause().getMessage());

        Throwable[] others = e.getSuppressed();
        assertEquals(2, others.length, List.of(others)::toString);
        NodeException delta = assertInstanceOf(NodeException.class, others[0]);
        assertEquals("delta", delta.node());
        assertEquals(1, delta.step());
        assertInstanceOf(InvalidUpdateException.class, delta.getCause());
        NodeException gamma = assertInstanceOf(NodeException.class, others[1]);
        assertEquals("gamma", gamma.node());
        assertEquals("gamma broke", gamma.getCause().getMessage());
        assertEquals(0, gamma.getSuppressed().length);
    }

    @Test
    void aSingleFailureHasNothingAttached() {
        SingleFailureGraph graph =
                SingleFailureGraph.builder(new SingleFailure()).build();
        NodeException e = assertThrows(NodeException.class, () -> graph.invoke(BatchUpdate.of(), RunConfig.defaults()));
        assertEquals("broken", e.node());
        assertEquals(0, e.getSuppressed().length);
    }
}

/** One failing node beside a succeeding one. */
class SingleFailure {
    @Node
    @Edge(from = START)
    BatchUpdate broken(Batch s) {
        throw new IllegalStateException("broken");
    }

    @Node
    @Edge(from = START)
    BatchUpdate fine(Batch s) {
        return BatchUpdate.of().done(List.of("fine"));
    }
}
