package dev.switchboard.checkpoint.jdbc;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A SQLite file through two dedicated connections: one for writes and one for reads, each used by
 * one thread at a time. SQLite allows a single writer, so writes from this JVM queue on a lock
 * instead of failing with "database is locked"; each runs in {@code BEGIN IMMEDIATE}, which takes
 * the file's write lock up front, so a compare-and-set never has to upgrade a read lock (other
 * processes on the same file wait up to the busy timeout). In WAL mode reads run beside the write
 * and see the last committed state.
 */
final class SqliteConnections implements Connections {
    static final int BUSY_TIMEOUT_MILLIS = 10_000;
    /** SQLite's result code for a file another connection has locked. */
    private static final int SQLITE_BUSY = 5;

    private final Path file;
    private final ReentrantLock writeLock = new ReentrantLock();
    private final ReentrantLock readLock = new ReentrantLock();
    private final Connection writer;
    private final Connection reader;
    private boolean closed;

    SqliteConnections(Path file) throws SQLException {
        this.file = file.toAbsolutePath();
        Properties props = new Properties();
        props.setProperty("busy_timeout", Integer.toString(BUSY_TIMEOUT_MILLIS));
        props.setProperty("foreign_keys", "true");
        // In WAL mode NORMAL syncs at WAL checkpoints rather than at every commit: a crash of the
        // process loses nothing and the file never corrupts; a power loss may lose the last
        // commits, which the thread's head then simply does not include. FULL would cost an fsync
        // per superstep (about 6 ms here against 1 ms).
        props.setProperty("synchronous", "NORMAL");
        String url = "jdbc:sqlite:" + this.file;
        this.writer = DriverManager.getConnection(url, props);
        try {
            enableWal(writer);
            this.reader = DriverManager.getConnection(url, props);
        } catch (SQLException e) {
            writer.close();
            throw e;
        }
    }

    /**
     * Switches the file to WAL (it stays so). Not a connection property: the driver applies those
     * before the busy timeout, and switching needs an exclusive lock, so several first opens at
     * once got SQLITE_BUSY at once. Here a busy file is tried again until the busy timeout.
     */
    private static void enableWal(Connection c) throws SQLException {
        long deadline = System.nanoTime() + BUSY_TIMEOUT_MILLIS * 1_000_000L;
        while (true) {
            try (Statement s = c.createStatement();
                    ResultSet r = s.executeQuery("PRAGMA journal_mode=WAL")) {
                String mode = r.next() ? r.getString(1) : null;
                if (!"wal".equalsIgnoreCase(mode)) {
                    throw new SQLException("SQLite kept journal mode " + mode + " instead of WAL");
                }
                return;
            } catch (SQLException e) {
                if (e.getErrorCode() != SQLITE_BUSY || System.nanoTime() > deadline) {
                    throw e;
                }
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new SQLException("interrupted while waiting for the SQLite file to switch to WAL", e);
            }
        }
    }

    @Override
    public Lease lease(boolean write) throws SQLException {
        ReentrantLock lock = write ? writeLock : readLock;
        lock.lock();
        try {
            if (closed) {
                throw Connections.closed(describe());
            }
            Connection c = write ? writer : reader;
            execute(c, write ? "BEGIN IMMEDIATE" : "BEGIN");
            return new SqliteLease(c, lock);
        } catch (SQLException | RuntimeException e) {
            lock.unlock();
            throw e;
        }
    }

    @Override
    public String describe() {
        return "SQLite file " + file;
    }

    @Override
    public void close() {
        writeLock.lock();
        readLock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            Connections.quietly(writer);
            Connections.quietly(reader);
        } finally {
            readLock.unlock();
            writeLock.unlock();
        }
    }

    private static void execute(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    private static final class SqliteLease extends TransactionLease {
        private final ReentrantLock lock;

        SqliteLease(Connection connection, ReentrantLock lock) {
            super(connection);
            this.lock = lock;
        }

        @Override
        void commitTransaction() throws SQLException {
            execute(connection(), "COMMIT");
        }

        @Override
        void rollbackTransaction() throws SQLException {
            execute(connection(), "ROLLBACK");
        }

        @Override
        void release(boolean healthy) {
            // Kept even when ROLLBACK failed: SQLite may already have rolled back (after SQLITE_BUSY
            // or SQLITE_FULL); either way nothing of this transaction is committed.
            lock.unlock();
        }
    }
}
