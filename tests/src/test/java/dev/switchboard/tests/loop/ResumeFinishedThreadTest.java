package dev.switchboard.tests.loop;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.EmptyInputException;
import dev.switchboard.runtime.GraphOutput;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.runtime.reducer.Append;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

record Errand(@Reducer(Append.class) List<String> steps) {}

/** START -> first -> second. */
class TwoSteps {
    @Node
    @Edge(from = START)
    ErrandUpdate first(Errand s) {
        return ErrandUpdate.of().steps(List.of("first"));
    }

    @Node
    @Edge(from = "first")
    ErrandUpdate second(Errand s) {
        return ErrandUpdate.of().steps(List.of("second"));
    }
}

/** A resume value needs a paused run: on a finished thread it is an error, not a silent no-op. */
class ResumeFinishedThreadTest {
    private final MemorySaver saver = new MemorySaver();
    private final TwoStepsGraph graph =
            TwoStepsGraph.builder(new TwoSteps()).checkpointer(saver).build();

    @Test
    void resumingAFinishedThreadSaysItHasNoPausedRun() {
        RunConfig cfg = RunConfig.thread("finished");
        graph.invoke(ErrandUpdate.of(), cfg);
        String head = graph.getState(cfg).config().checkpointId().orElseThrow();

        EmptyInputException single =
                assertThrows(EmptyInputException.class, () -> graph.invoke(Command.resume("x"), cfg));
        assertEquals(
                "thread 'finished' has no paused run to resume: its last run finished, so nothing would take the"
                        + " resume value; start a new run with an input instead",
                single.getMessage());
        assertThrows(EmptyInputException.class, () -> graph.invoke(Command.resumeAll(Map.of("id", "x")), cfg));
        assertEquals(head, graph.getState(cfg).config().checkpointId().orElseThrow(), "nothing was stored");
    }

    @Test
    void resumingARunStoppedAtABreakpointStillContinuesIt() {
        TwoStepsGraph stopping = TwoStepsGraph.builder(new TwoSteps())
                .checkpointer(saver)
                .interruptBefore("second")
                .build();
        RunConfig cfg = RunConfig.thread("breakpoint");
        assertTrue(stopping.invoke(ErrandUpdate.of(), cfg).paused());
        GraphOutput<Errand> done = stopping.invoke(Command.resume("ignored"), cfg);
        assertFalse(done.paused());
        assertEquals(List.of("first", "second"), done.value().steps());
    }
}
