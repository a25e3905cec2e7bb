package dev.switchboard.tests.loop;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.GraphOutput;
import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.runtime.reducer.Append;
import java.util.List;
import org.junit.jupiter.api.Test;

record Memo(@Reducer(Append.class) List<String> lines) {}

/** The child graph: finishes in one step. */
class Drafter {
    @Node
    @Edge(from = START)
    MemoUpdate draft(Memo s) {
        return MemoUpdate.of().lines(List.of("draft"));
    }
}

/** Runs the child through NodeContext.invoke, then asks for approval. */
class Reviewer {
    final DrafterGraph drafter;

    Reviewer(DrafterGraph drafter) {
        this.drafter = drafter;
    }

    @Node
    @Edge(from = START)
    MemoUpdate review(Memo s, NodeContext ctx) {
        GraphOutput<Memo> d = ctx.invoke(drafter, MemoUpdate.of());
        String ok = ctx.interrupt("ok?", String.class);
        return MemoUpdate.of().lines(List.of(d.value().lines().toString(), ok));
    }
}

/**
 * A resume value goes to the interrupt that waits for it: a subgraph the node ran to its end before
 * pausing does not take it (it used to, and the node paused again at the same question for ever).
 */
class SubgraphResumeTest {
    @Test
    void theResumeReachesTheNodesInterruptNotTheChildThatFinishedBeforeIt() {
        MemorySaver saver = new MemorySaver();
        DrafterGraph drafter =
                DrafterGraph.builder(new Drafter()).checkpointer(saver).build();
        ReviewerGraph g =
                ReviewerGraph.builder(new Reviewer(drafter)).checkpointer(saver).build();
        RunConfig cfg = RunConfig.thread("r");
        g.invoke(MemoUpdate.of(), cfg);
        GraphOutput<Memo> out = g.invoke(Command.resume("yes"), cfg);
        assertFalse(out.paused(), out.interrupts().toString());
        assertEquals(List.of("[draft]", "yes"), out.value().lines());
    }
}
