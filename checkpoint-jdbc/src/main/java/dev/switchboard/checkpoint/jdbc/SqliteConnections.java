package dev.switchboard.checkpoint.jdbc;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Properties;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A SQLite file through two dedicated connections: one for writes and one for reads, each used by
 * one thread at a time. SQLite allows a single writer, so writes from this JVM queue on a lock
 * instead of failing with "database is locked"; each runs in {@code BEGIN IMMEDIATE}, which takes
 * the file's write lock up front, so a compare-and-set never has to upgrade a read lock (other
 * processes on the same file wait up to the busy timeout). In WAL mode reads run beside the write
 * and see the last committed state.
 *
 * <p>Each connection keeps its prepared statements, the most recently used ones, {@code BEGIN} and
 * {@code COMMIT} included: the driver has no statement cache, and preparing the three or four
 * statements of a checkpoint write anew each time took about a fifth of the write's median time.
 */
final class SqliteConnections implements Connections {
    static final int BUSY_TIMEOUT_MILLIS = 10_000;
    /** SQLite's result code for a file another connection has locked. */
    private static final int SQLITE_BUSY = 5;
    /**
     * Statements kept per connection: more than the fixed ones of every operation (and the four that
     * begin and end transactions) together, so the variable shapes of reads (blob queries by number of chains) do not push out a write's.
     */
    static final int KEPT_STATEMENTS = 36;

    private final Path file;
    private final Session writer;
    private final Session reader;
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
        Connection w = DriverManager.getConnection(url, props);
        try {
            enableWal(w);
            this.reader = new Session(DriverManager.getConnection(url, props));
        } catch (SQLException e) {
            w.close();
            throw e;
        }
        this.writer = new Session(w);
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
        Session session = write ? writer : reader;
        session.lock.lock();
        try {
            if (closed) {
                throw Connections.closed(describe());
            }
            session.statement(write ? "BEGIN IMMEDIATE" : "BEGIN").executeUpdate();
            return new SqliteLease(session);
        } catch (SQLException | RuntimeException e) {
            session.lock.unlock();
            throw e;
        }
    }

    @Override
    public String describe() {
        return "SQLite file " + file;
    }

    @Override
    public void close() {
        writer.lock.lock();
        reader.lock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            writer.close();
            reader.close();
        } finally {
            reader.lock.unlock();
            writer.lock.unlock();
        }
    }

    /**
     * One of the two connections, the lock that gives it to one thread at a time, and the
     * statements it keeps (touched only by the holder of the lock).
     */
    private static final class Session {
        final Connection connection;
        final ReentrantLock lock = new ReentrantLock();
        /** By SQL, least recently used first. */
        private final LinkedHashMap<String, PreparedStatement> statements = new LinkedHashMap<>(64, 0.75f, true);

        Session(Connection connection) {
            this.connection = connection;
        }

        PreparedStatement statement(String sql) throws SQLException {
            PreparedStatement p = statements.get(sql);
            if (p == null) {
                p = connection.prepareStatement(sql);
                statements.put(sql, p);
                if (statements.size() > KEPT_STATEMENTS) {
                    Iterator<PreparedStatement> eldest = statements.values().iterator();
                    Connections.quietly(eldest.next());
                    eldest.remove();
                }
            }
            return p;
        }

        void close() {
            for (PreparedStatement p : statements.values()) {
                Connections.quietly(p);
            }
            statements.clear();
            Connections.quietly(connection);
        }
    }

    private static final class SqliteLease extends TransactionLease {
        private final Session session;

        SqliteLease(Session session) {
            super(session.connection);
            this.session = session;
        }

        @Override
        PreparedStatement statement(String sql) throws SQLException {
            return session.statement(sql);
        }

        @Override
        void done(PreparedStatement p) throws SQLException {
            // Kept for the next transaction, without this one's values (blobs can be large).
            p.clearParameters();
        }

        @Override
        void commitTransaction() throws SQLException {
            session.statement("COMMIT").executeUpdate();
        }

        @Override
        void rollbackTransaction() throws SQLException {
            session.statement("ROLLBACK").executeUpdate();
        }

        @Override
        void release(boolean healthy) {
            // Kept even when ROLLBACK failed: SQLite may already have rolled back (after SQLITE_BUSY
            // or SQLITE_FULL); either way nothing of this transaction is committed.
            session.lock.unlock();
        }
    }
}
