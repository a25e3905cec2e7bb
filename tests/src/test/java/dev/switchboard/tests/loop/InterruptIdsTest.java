package dev.switchboard.tests.loop;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

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
import java.util.Map;
import org.junit.jupiter.api.Test;

record Interview(@Reducer(Append.class) List<String> answers) {}

/** One node asks two questions in a row. */
class TwoQuestions {
    @Node
    @Edge(from = START)
    InterviewUpdate ask(Interview s, NodeContext ctx) {
        String name = ctx.interrupt("name?", String.class);
        String city = ctx.interrupt("city?", String.class);
        return InterviewUpdate.of().answers(List.of(name, city));
    }
}

/** LangGraph's rule: one interrupt id per interrupt call of a task, stable across resumes. */
class InterruptIdsTest {
    private final TwoQuestionsGraph graph = TwoQuestionsGraph.builder(new TwoQuestions())
            .checkpointer(new MemorySaver())
            .build();

    @Test
    void eachInterruptCallOfATaskHasItsOwnIdAndEachIdAnswersItsOwnCall() {
        RunConfig cfg = RunConfig.thread("two-questions");
        String first =
                graph.invoke(InterviewUpdate.of(), cfg).interrupts().get(0).id();

        GraphOutput<Interview> second = graph.invoke(Command.resumeAll(Map.of(first, "Ada")), cfg);
        assertEquals("city?", second.interrupts().get(0).value());
        String secondId = second.interrupts().get(0).id();
        assertNotEquals(first, secondId, "the second interrupt() call of the task has an id of its own");
        assertEquals(secondId, graph.getState(cfg).interrupts().get(0).id());

        GraphOutput<Interview> done = graph.invoke(Command.resumeAll(Map.of(secondId, "Paris")), cfg);
        assertFalse(done.paused());
        assertEquals(List.of("Ada", "Paris"), done.value().answers());
    }

    @Test
    void idsAreStableAcrossResumesAndRunsOfTheSameTask() {
        RunConfig cfg = RunConfig.thread("stable");
        String first =
                graph.invoke(InterviewUpdate.of(), cfg).interrupts().get(0).id();
        assertEquals(
                first,
                graph.invoke((InterviewUpdate) null, cfg).interrupts().get(0).id(),
                "re-run, no answer");
        String second =
                graph.invoke(Command.resume("Ada"), cfg).interrupts().get(0).id();
        assertEquals(
                second,
                graph.invoke((InterviewUpdate) null, cfg).interrupts().get(0).id());
        assertEquals(
                second,
                graph.invoke(Command.resumeAll(Map.of("unknown", "x")), cfg)
                        .interrupts()
                        .get(0)
                        .id());
    }

    @Test
    void likeLangGraphTheFirstCallsIdStillAnswersALaterCall() {
        RunConfig cfg = RunConfig.thread("first-id");
        String first =
                graph.invoke(InterviewUpdate.of(), cfg).interrupts().get(0).id();
        graph.invoke(Command.resumeAll(Map.of(first, "Ada")), cfg);
        GraphOutput<Interview> done = graph.invoke(Command.resumeAll(Map.of(first, "Rome")), cfg);
        assertEquals(List.of("Ada", "Rome"), done.value().answers());
    }
}
