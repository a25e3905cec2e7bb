package dev.switchboard.tests.state;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.runtime.InvalidUpdateException;
import dev.switchboard.runtime.NodeException;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StateSnapshot;
import dev.switchboard.runtime.StateSnapshot.PregelTask;
import dev.switchboard.runtime.StateSnapshot.TaskError;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.runtime.error.ErrorCode;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A reducer that refuses 13, as a user's reducer might refuse a value. */
final class NoThirteen implements dev.switchboard.runtime.reducer.ReduceFunction<Integer> {
    public NoThirteen() {}

    @Override
    public Integer reduce(Integer current, Integer update) {
        if (update == 13) {
            throw new IllegalArgumentException("13 is not allowed");
        }
        return current + update;
    }
}

record Ledger(String owner, @Reducer(NoThirteen.class) int total) {}

/** START -> left, START -> right; both claim the owner; right adds what it is told to. */
class Claims {
    final int add;
    final boolean clash;

    Claims(int add, boolean clash) {
        this.add = add;
        this.clash = clash;
    }

    @Node
    @Edge(from = START)
    LedgerUpdate left(Ledger s) {
        return clash ? LedgerUpdate.of().owner("left") : LedgerUpdate.of().total(1);
    }

    @Node
    @Edge(from = START)
    LedgerUpdate right(Ledger s) {
        return clash ? LedgerUpdate.of().owner("right") : LedgerUpdate.of().total(add);
    }

    @Node
    @Edge(from = "left")
    LedgerUpdate fail(Ledger s) {
        throw new IllegalStateException("never reached");
    }
}

/**
 * getState of a thread whose superstep failed shows the failure on its tasks instead of raising
 * it; resuming raises it again. Task failures were shown already; a failure at the barrier (while
 * combining the tasks' writes) is the case here.
 */
class FailedSuperstepStateTest {
    private static void assertBarrierFailure(StateSnapshot<Ledger> state, TaskError expected, Ledger values) {
        assertEquals(values, state.values());
        assertEquals(List.of("left", "right"), state.next());
        assertEquals(
                List.of("left", "right"),
                state.tasks().stream().map(PregelTask::name).toList());
        for (PregelTask t : state.tasks()) {
            assertEquals(expected, t.error(), t.name());
        }
    }

    @Test
    void conflictingWritesAreShownOnTheTasksAndRaisedOnResume() {
        ClaimsGraph graph = ClaimsGraph.builder(new Claims(0, true))
                .checkpointer(new MemorySaver())
                .build();
        RunConfig cfg = RunConfig.thread("clash");
        InvalidUpdateException run = assertThrows(
                InvalidUpdateException.class,
                () -> graph.invoke(LedgerUpdate.of().owner("input"), cfg));

        StateSnapshot<Ledger> state = graph.getState(cfg);
        TaskError expected = new TaskError("InvalidUpdateException", run.getMessage());
        assertBarrierFailure(state, expected, new Ledger("input", 0));
        assertEquals(
                List.of(Map.of("owner", "left"), Map.of("owner", "right")),
                state.tasks().stream().map(PregelTask::writes).toList());

        InvalidUpdateException resumed = assertThrows(InvalidUpdateException.class, () -> graph.resume(cfg));
        assertEquals(ErrorCode.INVALID_CONCURRENT_GRAPH_UPDATE, resumed.code().orElseThrow());
        assertEquals(run.getMessage(), resumed.getMessage());
        assertBarrierFailure(graph.getState(cfg), expected, new Ledger("input", 0));
    }

    @Test
    void aReducerThatThrowsIsShownAsTheUsersError() {
        ClaimsGraph graph = ClaimsGraph.builder(new Claims(13, false))
                .checkpointer(new MemorySaver())
                .build();
        RunConfig cfg = RunConfig.thread("reducer");
        IllegalArgumentException run = assertThrows(
                IllegalArgumentException.class,
                () -> graph.invoke(LedgerUpdate.of().total(2), cfg));
        assertEquals("13 is not allowed", run.getMessage());

        assertBarrierFailure(
                graph.getState(cfg),
                new TaskError("IllegalArgumentException", "13 is not allowed"),
                new Ledger(null, 2));
        assertThrows(IllegalArgumentException.class, () -> graph.resume(cfg));
    }

    @Test
    void aCheckpointBeforeTheFailureShowsNoError() {
        ClaimsGraph graph = ClaimsGraph.builder(new Claims(0, true))
                .checkpointer(new MemorySaver())
                .build();
        RunConfig cfg = RunConfig.thread("old");
        assertThrows(
                InvalidUpdateException.class,
                () -> graph.invoke(LedgerUpdate.of().owner("input"), cfg));
        String head = graph.getState(cfg).checkpointId().orElseThrow();
        // Named explicitly, the checkpoint shows its tasks without applying their writes: no error.
        StateSnapshot<Ledger> named = graph.getState(cfg.withCheckpointId(head));
        named.tasks().forEach(t -> assertNull(t.error(), t.name()));
        assertEquals(List.of("left", "right"), named.next());
    }

    @Test
    void aTaskFailureStaysOnItsOwnTask() {
        ClaimsGraph graph = ClaimsGraph.builder(new Claims(1, false))
                .checkpointer(new MemorySaver())
                .build();
        RunConfig cfg = RunConfig.thread("task");
        assertThrows(NodeException.class, () -> graph.invoke(LedgerUpdate.of().total(2), cfg));
        StateSnapshot<Ledger> state = graph.getState(cfg);
        assertEquals(new Ledger(null, 4), state.values());
        assertEquals(List.of("fail"), state.next());
        assertEquals(
                new TaskError("IllegalStateException", "never reached"),
                state.tasks().get(0).error());
    }
}
