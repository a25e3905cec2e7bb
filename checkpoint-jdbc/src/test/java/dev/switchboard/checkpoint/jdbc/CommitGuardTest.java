package dev.switchboard.checkpoint.jdbc;

import static dev.switchboard.checkpoint.jdbc.CheckpointSaverConformance.checkpoint;
import static dev.switchboard.checkpoint.jdbc.CheckpointSaverConformance.ids;
import static dev.switchboard.checkpoint.jdbc.CheckpointSaverConformance.snapshot;
import static dev.switchboard.checkpoint.jdbc.CheckpointSaverConformance.snapshotVersion;
import static dev.switchboard.checkpoint.jdbc.CheckpointSaverConformance.writes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.switchboard.runtime.checkpoint.CheckpointMetadata;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata.Source;
import dev.switchboard.runtime.checkpoint.CheckpointTuple;
import dev.switchboard.runtime.checkpoint.ListOptions;
import dev.switchboard.runtime.checkpoint.PendingWrite;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A {@link CommitGuard} runs inside the transaction of each write: when it refuses, nothing of
 * {@code put}, {@code putStep} or {@code putWrites} is stored, not even what the guard itself
 * wrote in that transaction, and its exception reaches the caller as it was thrown; when it lets
 * the write go, what it wrote commits with the checkpoint.
 */
class CommitGuardTest {
    @TempDir
    Path dir;

    private final List<String> seen = new ArrayList<>();
    private boolean refuse;

    /** Records its call, marks the transaction with a row of its own, then refuses when asked. */
    private void guard(Connection c, String threadId, CheckpointMetadata metadata) throws java.sql.SQLException {
        seen.add(
                threadId + " " + (metadata == null ? "writes" : metadata.extra().get("run_id")));
        try (PreparedStatement p = c.prepareStatement("INSERT INTO guard_marks (thread_id) VALUES (?)")) {
            p.setString(1, threadId);
            p.executeUpdate();
        }
        if (refuse) {
            throw new IllegalStateException("refused");
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"sqlite", "postgres"})
    void aRefusingGuardStoresNothingOfTheWrite(String kind) throws Exception {
        try (Backend backend = Backend.of(kind, dir);
                JdbcSaver saver = backend.open("s")) {
            try (Connection c = backend.connect("s");
                    Statement s = c.createStatement()) {
                s.execute("CREATE TABLE guard_marks (thread_id VARCHAR(64) NOT NULL)");
            }
            put(saver, "cp1", null);
            saver.guardCommits(this::guard);
            refuse = true;

            RuntimeException w = assertThrows(RuntimeException.class, () -> saver.putWrites("t", "", "cp1", write()));
            RuntimeException p = assertThrows(RuntimeException.class, () -> put(saver, "cp2", "cp1"));
            RuntimeException s = assertThrows(
                    RuntimeException.class,
                    () -> saver.putStep("t", "", write(), cp("cp2"), metadata(), "cp1", "cp1", List.of()));

            for (RuntimeException e : List.of(w, p, s)) {
                assertSame(IllegalStateException.class, e.getClass(), e::toString);
                assertEquals("refused", e.getMessage());
            }
            assertEquals(List.of("t writes", "t run-1", "t run-1"), seen);
            CheckpointTuple head = saver.getTuple("t", "", null).orElseThrow();
            assertEquals("cp1", head.checkpoint().id());
            assertEquals(List.of(), head.pendingWrites());
            assertEquals(List.of("cp1"), ids(saver.list("t", "", ListOptions.ALL)));
            assertEquals(0, marks(backend));

            refuse = false;
            put(saver, "cp2", "cp1");
            saver.putWrites("t", "", "cp2", write());
            assertEquals(
                    List.of("task/0/value=\"w\""),
                    writes(saver.getTuple("t", "", null).orElseThrow()));
            assertEquals(2, marks(backend), "the guard's own writes commit with the checkpoint");
        }
    }

    private static void put(JdbcSaver saver, String id, String parent) {
        String v = id + "-v";
        saver.put("t", "", cp(id), metadata(), parent, parent, List.of(snapshot("value", v, "value of " + id)));
    }

    private static dev.switchboard.runtime.checkpoint.Checkpoint cp(String id) {
        return checkpoint(id, Map.of("value", snapshotVersion(id + "-v")));
    }

    private static CheckpointMetadata metadata() {
        return new CheckpointMetadata(Source.LOOP, 0, Map.of(), Map.of("run_id", "run-1"));
    }

    private static List<PendingWrite> write() {
        return List.of(new PendingWrite("task", 0, "value", "\"w\"".getBytes(StandardCharsets.UTF_8)));
    }

    private static int marks(Backend backend) throws Exception {
        try (Connection c = backend.connect("s");
                Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SELECT count(*) FROM guard_marks")) {
            r.next();
            return r.getInt(1);
        }
    }
}
