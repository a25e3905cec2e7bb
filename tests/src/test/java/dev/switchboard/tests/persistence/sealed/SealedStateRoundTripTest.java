package dev.switchboard.tests.persistence.sealed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.checkpoint.jdbc.JdbcSaver;
import dev.switchboard.checkpoint.jdbc.SqliteSaver;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.checkpoint.Blob;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.runtime.checkpoint.CheckpointTuple;
import dev.switchboard.runtime.checkpoint.ListOptions;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A state holding a sealed interface of records (as a field, in a list, in a map) is stored by the
 * tags the processor derived, and a fresh graph instance reads the thread back, as the next JVM
 * would: before, the first {@code getState} failed with "abstract types either need to be mapped to
 * concrete types".
 */
class SealedStateRoundTripTest {
    private static final Drawing EXPECTED = new Drawing(
            new Shape.Circle(1), List.of(new Shape.Square(2), new Shape.Circle(3)), Map.of("a", new Shape.Square(4)));

    @TempDir
    Path temp;

    private static Drawing runThenReadWithAFreshGraph(CheckpointSaver writeWith, CheckpointSaver readWith) {
        RunConfig thread = RunConfig.thread("t-1");
        Drawing out = DrawGraph.builder(new Draw())
                .checkpointer(writeWith)
                .build()
                .invoke(DrawingUpdate.of(), thread)
                .value();
        assertEquals(EXPECTED, out);
        return DrawGraph.builder(new Draw())
                .checkpointer(readWith)
                .build()
                .getState(thread)
                .values();
    }

    @Test
    void memorySaver() {
        MemorySaver saver = new MemorySaver();
        assertEquals(EXPECTED, runThenReadWithAFreshGraph(saver, saver));
    }

    @Test
    void sqliteFileReadBackThroughANewSaver() {
        Path file = temp.resolve("drawings.db");
        try (JdbcSaver first = SqliteSaver.file(file);
                JdbcSaver second = SqliteSaver.file(file)) {
            assertEquals(EXPECTED, runThenReadWithAFreshGraph(first, second));
        }
    }

    /** The stored form names tags, never classes: the renamed Square keeps its old tag "Box". */
    @Test
    void storedValuesCarryTagsNotClassNames() {
        MemorySaver saver = new MemorySaver();
        runThenReadWithAFreshGraph(saver, saver);
        StringBuilder stored = new StringBuilder();
        for (CheckpointTuple t : saver.list("t-1", "", ListOptions.ALL)) {
            for (Blob b : t.blobs()) {
                stored.append(b.channel())
                        .append('=')
                        .append(new String(b.data(), StandardCharsets.UTF_8))
                        .append('\n');
            }
        }
        assertTrue(stored.indexOf("main={\"@type\":\"Circle\",\"radius\":1.0}") >= 0, stored::toString);
        assertTrue(stored.indexOf("named={\"a\":{\"@type\":\"Box\",\"side\":4.0}}") >= 0, stored::toString);
        assertTrue(stored.indexOf("dev.switchboard") < 0, stored::toString);
    }

    /** Pending Sends with sealed payloads are read back by a fresh graph, which resumes them. */
    @Test
    void sealedSendPayloadsWaitInTheCheckpointAndResumeInAFreshGraph() {
        Path file = temp.resolve("sends.db");
        RunConfig thread = RunConfig.thread("t-2");
        try (JdbcSaver first = SqliteSaver.file(file);
                JdbcSaver second = SqliteSaver.file(file)) {
            DispatchGraph.builder(new Dispatch())
                    .checkpointer(first)
                    .interruptBefore("paint")
                    .build()
                    .invoke(DrawingUpdate.of(), thread);
            DispatchGraph fresh =
                    DispatchGraph.builder(new Dispatch()).checkpointer(second).build();
            assertEquals(List.of("paint", "paint"), fresh.getState(thread).next());
            assertEquals(
                    List.of(new Shape.Circle(5), new Shape.Square(6)),
                    fresh.resume(thread).value().all());
        }
    }
}
