package dev.switchboard.checkpoint.jdbc;

import static dev.switchboard.checkpoint.jdbc.CheckpointSaverConformance.bytes;
import static dev.switchboard.checkpoint.jdbc.CheckpointSaverConformance.checkpoint;
import static dev.switchboard.checkpoint.jdbc.CheckpointSaverConformance.metadata;
import static dev.switchboard.checkpoint.jdbc.CheckpointSaverConformance.snapshot;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.switchboard.runtime.checkpoint.Blob;
import dev.switchboard.runtime.checkpoint.ChannelVersion;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata.Source;
import dev.switchboard.runtime.checkpoint.CheckpointTuple;
import dev.switchboard.runtime.checkpoint.ListOptions;
import dev.switchboard.runtime.checkpoint.PendingWrite;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A delta that is exactly its step's pending writes joined is stored as a reference to them, and
 * reads back byte for byte, also after the checkpoint whose writes it names is pruned; a delta
 * that the writes stored do not make exactly (other writes to its channel were stored before
 * against the same checkpoint) keeps its own bytes.
 */
class WriteRefsTest {
    @TempDir
    Path dir;

    private static final String V1 = ChannelVersion.format(1, "s");
    private static final String V2 = ChannelVersion.format(2, "s");
    private static final String V3 = ChannelVersion.format(3, "s");

    private static void first(JdbcSaver saver, String t) {
        saver.put(
                t,
                "",
                checkpoint("cp1", Map.of("log", new ChannelVersion(V1, V1, 3, 0))),
                metadata(Source.LOOP, 0),
                null,
                null,
                List.of(snapshot("log", V1, "[0]")));
    }

    private static void step(JdbcSaver saver, String t, String parent, String id, String version, byte[] delta) {
        saver.putStep(
                t,
                "",
                List.of(new PendingWrite("task-b", 0, "log", bytes("2"))),
                checkpoint(id, Map.of("log", new ChannelVersion(version, V1, 3, delta.length))),
                metadata(Source.LOOP, 1),
                parent,
                parent,
                List.of(new Blob("log", version, V1, parent.equals("cp1") ? V1 : V2, Blob.Kind.DELTA, delta)));
    }

    private static long refs(Connection c, String t) throws Exception {
        return Sql.longValue(
                c,
                "SELECT COUNT(*) FROM switchboard_blobs WHERE kind = " + BlobRows.WRITES
                        + " AND space IN (SELECT id FROM switchboard_spaces WHERE thread_id = ?)",
                t);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"sqlite", "postgres"})
    void aDeltaOfItsStepsWritesIsAReferenceThatReadsBackExactly(String kind) throws Exception {
        try (Backend backend = Backend.of(kind, dir);
                JdbcSaver saver = backend.open("refs");
                Connection c = backend.connect("refs")) {
            first(saver, "t");
            step(saver, "t", "cp1", "cp2", V2, bytes("[2]"));
            step(saver, "t", "cp2", "cp3", V3, bytes("[2]"));
            assertEquals(2, refs(c, "t"));
            CheckpointTuple head = saver.getTuple("t", "", null).orElseThrow();
            assertEquals(List.of("[0]", "[2]", "[2]"), texts(head.blobs()));
            assertEquals(0, saver.storage("t").channels().get("log").valueBytes() - 3, "the deltas keep no bytes");

            // Pruning deletes cp1's and cp2's writes: the kept deltas get their bytes back first.
            assertEquals(2, saver.prune("t", 1));
            assertEquals(0, refs(c, "t"));
            assertEquals(
                    List.of("[0]", "[2]", "[2]"),
                    texts(saver.getTuple("t", "", null).orElseThrow().blobs()));
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"sqlite", "postgres"})
    void aDeltaThatOtherStoredWritesWouldChangeKeepsItsBytes(String kind) throws Exception {
        try (Backend backend = Backend.of(kind, dir);
                JdbcSaver saver = backend.open("no-refs");
                Connection c = backend.connect("no-refs")) {
            first(saver, "t");
            // Another task's write to the channel, stored before: a read joining the checkpoint's
            // writes would give [1,2], not the step's delta.
            saver.putWrites("t", "", "cp1", List.of(new PendingWrite("task-a", 0, "log", bytes("1"))));
            step(saver, "t", "cp1", "cp2", V2, bytes("[2]"));
            assertEquals(0, refs(c, "t"));
            assertEquals(
                    List.of("[0]", "[2]"),
                    texts(saver.getTuple("t", "", null).orElseThrow().blobs()));
            assertEquals(2, saver.list("t", "", ListOptions.ALL).size());
        }
    }

    private static List<String> texts(List<Blob> blobs) {
        return blobs.stream()
                .map(b -> new String(b.data(), StandardCharsets.UTF_8))
                .toList();
    }
}
