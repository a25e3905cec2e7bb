package dev.switchboard.checkpoint.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.sql.Statement;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Connections to a server database. With a bound, a small pool: at most that many connections are
 * open at once, busy and idle together; idle ones are kept with the settings of their last use
 * (read, write or plain), reused by a caller of the same kind first so that no setting is sent
 * again, checked before reuse when they have been idle a while and closed after a minute unused
 * (so a pool that was busy once shrinks back to what its load needs); all of them are dropped when
 * one turns out dead (see {@link #dropIdle}), so a server restart costs no caller more than the one
 * retry {@link JdbcSaver} makes. A caller waits for a free connection at most the pool's wait and
 * then fails with a message naming the pool, never for ever. Without a bound, one connection per
 * transaction from an opener that is expected to pool (a {@code DataSource} such as HikariCP's).
 *
 * <p>Writes run in READ COMMITTED, where a compare-and-set {@code UPDATE ... WHERE checkpoint_id =
 * ?} waits for a concurrent one and then re-checks the row; reads run read-only in REPEATABLE READ,
 * so the several queries of one read see one snapshot. Plain connections (for code that runs its
 * own statements, see {@link ConnectionPool#borrow}) are in auto-commit, READ COMMITTED. Every
 * session stays in READ COMMITTED (a kept connection is set to it once, when opened) and a read
 * sets REPEATABLE READ for its own transaction: one statement per read, where switching a
 * session's isolation took a statement at every switch between a read and anything else, and,
 * on an application's data source, set it anew for every transaction (and left it behind).
 */
final class PooledConnections implements Connections {
    /** Opens a connection. */
    interface Opener {
        Connection open() throws SQLException;
    }

    /** What a connection is set up for. */
    enum Kind {
        READ,
        WRITE,
        PLAIN
    }

    private static final long CHECK_AFTER_IDLE_NANOS = 30_000_000_000L;
    /** Idle connections older than this are closed when another comes back (the newest is kept). */
    static final long CLOSE_AFTER_IDLE_NANOS = 60_000_000_000L;
    /** How long a caller waits for a free connection unless told otherwise. */
    static final long DEFAULT_WAIT_MILLIS = 30_000;

    private final Opener opener;
    private final String description;
    private final int maxOpen;
    private final Semaphore permits;
    private final long waitMillis;
    private final long closeAfterIdleNanos;
    /** Idle connections, most recently used last. */
    private final Deque<Idle> idle = new ArrayDeque<>();

    private volatile boolean closed;
    /**
     * Whether the connections go through a pooler in transaction mode, which hands the server
     * connection behind them to other clients between transactions: then nothing is set for the
     * session (it would reach other clients' transactions), not even READ COMMITTED on a new one.
     */
    private volatile boolean perTransaction;

    private record Idle(Connection connection, Kind kind, long since) {}

    /**
     * @param opener opens a connection
     * @param description what the store is, without credentials
     * @param maxOpen the most connections open at once, or 0 for one connection per transaction
     *     and no bound
     */
    PooledConnections(Opener opener, String description, int maxOpen) {
        this(opener, description, maxOpen, DEFAULT_WAIT_MILLIS);
    }

    /**
     * @param opener opens a connection
     * @param description what the store is, without credentials
     * @param maxOpen the most connections open at once, or 0 for one connection per transaction
     *     and no bound
     * @param waitMillis how long a caller waits for a free connection before failing
     */
    PooledConnections(Opener opener, String description, int maxOpen, long waitMillis) {
        this(opener, description, maxOpen, waitMillis, CLOSE_AFTER_IDLE_NANOS);
    }

    /**
     * @param closeAfterIdleNanos how long a connection stays idle before it is closed (once
     *     another is given back)
     */
    PooledConnections(Opener opener, String description, int maxOpen, long waitMillis, long closeAfterIdleNanos) {
        this.closeAfterIdleNanos = closeAfterIdleNanos;
        this.opener = opener;
        this.description = description;
        this.maxOpen = maxOpen;
        this.permits = maxOpen > 0 ? new Semaphore(maxOpen, true) : null;
        this.waitMillis = waitMillis;
    }

    @Override
    public Lease lease(boolean write) throws SQLException {
        Kind kind = write ? Kind.WRITE : Kind.READ;
        Connection c = borrow(kind);
        if (!write) {
            // the driver begins the transaction (read-only) before this, its first statement; the
            // session keeps READ COMMITTED for whatever the connection does next
            try (Statement s = c.createStatement()) {
                s.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ");
            } catch (SQLException | RuntimeException e) {
                giveBack(c, kind, false);
                throw e;
            }
        }
        return new PooledLease(c, kind);
    }

    /** Sets nothing for the session from now on: see {@link #perTransaction}. */
    void perTransaction() {
        perTransaction = true;
    }

    /**
     * A connection set up for {@code kind}, which no other caller uses until {@link #giveBack}.
     *
     * @throws SQLTransientConnectionException when none was free within the pool's wait
     */
    Connection borrow(Kind kind) throws SQLException {
        if (closed) {
            throw Connections.closed(description);
        }
        acquire();
        try {
            // Checked again: close() may have run while this caller waited for a permit, and a
            // closed saver opens no connection.
            if (closed) {
                throw Connections.closed(description);
            }
            Idle reused = permits == null ? null : reuse(kind);
            Connection c = reused == null ? opener.open() : reused.connection();
            try {
                if (reused == null && permits != null && !perTransaction) {
                    // a kept connection's session is READ COMMITTED, whatever the database's
                    // default, for the saver's writes and plain users alike; set once, never switched
                    c.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
                }
                configure(c, reused == null ? null : reused.kind(), kind);
            } catch (SQLException | RuntimeException e) {
                Connections.quietly(c);
                throw e;
            }
            return c;
        } catch (SQLException | RuntimeException e) {
            if (permits != null) {
                permits.release();
            }
            throw e;
        }
    }

    private void acquire() throws SQLException {
        if (permits == null) {
            return;
        }
        try {
            if (!permits.tryAcquire(waitMillis, TimeUnit.MILLISECONDS)) {
                throw new SQLTransientConnectionException("no connection to " + description + " was free within "
                        + waitMillis + " ms: all " + maxOpen + " of its pool were in use (a larger pool, fewer"
                        + " runs at once, or shorter transactions)");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLTransientConnectionException(
                    "interrupted while waiting for a connection to " + description, e);
        }
    }

    /**
     * Sets a connection up for {@code to}; {@code from} is what it was set up for (null: a new
     * connection, as the driver opened it). Only what differs is set. Both settings only shape each
     * transaction's BEGIN in pgjdbc: nothing is sent for them. (An isolation level would be sent as
     * the session's, SET SESSION CHARACTERISTICS: a read sets its own in its transaction instead.)
     */
    private static void configure(Connection c, Kind from, Kind to) throws SQLException {
        if (from == to) {
            return;
        }
        c.setAutoCommit(to == Kind.PLAIN);
        c.setReadOnly(to == Kind.READ);
    }

    /** An idle connection, of the same kind if one is, else of any; null when none is. */
    private Idle reuse(Kind kind) {
        while (true) {
            Idle found = null;
            synchronized (this) {
                for (Iterator<Idle> i = idle.descendingIterator(); i.hasNext(); ) {
                    Idle candidate = i.next();
                    if (candidate.kind() == kind) {
                        found = candidate;
                        i.remove();
                        break;
                    }
                }
                if (found == null) {
                    found = idle.pollLast();
                }
            }
            if (found == null) {
                return null;
            }
            if (System.nanoTime() - found.since() < CHECK_AFTER_IDLE_NANOS || valid(found.connection())) {
                return found;
            }
            Connections.quietly(found.connection());
        }
    }

    private static boolean valid(Connection c) {
        try {
            return c.isValid(2);
        } catch (SQLException e) {
            return false;
        }
    }

    /**
     * Gives back a connection {@link #borrow} gave: kept for reuse when {@code healthy} and the
     * pool is bounded, else closed. A transaction left open is rolled back.
     */
    void giveBack(Connection c, Kind kind, boolean healthy) {
        List<Connection> stale = new ArrayList<>();
        try {
            boolean kept = false;
            if (permits != null && healthy && settled(c, kind)) {
                long now = System.nanoTime();
                synchronized (this) {
                    if (!closed) {
                        // the oldest first: a busy pool reuses the newest, so these were not needed
                        while (!idle.isEmpty() && now - idle.peekFirst().since() >= closeAfterIdleNanos) {
                            stale.add(idle.pollFirst().connection());
                        }
                        idle.addLast(new Idle(c, kind, now));
                        kept = true;
                    }
                }
            }
            if (!kept) {
                Connections.quietly(c);
            }
            stale.forEach(Connections::quietly);
        } finally {
            if (permits != null) {
                permits.release();
            }
        }
    }

    /** Ends a transaction a plain connection's user left open; false when the connection is unusable. */
    private static boolean settled(Connection c, Kind kind) {
        if (kind != Kind.PLAIN) {
            return true; // a lease ended its transaction
        }
        try {
            if (c.isClosed()) {
                return false;
            }
            if (!c.getAutoCommit()) {
                c.rollback();
                c.setAutoCommit(true);
            }
            return true;
        } catch (SQLException e) {
            return false;
        }
    }

    /** The most connections open at once; 0 without a bound. */
    int maxOpen() {
        return maxOpen;
    }

    /** Opens a connection outside the bound, for a caller that keeps it (a LISTEN); it closes it. */
    Connection openDedicated() throws SQLException {
        if (closed) {
            throw Connections.closed(description);
        }
        return opener.open();
    }

    @Override
    public void dropIdle() {
        List<Idle> dropped;
        synchronized (this) {
            dropped = new ArrayList<>(idle);
            idle.clear();
        }
        for (Idle i : dropped) {
            Connections.quietly(i.connection());
        }
    }

    @Override
    public String describe() {
        return description;
    }

    @Override
    public void close() {
        synchronized (this) {
            closed = true;
            for (Idle i : idle) {
                Connections.quietly(i.connection());
            }
            idle.clear();
        }
    }

    private final class PooledLease extends TransactionLease {
        private final Kind kind;

        PooledLease(Connection connection, Kind kind) {
            super(connection);
            this.kind = kind;
        }

        @Override
        void commitTransaction() throws SQLException {
            connection().commit();
        }

        @Override
        void rollbackTransaction() throws SQLException {
            connection().rollback();
        }

        @Override
        void release(boolean healthy) {
            giveBack(connection(), kind, healthy);
        }
    }
}
