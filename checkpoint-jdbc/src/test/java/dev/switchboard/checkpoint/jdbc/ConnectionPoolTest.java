package dev.switchboard.checkpoint.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.store.Namespace;
import dev.switchboard.runtime.store.StoreSettings;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLTransientConnectionException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * One {@link ConnectionPool} shared by a saver, a store and code borrowing plain connections, on
 * the real PostgreSQL: it never holds more connections than its size whatever mix of reads, writes
 * and borrows runs at once (counted in {@code pg_stat_activity} by {@code ApplicationName}), each
 * user gets a connection set up for it, and a caller finding every connection busy fails after the
 * pool's wait with an error naming the pool.
 */
class ConnectionPoolTest {
    @Test
    void theSaverTheStoreAndBorrowersTogetherNeverHoldMoreThanThePoolsSize() throws Exception {
        String app = "sbpool_" + UUID.randomUUID().toString().substring(0, 8);
        try (Postgres pg = Postgres.schema();
                ConnectionPool pool =
                        ConnectionPool.postgres(pg.url + "&ApplicationName=" + app, 3, Duration.ofSeconds(30));
                JdbcSaver saver = PostgresSaver.pool(pool);
                JdbcStore store = PostgresStore.pool(pool, StoreSettings.DEFAULTS)) {
            AtomicBoolean sampling = new AtomicBoolean(true);
            AtomicInteger peak = new AtomicInteger();
            Thread sampler = new Thread(() -> sample(pg, app, peak, sampling));
            sampler.start();
            ExecutorService workers = Executors.newFixedThreadPool(12);
            try {
                List<Future<?>> done = new ArrayList<>();
                for (int w = 0; w < 12; w++) {
                    int n = w;
                    done.add(workers.submit(() -> {
                        for (int i = 0; i < 20; i++) {
                            switch ((n + i) % 3) {
                                case 0 -> saver.deleteThread("t" + n); // a write lease
                                case 1 -> {
                                    store.put(Namespace.of("u" + n), "k", Map.of("i", i));
                                    assertEquals(
                                            i,
                                            ((Number) store.get(Namespace.of("u" + n), "k")
                                                            .orElseThrow()
                                                            .value()
                                                            .get("i"))
                                                    .intValue());
                                }
                                default -> assertEquals("read committed", isolationOfABorrowed(pool));
                            }
                            assertTrue(saver.getTuple("t" + n, "", null).isEmpty()); // a read lease
                        }
                        return null;
                    }));
                }
                for (Future<?> f : done) {
                    f.get();
                }
            } finally {
                workers.shutdownNow();
                sampling.set(false);
                sampler.join();
            }
            assertTrue(peak.get() >= 1 && peak.get() <= 3, "connections held at once: " + peak.get());
            assertTrue(count(pg, app) <= 3, "connections kept");
        }
    }

    @Test
    void aCallerFindingEveryConnectionBusyFailsAfterTheWaitNamingThePool() throws Exception {
        try (Postgres pg = Postgres.schema();
                ConnectionPool pool = ConnectionPool.postgres(pg.url, 1, Duration.ofMillis(200));
                JdbcSaver saver = PostgresSaver.pool(pool)) {
            Connection held = pool.borrow();
            SQLTransientConnectionException busy = assertThrows(SQLTransientConnectionException.class, pool::borrow);
            assertTrue(
                    busy.getMessage()
                            .matches("no connection to PostgreSQL jdbc:postgresql://\\S+ was free within 200 ms:"
                                    + " all 1 of its pool were in use .*"),
                    busy.getMessage());
            CheckpointStoreException read =
                    assertThrows(CheckpointStoreException.class, () -> saver.getTuple("t", "", null));
            assertTrue(read.getMessage().contains("all 1 of its pool were in use"), read.getMessage());
            assertInstanceOf(SQLTransientConnectionException.class, read.getCause());

            pool.giveBack(held);
            assertTrue(saver.getTuple("t", "", null).isEmpty(), "free again once given back");
            assertEquals("read committed", isolationOfABorrowed(pool), "the read's connection, set back");
        }
    }

    @Test
    void aConnectionGivenBackInATransactionIsRolledBackAndInAutoCommitForTheNext() throws Exception {
        try (Postgres pg = Postgres.schema();
                ConnectionPool pool = ConnectionPool.postgres(pg.url, 1, Duration.ofSeconds(5))) {
            Connection c = pool.borrow();
            try (Statement s = c.createStatement()) {
                s.execute("CREATE TABLE t (x int)");
                c.setAutoCommit(false);
                s.execute("INSERT INTO t VALUES (1)");
            }
            pool.giveBack(c);
            Connection again = pool.borrow();
            try (Statement s = again.createStatement();
                    ResultSet r = s.executeQuery("SELECT count(*) FROM t")) {
                assertTrue(again.getAutoCommit());
                r.next();
                assertEquals(0, r.getInt(1), "the open transaction was rolled back");
            } finally {
                pool.giveBack(again);
            }
        }
    }

    @Test
    void poolsReadInRepeatableReadWithoutSettingItForTheSession() throws Exception {
        try (Postgres pg = Postgres.schema();
                ConnectionPool kept = ConnectionPool.postgres(pg.url, 1, Duration.ofSeconds(5));
                ConnectionPool pooled = ConnectionPool.postgres(pg.url, 1, Duration.ofSeconds(5))
                        .transactionPooled()) {
            // [this transaction's level, the session's default]: a pooler in transaction mode
            // hands the session to other clients, whose writes must not inherit a read's level;
            // a kept connection switches nothing for the session either (a statement per switch)
            assertEquals(List.of("repeatable read", "read committed"), readLevels(kept));
            assertEquals(List.of("repeatable read", "read committed"), readLevels(kept));
            assertEquals("read committed", isolationOfABorrowed(kept));
            assertEquals(List.of("repeatable read", "read committed"), readLevels(pooled));
            assertEquals(List.of("repeatable read", "read committed"), readLevels(pooled));
            assertEquals("read committed", isolationOfABorrowed(pooled));
        }
    }

    private static List<String> readLevels(ConnectionPool pool) throws Exception {
        try (Connections.Lease read = pool.shared().lease(false);
                Statement s = read.connection().createStatement();
                ResultSet r = s.executeQuery("SELECT current_setting('transaction_isolation'),"
                        + " current_setting('default_transaction_isolation')")) {
            r.next();
            return List.of(r.getString(1), r.getString(2));
        }
    }

    private static String isolationOfABorrowed(ConnectionPool pool) throws Exception {
        Connection c = pool.borrow();
        try (Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SHOW transaction_isolation")) {
            r.next();
            return r.getString(1);
        } finally {
            pool.giveBack(c);
        }
    }

    private static void sample(Postgres pg, String app, AtomicInteger peak, AtomicBoolean sampling) {
        try (Connection c = DriverManager.getConnection(Postgres.baseUrl())) {
            while (sampling.get()) {
                peak.accumulateAndGet(count(c, app), Math::max);
                Thread.sleep(2);
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static int count(Postgres pg, String app) throws Exception {
        try (Connection c = DriverManager.getConnection(Postgres.baseUrl())) {
            return count(c, app);
        }
    }

    private static int count(Connection c, String app) throws Exception {
        try (PreparedStatement p = c.prepareStatement(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND application_name = ?")) {
            p.setString(1, app);
            try (ResultSet r = p.executeQuery()) {
                r.next();
                return r.getInt(1);
            }
        }
    }
}
