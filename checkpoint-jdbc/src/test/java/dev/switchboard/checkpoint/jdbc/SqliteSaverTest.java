package dev.switchboard.checkpoint.jdbc;

import static dev.switchboard.checkpoint.jdbc.CheckpointSaverConformance.checkpoint;
import static dev.switchboard.checkpoint.jdbc.CheckpointSaverConformance.metadata;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.checkpoint.CheckpointMetadata.Source;
import dev.switchboard.runtime.checkpoint.CheckpointTuple;
import dev.switchboard.runtime.checkpoint.ConcurrentRunException;
import dev.switchboard.runtime.checkpoint.ListOptions;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What is particular to the SQLite store: the file's settings, several savers on one file, close. */
class SqliteSaverTest {
    @TempDir
    Path dir;

    private static void put(JdbcSaver saver, String thread, String id, String expectedHead) {
        saver.put(
                thread, "", checkpoint(id, Map.of()), metadata(Source.LOOP, 0), expectedHead, expectedHead, List.of());
    }

    @Test
    void theFileIsInWalModeWithForeignKeysAndABusyTimeout() throws Exception {
        Path file = dir.resolve("settings.db");
        SqliteSaver.file(file).close();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
                ResultSet r = c.createStatement().executeQuery("PRAGMA journal_mode")) {
            r.next();
            assertEquals("wal", r.getString(1));
        }
        try (SqliteConnections connections = new SqliteConnections(file);
                Connections.Lease lease = connections.lease(false)) {
            for (String[] pragma : new String[][] {
                {"foreign_keys", "1"},
                {"busy_timeout", Integer.toString(SqliteConnections.BUSY_TIMEOUT_MILLIS)},
                {"synchronous", "1"}
            }) {
                try (ResultSet r = lease.connection().createStatement().executeQuery("PRAGMA " + pragma[0])) {
                    r.next();
                    assertEquals(pragma[1], r.getString(1), pragma[0]);
                }
            }
        }
    }

    @Test
    void twoSaversOnOneFileShareTheHead() throws Exception {
        Path file = dir.resolve("shared.db");
        try (JdbcSaver a = SqliteSaver.file(file);
                JdbcSaver b = SqliteSaver.file(file)) {
            put(a, "t", "cp1", null);
            assertEquals(
                    "cp1", b.getTuple("t", "", null).orElseThrow().checkpoint().id());
            put(b, "t", "cp2", "cp1");
            assertThrows(ConcurrentRunException.class, () -> put(a, "t", "cp3", "cp1"));
            assertEquals(List.of("cp2", "cp1"), CheckpointSaverConformance.ids(a.list("t", "", ListOptions.ALL)));

            // Both savers race from many threads, as two processes on one file would.
            int workers = 8, rounds = 15;
            ExecutorService pool = Executors.newFixedThreadPool(workers);
            AtomicInteger winners = new AtomicInteger();
            try {
                for (int r = 0; r < rounds; r++) {
                    String head =
                            a.getTuple("t", "", null).orElseThrow().checkpoint().id();
                    CountDownLatch start = new CountDownLatch(1);
                    List<Future<?>> done = new ArrayList<>();
                    for (int w = 0; w < workers; w++) {
                        JdbcSaver saver = w % 2 == 0 ? a : b;
                        String id = "r" + r + "w" + w;
                        done.add(pool.submit(() -> {
                            start.await();
                            try {
                                put(saver, "t", id, head);
                                winners.incrementAndGet();
                            } catch (ConcurrentRunException e) {
                                // lost the race
                            }
                            return null;
                        }));
                    }
                    start.countDown();
                    for (Future<?> f : done) {
                        f.get(60, TimeUnit.SECONDS);
                    }
                }
            } finally {
                pool.shutdownNow();
            }
            assertEquals(rounds, winners.get());
            List<CheckpointTuple> all = b.list("t", "", ListOptions.ALL);
            assertEquals(rounds + 2, all.size());
            for (int i = 0; i < all.size(); i++) {
                assertEquals(
                        i + 1 < all.size() ? all.get(i + 1).checkpoint().id() : null,
                        all.get(i).parentId());
            }
        }
    }

    @Test
    void aClosedSaverRefusesWork() {
        JdbcSaver saver = SqliteSaver.file(dir.resolve("closed.db"));
        put(saver, "t", "cp1", null);
        saver.close();
        saver.close(); // twice is fine
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> saver.getTuple("t", "", null));
        assertTrue(e.getMessage().contains("closed"), e.getMessage());
        assertThrows(IllegalStateException.class, () -> put(saver, "t", "cp2", "cp1"));
        try (JdbcSaver again = SqliteSaver.file(dir.resolve("closed.db"))) {
            Optional<CheckpointTuple> t = again.getTuple("t", "", null);
            assertEquals("cp1", t.orElseThrow().checkpoint().id());
            assertNull(t.orElseThrow().parentId());
        }
    }

    @Test
    void eachConnectionKeepsItsRecentStatementsAndClosesThemWithTheSaver() throws Exception {
        PreparedStatement first;
        PreparedStatement last = null;
        try (SqliteConnections connections = new SqliteConnections(dir.resolve("statements.db"))) {
            try (Connections.Lease lease = connections.lease(false)) {
                first = lease.prepare("SELECT ?");
                first.setString(1, "a");
                try (ResultSet r = first.executeQuery()) {
                    r.next();
                    assertEquals("a", r.getString(1));
                }
            }
            try (Connections.Lease lease = connections.lease(false)) {
                assertSame(first, lease.prepare("SELECT ?"));
                for (int i = 1; i <= SqliteConnections.KEPT_STATEMENTS; i++) {
                    last = lease.prepare("SELECT " + i);
                }
            }
            assertTrue(first.isClosed(), "the least recently used statement makes room");
            assertFalse(last.isClosed());
        }
        assertTrue(last.isClosed(), "closing the saver closes the statements it kept");
    }

    @Test
    void aFileThatCannotBeOpenedFailsClearly() {
        Path file = dir.resolve("no-such-dir").resolve("x.db");
        CheckpointStoreException e = assertThrows(CheckpointStoreException.class, () -> SqliteSaver.file(file));
        assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
    }
}
