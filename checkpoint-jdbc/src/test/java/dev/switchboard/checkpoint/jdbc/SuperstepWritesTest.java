package dev.switchboard.checkpoint.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.switchboard.runtime.Durability;
import dev.switchboard.runtime.NodeException;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StateSnapshot.PregelTask;
import dev.switchboard.runtime.StateSnapshot.TaskError;
import dev.switchboard.runtime.checkpoint.Blob;
import dev.switchboard.runtime.checkpoint.Checkpoint;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.runtime.checkpoint.CheckpointTuple;
import dev.switchboard.runtime.checkpoint.ForwardingCheckpointSaver;
import dev.switchboard.runtime.checkpoint.ListOptions;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.runtime.checkpoint.PendingWrite;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * How the loop hands a superstep's writes to the saver: the writes of the step's last task to
 * finish go with the step's checkpoint in one {@link CheckpointSaver#putStep}; a task that finishes
 * while others still run has its writes stored at once; a step that fails or pauses stores the
 * held-back writes alone.
 */
class SuperstepWritesTest {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @EnumSource(
            value = Durability.class,
            names = {"SYNC", "ASYNC"})
    void aOneTaskStepIsOneStoreCall(Durability durability) {
        Recording saver = new Recording(new MemorySaver(), () -> {});
        ChatterGraph graph =
                ChatterGraph.builder(new Chatter(2)).checkpointer(saver).build();
        RunConfig cfg = RunConfig.thread("one").withDurability(durability);
        assertEquals(
                3, graph.invoke(TranscriptUpdate.of(), cfg).value().messages().size());
        // input, then the start task's step and two of speak's, the last one with END
        assertEquals(
                List.of(
                        "put",
                        "putStep",
                        "putStep messages=[\"reply 0: the quick brown fox jumps over the lazy dog\"]",
                        "putStep messages=[\"reply 1: the quick brown fox jumps over the lazy dog\"]",
                        "putStep messages=[\"reply 2: the quick brown fox jumps over the lazy dog\"]"),
                saver.calls);
        List<CheckpointTuple> history = saver.list("one", "", ListOptions.ALL);
        assertEquals(5, history.size());
        for (CheckpointTuple t : history.subList(1, history.size())) {
            assertEquals(
                    1,
                    t.pendingWrites().stream()
                            .map(PendingWrite::taskId)
                            .distinct()
                            .count(),
                    t.toString());
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"sqlite", "postgres"})
    void aOneTaskStepIsOneStatementPerTable(String kind) throws Exception {
        AtomicLong statements = new AtomicLong();
        try (Backend backend = Backend.of(kind, dir);
                JdbcSaver saver = backend.openCounting("count", statements)) {
            ChatterGraph two =
                    ChatterGraph.builder(new Chatter(2)).checkpointer(saver).build();
            ChatterGraph four =
                    ChatterGraph.builder(new Chatter(4)).checkpointer(saver).build();
            two.invoke(TranscriptUpdate.of(), RunConfig.thread("warm-up")); // stores the names once
            long start = statements.get();
            two.invoke(TranscriptUpdate.of(), RunConfig.thread("two"));
            long shorter = statements.get() - start;
            start = statements.get();
            four.invoke(TranscriptUpdate.of(), RunConfig.thread("four"));
            long longer = statements.get() - start;
            // Two more steps, each: the head's compare-and-set (on PostgreSQL one statement with the
            // checkpoint, the thread's activity time and the task's writes; on SQLite an UPDATE and
            // the read of where the head moved from, which SQLite runs faster apart), the
            // checkpoint, its blobs, the task's writes, the thread's activity time.
            assertEquals(2 * (backend.postgres() ? 2 : 6), longer - shorter);
        }
    }

    @Test
    void exitDurabilityStoresOnlyTheLastCheckpoint() {
        Recording saver = new Recording(new MemorySaver(), () -> {});
        ChatterGraph.builder(new Chatter(2))
                .checkpointer(saver)
                .build()
                .invoke(TranscriptUpdate.of(), RunConfig.thread("exit").withDurability(Durability.EXIT));
        assertEquals(List.of("put"), saver.calls);
    }

    @Test
    void aTaskThatFinishesWhileAnotherRunsIsStoredAtOnce() {
        // slow waits for the release file, which appears once fast's writes are stored.
        Recording saver = new Recording(new MemorySaver(), () -> touch(dir.resolve("release")));
        Race out = RacersGraph.builder(new Racers(dir))
                .checkpointer(saver)
                .build()
                .invoke(RaceUpdate.of().log(List.of("in")), RunConfig.thread("race"))
                .value();
        assertEquals(List.of("in", "fast", "slow", "join"), out.log());
        assertEquals(
                List.of(
                        "put",
                        "putStep log=[\"in\"]",
                        "putWrites log=[\"fast\"]",
                        "putStep log=[\"slow\"]",
                        "putStep log=[\"join\"]"),
                saver.calls);
    }

    @Test
    void aFailedStepStoresTheWritesOfItsFinishedTasksAlone() {
        Recording saver = new Recording(new MemorySaver(), () -> {});
        ClaimantsGraph graph =
                ClaimantsGraph.builder(new Claimants(true)).checkpointer(saver).build();
        RunConfig cfg = RunConfig.thread("fail");
        assertThrows(NodeException.class, () -> graph.invoke(ClaimUpdate.of().owner("input"), cfg));
        assertEquals(
                List.of("put", "putStep", "putWrites", "putWrites"),
                saver.calls.stream().map(c -> c.split(" ")[0]).toList());
        assertEquals(
                Arrays.asList(null, new TaskError("IllegalStateException", "right is down")),
                graph.getState(cfg).tasks().stream().map(PregelTask::error).toList());
    }

    private static void touch(Path file) {
        try {
            Files.writeString(file, "");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Records each store call with its writes to state channels (the branch channels left out). */
    static final class Recording extends ForwardingCheckpointSaver {
        final List<String> calls = new CopyOnWriteArrayList<>();
        private final Runnable afterWrites;

        Recording(CheckpointSaver inner, Runnable afterWrites) {
            super(inner);
            this.afterWrites = afterWrites;
        }

        @Override
        public void put(
                String threadId,
                String namespace,
                Checkpoint checkpoint,
                CheckpointMetadata metadata,
                String parentId,
                String expectedHead,
                List<Blob> newBlobs) {
            delegate().put(threadId, namespace, checkpoint, metadata, parentId, expectedHead, newBlobs);
            calls.add("put");
        }

        @Override
        public void putStep(
                String threadId,
                String namespace,
                List<PendingWrite> writes,
                Checkpoint checkpoint,
                CheckpointMetadata metadata,
                String parentId,
                String expectedHead,
                List<Blob> newBlobs) {
            delegate().putStep(threadId, namespace, writes, checkpoint, metadata, parentId, expectedHead, newBlobs);
            calls.add("putStep" + describe(writes));
        }

        @Override
        public void putWrites(String threadId, String namespace, String checkpointId, List<PendingWrite> writes) {
            delegate().putWrites(threadId, namespace, checkpointId, writes);
            calls.add("putWrites" + describe(writes));
            afterWrites.run();
        }

        private static String describe(List<PendingWrite> writes) {
            return writes.stream()
                    .filter(w -> !w.channel().startsWith("branch:"))
                    .map(w -> " " + w.channel() + "=" + new String(w.value(), StandardCharsets.UTF_8))
                    .collect(Collectors.joining());
        }
    }
}
