package dev.switchboard.tests.state;

import static dev.switchboard.annotation.Graph.END;
import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Managed;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.annotation.Route;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StateSnapshot;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.StreamPart;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.runtime.managed.IsLastStep;
import dev.switchboard.runtime.managed.RemainingSteps;
import dev.switchboard.runtime.reducer.Append;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** What the loop saw of its budget, and the managed values themselves. */
record Budgeted(
        @Reducer(Append.class) List<String> seen,
        @Managed(RemainingSteps.class) int remaining,
        @Managed(IsLastStep.class) boolean last,
        @Managed(RemainingSteps.class) Integer boxedRemaining) {}

/** step loops three times, recording the managed values its input holds. */
class Looper {
    @Node
    @Edge(from = START)
    BudgetedUpdate step(Budgeted s) {
        return BudgetedUpdate.of().seen(List.of(s.remaining() + "/" + s.last() + "/" + s.boxedRemaining()));
    }

    @Route(
            from = "step",
            to = {"step", END})
    String again(Budgeted s) {
        return s.seen().size() < 3 ? "step" : END;
    }
}

/** Managed values exist for tasks only; everywhere else they read as their type's neutral value. */
class ManagedOutsideTasksTest {
    private final LooperGraph graph =
            LooperGraph.builder(new Looper()).checkpointer(new MemorySaver()).build();
    private final RunConfig thread = RunConfig.thread("managed").withRecursionLimit(6);

    private static void assertNeutral(Budgeted s) {
        assertEquals(0, s.remaining(), s.toString());
        assertFalse(s.last(), s.toString());
        assertEquals(null, s.boxedRemaining(), s.toString());
    }

    @Test
    void nodesStillSeeTheirBudget() {
        Budgeted out = graph.invoke(BudgetedUpdate.of(), thread).value();
        // limit 6 from the input step -1: stop is 6, so steps 1..3 see 5, 4, 3; none is the last (5).
        assertEquals(List.of("5/false/5", "4/false/4", "3/false/3"), out.seen());
    }

    @Test
    void invokeResultsHoldNeutralValues() {
        assertNeutral(graph.invoke(BudgetedUpdate.of(), thread).value());
        assertNeutral(graph.resume(thread).value());
    }

    @Test
    void snapshotsHistoryAndUnknownThreadsHoldNeutralValues() {
        graph.invoke(BudgetedUpdate.of(), thread);
        assertNeutral(graph.getState(thread).values());
        List<StateSnapshot<Budgeted>> history = graph.getStateHistory(thread);
        assertEquals(5, history.size());
        history.forEach(h -> assertNeutral(h.values()));
        assertNeutral(graph.getState(RunConfig.thread("never-ran")).values());
    }

    @Test
    void streamedValuesHoldNeutralValues() {
        try (Stream<StreamPart<Budgeted>> parts =
                graph.stream(BudgetedUpdate.of(), RunConfig.thread("streamed"), StreamMode.VALUES)) {
            List<StreamPart<Budgeted>> all = parts.toList();
            assertEquals(3, all.size()); // the empty input changes no channel, so no event for it
            all.forEach(p -> assertNeutral(((StreamPart.Values<Budgeted>) p).state()));
        }
    }
}
