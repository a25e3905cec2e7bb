package dev.switchboard.checkpoint.jdbc;

import static dev.switchboard.checkpoint.jdbc.CheckpointSaverConformance.checkpoint;
import static dev.switchboard.checkpoint.jdbc.CheckpointSaverConformance.ids;
import static dev.switchboard.checkpoint.jdbc.CheckpointSaverConformance.metadata;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.checkpoint.CheckpointMetadata.Source;
import dev.switchboard.runtime.checkpoint.ConcurrentRunException;
import dev.switchboard.runtime.checkpoint.ListOptions;
import dev.switchboard.runtime.checkpoint.PendingWrite;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How {@link JdbcSaver} treats a lost connection, on a SQLite store whose transactions fail on
 * cue: retried once on a fresh connection (idle ones dropped), even when the commit went through
 * before the connection was lost, and never for other failures.
 */
class LostConnectionTest {
    @TempDir
    Path dir;

    /** The failures the next transactions meet, in order; {@code null} for none. */
    private final Deque<Fault> faults = new ArrayDeque<>();

    private final AtomicInteger transactions = new AtomicInteger();
    private final AtomicInteger drops = new AtomicInteger();

    private enum Fault {
        /** The first statement fails: nothing was done. */
        BEFORE,
        /** The commit is done, then the connection is lost before the caller hears of it. */
        AFTER_COMMIT,
        /** A statement fails for a reason of its own. */
        STATEMENT
    }

    private JdbcSaver saver() throws SQLException {
        return new JdbcSaver(Dialect.SQLITE, faulty(new SqliteConnections(dir.resolve("lost.db"))));
    }

    private void put(JdbcSaver saver, String id, String head) {
        saver.put("t", "", checkpoint(id, Map.of()), metadata(Source.LOOP, 0), head, head, List.of());
    }

    @Test
    void aPutWhoseCommitWasLostIsRecognisedOnRetryAndNotAppliedTwice() throws SQLException {
        try (JdbcSaver saver = saver()) {
            put(saver, "cp1", null);
            faults.add(Fault.AFTER_COMMIT);
            int before = transactions.get();
            put(saver, "cp2", "cp1");
            assertEquals(2, transactions.get() - before, "attempts");
            assertEquals(1, drops.get(), "idle connections dropped");
            assertEquals(List.of("cp2", "cp1"), ids(saver.list("t", "", ListOptions.ALL)));
            // A stale head is still a conflict, not mistaken for a lost commit.
            faults.add(Fault.BEFORE);
            assertThrows(ConcurrentRunException.class, () -> put(saver, "cp3", "cp1"));
        }
    }

    @Test
    void writesAndReadsAreRetriedOnceOnAFreshConnection() throws SQLException {
        try (JdbcSaver saver = saver()) {
            put(saver, "cp1", null);
            faults.add(Fault.AFTER_COMMIT);
            saver.putWrites("t", "", "cp1", List.of(new PendingWrite("task", 0, "x", new byte[] {1})));
            faults.add(Fault.BEFORE);
            assertEquals(
                    1,
                    saver.getTuple("t", "", null).orElseThrow().pendingWrites().size());
            faults.add(Fault.BEFORE);
            saver.deleteThread("t");
            assertEquals(List.of(), saver.list("t", "", ListOptions.ALL));
            assertEquals(3, drops.get());
        }
    }

    @Test
    void aSecondLostConnectionOrAnyOtherFailureIsNotRetried() throws SQLException {
        try (JdbcSaver saver = saver()) {
            faults.add(Fault.BEFORE);
            faults.add(Fault.BEFORE);
            int before = transactions.get();
            CheckpointStoreException twice =
                    assertThrows(CheckpointStoreException.class, () -> saver.getTuple("t", "", null));
            assertEquals(2, transactions.get() - before);
            assertTrue(twice.getMessage().contains("connection lost on cue"), twice.getMessage());
            assertEquals(1, twice.getCause().getSuppressed().length);

            faults.add(Fault.STATEMENT);
            before = transactions.get();
            CheckpointStoreException other =
                    assertThrows(CheckpointStoreException.class, () -> saver.getTuple("t", "", null));
            assertEquals(1, transactions.get() - before);
            assertEquals(0, other.getCause().getSuppressed().length);
            assertTrue(other.getMessage().contains("disk full on cue"), other.getMessage());
        }
    }

    @Test
    void connectionFailuresAreToldApartBySqlState() {
        assertTrue(Connections.lostConnection(new SQLException("io", "08006")));
        assertTrue(Connections.lostConnection(new SQLException("admin shutdown", "57P01")));
        assertTrue(Connections.lostConnection(new SQLException("wrapped", "XX000", new SQLException("x", "08003"))));
        SQLException batch = new SQLException("batch", "22000");
        batch.setNextException(new SQLException("crash shutdown", "57P02"));
        assertTrue(Connections.lostConnection(batch));
        assertEquals(false, Connections.lostConnection(new SQLException("unique", "23505")));
        assertEquals(false, Connections.lostConnection(new SQLException("cancel", "57014")));
        assertEquals(false, Connections.lostConnection(new SQLException("no state")));
    }

    /** The store, with the queued faults injected into its transactions. */
    private Connections faulty(Connections inner) {
        return new Connections() {
            @Override
            public Lease lease(boolean write) throws SQLException {
                transactions.incrementAndGet();
                Fault fault = faults.poll();
                Lease lease = inner.lease(write);
                return new Lease() {
                    @Override
                    public Connection connection() {
                        return lease.connection();
                    }

                    @Override
                    public PreparedStatement prepare(String sql) throws SQLException {
                        if (fault == Fault.BEFORE) {
                            throw new SQLException("connection lost on cue", "08006");
                        }
                        if (fault == Fault.STATEMENT) {
                            throw new SQLException("disk full on cue", "53100");
                        }
                        return lease.prepare(sql);
                    }

                    @Override
                    public void commit() throws SQLException {
                        lease.commit();
                        if (fault == Fault.AFTER_COMMIT) {
                            throw new SQLException("connection lost on cue", "08006");
                        }
                    }

                    @Override
                    public void close() {
                        lease.close();
                    }
                };
            }

            @Override
            public void dropIdle() {
                drops.incrementAndGet();
                inner.dropIdle();
            }

            @Override
            public String describe() {
                return inner.describe();
            }

            @Override
            public void close() {
                inner.close();
            }
        };
    }
}
