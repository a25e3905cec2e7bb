package dev.switchboard.checkpoint.jdbc;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.runtime.InvalidUpdateException;
import dev.switchboard.runtime.NodeException;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StateSnapshot;
import dev.switchboard.runtime.StateSnapshot.PregelTask;
import dev.switchboard.runtime.StateSnapshot.TaskError;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

record Claim(String owner) {}

/** START -> left, START -> right: both claim the owner (a barrier failure), or right throws. */
class Claimants {
    final boolean throwInRight;

    Claimants(boolean throwInRight) {
        this.throwInRight = throwInRight;
    }

    @Node
    @Edge(from = START)
    ClaimUpdate left(Claim s) {
        return ClaimUpdate.of().owner("left");
    }

    @Node
    @Edge(from = START)
    ClaimUpdate right(Claim s) {
        if (throwInRight) {
            throw new IllegalStateException("right is down");
        }
        return ClaimUpdate.of().owner("right");
    }
}

/**
 * getState of a thread whose superstep failed, read back from the database by a graph that did not
 * run it: the failure is on the tasks, and only resuming raises it.
 */
class FailedSuperstepStateJdbcTest {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"sqlite", "postgres"})
    void aBarrierFailureIsShownOnTheTasks(String kind) throws Exception {
        try (Backend backend = Backend.of(kind, dir);
                JdbcSaver saver = backend.open("barrier")) {
            RunConfig cfg = RunConfig.thread("barrier");
            InvalidUpdateException run = assertThrows(
                    InvalidUpdateException.class,
                    () -> ClaimantsGraph.builder(new Claimants(false))
                            .checkpointer(saver)
                            .build()
                            .invoke(ClaimUpdate.of().owner("input"), cfg));
            ClaimantsGraph reader = ClaimantsGraph.builder(new Claimants(false))
                    .checkpointer(saver)
                    .build();
            StateSnapshot<Claim> state = reader.getState(cfg);
            assertEquals(new Claim("input"), state.values());
            assertEquals(List.of("left", "right"), state.next());
            TaskError expected = new TaskError("InvalidUpdateException", run.getMessage());
            assertEquals(
                    List.of(expected, expected),
                    state.tasks().stream().map(PregelTask::error).toList());
            assertThrows(InvalidUpdateException.class, () -> reader.resume(cfg));
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"sqlite", "postgres"})
    void aTaskFailureIsShownOnItsTask(String kind) throws Exception {
        try (Backend backend = Backend.of(kind, dir);
                JdbcSaver saver = backend.open("task")) {
            ClaimantsGraph graph = ClaimantsGraph.builder(new Claimants(true))
                    .checkpointer(saver)
                    .build();
            RunConfig cfg = RunConfig.thread("task");
            assertThrows(
                    NodeException.class, () -> graph.invoke(ClaimUpdate.of().owner("input"), cfg));
            StateSnapshot<Claim> state = graph.getState(cfg);
            assertEquals(new Claim("left"), state.values());
            assertEquals(List.of("right"), state.next());
            assertEquals(
                    java.util.Arrays.asList(null, new TaskError("IllegalStateException", "right is down")),
                    state.tasks().stream().map(PregelTask::error).toList());
            assertThrows(NodeException.class, () -> graph.resume(cfg));
        }
    }
}
