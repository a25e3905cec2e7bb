package dev.switchboard.checkpoint.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.switchboard.runtime.checkpoint.ThreadInfo;
import dev.switchboard.runtime.checkpoint.ThreadQuery;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code listThreads} filters in the database: rows its filter rejects are never read, so a thread
 * whose stored metadata no longer reads as an object (tampered with) fails only the listings that
 * would return it.
 */
class ThreadFilterInSqlTest {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"sqlite", "postgres"})
    void rowsTheFilterRejectsAreNotRead(String kind) throws Exception {
        try (Backend backend = Backend.of(kind, dir);
                JdbcSaver saver = backend.open("s")) {
            for (String t : List.of("a", "b", "c")) {
                saver.updateThreadMetadata(t, Map.of("user", t.equals("b") ? "u2" : "u1"));
                Thread.sleep(3); // distinct activity times: newest first is c, a
            }
            try (Connection c = backend.connect("s");
                    PreparedStatement p =
                            c.prepareStatement("UPDATE switchboard_threads SET metadata = ? WHERE thread_id = 'b'")) {
                p.setString(1, "[\"user\", \"u2\"]");
                p.executeUpdate();
            }
            List<ThreadInfo> u1 = saver.listThreads(ThreadQuery.ALL.withFilter(Map.of("user", "u1")));
            assertEquals(
                    List.of("c", "a"), u1.stream().map(ThreadInfo::threadId).toList());
        }
    }

    /**
     * Metadata stored before values were checked may hold NUL, as the JSON escape {@code \u0000},
     * which PostgreSQL's jsonb refuses: such a row must not fail every filtered listing of the
     * database. It is found by its other entries, and read back as it was stored.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"sqlite", "postgres"})
    void aStoredNulFailsNoFilteredListing(String kind) throws Exception {
        try (Backend backend = Backend.of(kind, dir);
                JdbcSaver saver = backend.open("s")) {
            for (String t : List.of("a", "b", "c")) {
                saver.updateThreadMetadata(t, Map.of("user", t.equals("b") ? "u2" : "u1"));
                Thread.sleep(3); // distinct activity times: newest first is c, a
            }
            try (Connection c = backend.connect("s");
                    PreparedStatement p =
                            c.prepareStatement("UPDATE switchboard_threads SET metadata = ? WHERE thread_id = 'a'")) {
                p.setString(1, "{\"user\":\"u1\",\"note\":\"x\\u0000y\"}");
                p.executeUpdate();
            }
            assertEquals(
                    List.of("c", "a"),
                    saver.listThreads(ThreadQuery.ALL.withFilter(Map.of("user", "u1"))).stream()
                            .map(ThreadInfo::threadId)
                            .toList());
            assertEquals(
                    List.of("b"),
                    saver.listThreads(ThreadQuery.ALL.withFilter(Map.of("user", "u2"))).stream()
                            .map(ThreadInfo::threadId)
                            .toList());
            assertEquals(
                    "x\u0000y", saver.getThread("a").orElseThrow().metadata().get("note"));
        }
    }
}
