package dev.switchboard.tests.loop;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.runtime.GraphOutput;
import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.NodeException;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.runtime.error.GraphException;
import dev.switchboard.runtime.reducer.Append;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

record Ticket(@Reducer(Append.class) List<String> log) {}

/** Nodes that swallow the pause signal in the ways users write it. */
class Swallowers {
    final AtomicInteger after = new AtomicInteger();

    @Node
    @Edge(from = START)
    TicketUpdate catchesException(Ticket s, NodeContext ctx) {
        try {
            return TicketUpdate.of().log(List.of(ctx.interrupt("approve?", String.class)));
        } catch (Exception e) {
            after.incrementAndGet();
            return TicketUpdate.of().log(List.of("fallback"));
        }
    }
}

/** Catches with Throwable, then asks again: the second pause propagates, the first was still lost. */
class AsksTwice {
    @Node
    @Edge(from = START)
    TicketUpdate asksTwice(Ticket s, NodeContext ctx) {
        String first;
        try {
            first = ctx.interrupt("first?", String.class);
        } catch (Throwable t) {
            first = "lost";
        }
        return TicketUpdate.of().log(List.of(first, ctx.interrupt("second?", String.class)));
    }
}

/** A node that catches only what it expects pauses normally. */
class CatchesNarrowly {
    @Node
    @Edge(from = START)
    TicketUpdate narrow(Ticket s, NodeContext ctx) {
        try {
            return TicketUpdate.of().log(List.of(ctx.interrupt("n?", String.class)));
        } catch (IllegalArgumentException e) {
            return TicketUpdate.of().log(List.of("bad"));
        }
    }
}

/** A node that catches the pause signal fails the task instead of letting the run go on unpaused. */
class CaughtInterruptTest {
    @Test
    void aNodeThatCatchesThePauseAndReturnsFailsWithAMessageSayingNotToCatchIt() {
        Swallowers nodes = new Swallowers();
        SwallowersGraph graph =
                SwallowersGraph.builder(nodes).checkpointer(new MemorySaver()).build();
        RunConfig cfg = RunConfig.thread("swallowed");
        GraphException e = assertThrows(GraphException.class, () -> graph.invoke(TicketUpdate.of(), cfg));
        assertFalse(e instanceof NodeException, "not a failure of user code, a misuse of the pause signal");
        assertTrue(e.getMessage().startsWith("node 'catchesException' asked to pause the run"), e.getMessage());
        assertTrue(e.getMessage().contains("do not catch it"), e.getMessage());
        assertEquals(1, nodes.after.get());
        assertEquals(List.of(), graph.getState(cfg).values().log(), "the fallback was not applied");
    }

    @Test
    void catchingThrowableAndPausingLaterIsCaughtToo() {
        AsksTwiceGraph graph = AsksTwiceGraph.builder(new AsksTwice())
                .checkpointer(new MemorySaver())
                .build();
        RunConfig cfg = RunConfig.thread("twice");
        GraphException e = assertThrows(GraphException.class, () -> graph.invoke(TicketUpdate.of(), cfg));
        assertTrue(e.getMessage().startsWith("node 'asksTwice' asked to pause the run"), e.getMessage());
        assertEquals(List.of(), graph.getState(cfg).interrupts(), "stored as the task's error, not as a pause");
    }

    @Test
    void catchingNarrowerExceptionsStillPauses() {
        CatchesNarrowlyGraph graph = CatchesNarrowlyGraph.builder(new CatchesNarrowly())
                .checkpointer(new MemorySaver())
                .build();
        GraphOutput<Ticket> out = graph.invoke(TicketUpdate.of(), RunConfig.thread("narrow"));
        assertTrue(out.paused());
        assertEquals("n?", out.interrupts().get(0).value());
    }
}
