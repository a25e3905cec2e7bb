package dev.switchboard.checkpoint.jdbc;

import static dev.switchboard.checkpoint.jdbc.CheckpointSaverConformance.checkpoint;
import static dev.switchboard.checkpoint.jdbc.CheckpointSaverConformance.ids;
import static dev.switchboard.checkpoint.jdbc.CheckpointSaverConformance.metadata;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.checkpoint.CheckpointMetadata.Source;
import dev.switchboard.runtime.checkpoint.ConcurrentRunException;
import dev.switchboard.runtime.checkpoint.ListOptions;
import dev.switchboard.runtime.checkpoint.PendingWrite;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * What is particular to the PostgreSQL store: the {@code DataSource} factory, a small pool under
 * many threads, and errors that do not leak the password. Skipped without a configured database,
 * except the tests that need none.
 */
class PostgresSaverTest {
    private static Postgres pg;

    @BeforeAll
    static void createSchema() throws Exception {
        pg = Postgres.schemaOrNull();
    }

    @AfterAll
    static void dropSchema() throws Exception {
        if (pg != null) {
            pg.close();
        }
    }

    private static void put(JdbcSaver saver, String thread, String id, String expectedHead) {
        saver.put(
                thread, "", checkpoint(id, Map.of()), metadata(Source.LOOP, 0), expectedHead, expectedHead, List.of());
    }

    @Test
    void aDataSourceWorksLikeAUrl() throws Exception {
        PGSimpleDataSource ds = new PGSimpleDataSource();
        ds.setURL(Postgres.require(pg).url);
        try (JdbcSaver saver = PostgresSaver.dataSource(ds)) {
            put(saver, "ds", "cp1", null);
            saver.putWrites("ds", "", "cp1", List.of(new PendingWrite("task", 0, "x", new byte[] {1, 2})));
            put(saver, "ds", "cp2", "cp1");
            assertThrows(ConcurrentRunException.class, () -> put(saver, "ds", "cp3", "cp1"));
            assertEquals(List.of("cp2", "cp1"), ids(saver.list("ds", "", ListOptions.ALL)));
            assertEquals(
                    1,
                    saver.getTuple("ds", "", "cp1")
                            .orElseThrow()
                            .pendingWrites()
                            .size());
            saver.deleteThread("ds");
            assertEquals(Optional.empty(), saver.getTuple("ds", "", null));
        }
        try (Connection c = pg.connect()) {
            assertEquals(0, Sql.rowsOf(c, "ds"));
        }
    }

    @Test
    void aSmallPoolServesManyThreads() throws Exception {
        try (JdbcSaver saver = PostgresSaver.url(Postgres.require(pg).url, 2)) {
            int workers = 12, checkpoints = 10;
            ExecutorService pool = Executors.newFixedThreadPool(workers);
            try {
                List<Future<?>> done = new ArrayList<>();
                for (int w = 0; w < workers; w++) {
                    String thread = "pool-" + w;
                    done.add(pool.submit(() -> {
                        String head = null;
                        for (int i = 0; i < checkpoints; i++) {
                            put(saver, thread, "cp" + i, head);
                            head = "cp" + i;
                            assertEquals(
                                    head,
                                    saver.getTuple(thread, "", null)
                                            .orElseThrow()
                                            .checkpoint()
                                            .id());
                        }
                        return null;
                    }));
                }
                for (Future<?> f : done) {
                    f.get(60, TimeUnit.SECONDS);
                }
            } finally {
                pool.shutdownNow();
            }
            for (int w = 0; w < workers; w++) {
                assertEquals(
                        checkpoints,
                        saver.list("pool-" + w, "", ListOptions.ALL).size());
            }
        }
    }

    @Test
    void sessionsTheServerEndedCostNoCallerAFailedOperation() throws Exception {
        String app = "sbtest-stale-" + UUID.randomUUID().toString().substring(0, 8);
        String t = "stale";
        try (JdbcSaver saver = PostgresSaver.url(Postgres.require(pg).url + "&ApplicationName=" + app, 4)) {
            put(saver, t, "cp0", null);
            for (int round = 1; round <= 3; round++) {
                String head = "cp" + (round - 1);
                useSeveralConnections(saver, t, head);
                int ended = endSessions(app);
                assertTrue(ended >= 2, "sessions ended: " + ended);
                // Every operation after the fault succeeds: writes and reads, on fresh connections.
                put(saver, t, "cp" + round, head);
                saver.putWrites(t, "", "cp" + round, List.of(new PendingWrite("task", 0, "x", new byte[] {7})));
                for (int i = 0; i < 6; i++) {
                    assertEquals(
                            "cp" + round,
                            saver.getTuple(t, "", null)
                                    .orElseThrow()
                                    .checkpoint()
                                    .id());
                    assertEquals(round + 1, saver.list(t, "", ListOptions.ALL).size());
                }
                assertEquals(
                        1,
                        saver.getTuple(t, "", "cp" + round)
                                .orElseThrow()
                                .pendingWrites()
                                .size());
            }
        }
    }

    /** Keeps reads and writes of several threads in flight, so the pool holds several idle connections. */
    private static void useSeveralConnections(JdbcSaver saver, String t, String head) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int w = 0; w < 4; w++) {
                String task = "warm-" + w;
                done.add(pool.submit(() -> {
                    for (int i = 0; i < 20; i++) {
                        saver.getTuple(t, "", null).orElseThrow();
                        saver.putWrites(t, "", head, List.of(new PendingWrite(task, i, "x", new byte[] {1})));
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** Ends the server sessions of one application name, as a restart would; returns how many. */
    private static int endSessions(String app) throws Exception {
        try (Connection c = pg.connect();
                PreparedStatement p = c.prepareStatement(
                        "SELECT COUNT(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                                + " WHERE application_name = ?) ended")) {
            p.setString(1, app);
            try (ResultSet r = p.executeQuery()) {
                r.next();
                return r.getInt(1);
            }
        }
    }

    @Test
    void connectionErrorsDoNotShowThePassword() {
        CheckpointStoreException e = assertThrows(
                CheckpointStoreException.class,
                () -> PostgresSaver.url("jdbc:postgresql://127.0.0.1:1/none?user=u&password=hunter2"));
        assertFalse(e.getMessage().contains("hunter2"), e.getMessage());
        assertTrue(e.getMessage().contains("jdbc:postgresql://127.0.0.1:1/none"), e.getMessage());
        assertEquals(
                "jdbc:postgresql://host:5/db",
                PostgresSaver.redact("jdbc:postgresql://user:secret@host:5/db?password=x"));
    }

    @Test
    void aPoolNeedsAtLeastOneConnection() {
        assertThrows(IllegalArgumentException.class, () -> PostgresSaver.url("jdbc:postgresql://h/db", 0));
    }
}
