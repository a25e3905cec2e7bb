package dev.switchboard.checkpoint.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.Semaphore;

/**
 * Connections to a server database. With a bound, a small pool: at most that many connections are
 * open, idle ones are kept (separately for reads and writes, each configured once) and checked
 * before reuse when they have been idle a while; all of them are dropped when one turns out dead
 * (see {@link #dropIdle}), so a server restart costs no caller more than the one retry {@link
 * JdbcSaver} makes. Without a bound, one connection per transaction
 * from an opener that is expected to pool (a {@code DataSource} such as HikariCP's).
 *
 * <p>Writes run in READ COMMITTED, where a compare-and-set {@code UPDATE ... WHERE checkpoint_id =
 * ?} waits for a concurrent one and then re-checks the row; reads run read-only in REPEATABLE READ,
 * so the several queries of one read see one snapshot.
 */
final class PooledConnections implements Connections {
    /** Opens a connection. */
    interface Opener {
        Connection open() throws SQLException;
    }

    private static final long CHECK_AFTER_IDLE_NANOS = 30_000_000_000L;

    private final Opener opener;
    private final String description;
    private final Semaphore permits;
    private final Deque<Idle> idleReads = new ArrayDeque<>();
    private final Deque<Idle> idleWrites = new ArrayDeque<>();
    private volatile boolean closed;

    private record Idle(Connection connection, long since) {}

    /**
     * @param opener opens a connection
     * @param description what the store is, without credentials
     * @param maxOpen the most connections open at once, or 0 for one connection per transaction
     *     and no bound
     */
    PooledConnections(Opener opener, String description, int maxOpen) {
        this.opener = opener;
        this.description = description;
        this.permits = maxOpen > 0 ? new Semaphore(maxOpen, true) : null;
    }

    @Override
    public Lease lease(boolean write) throws SQLException {
        if (closed) {
            throw Connections.closed(description);
        }
        if (permits != null) {
            permits.acquireUninterruptibly();
        }
        try {
            // Checked again: close() may have run while this caller waited for a permit, and a
            // closed saver opens no connection.
            if (closed) {
                throw Connections.closed(description);
            }
            Connection c = permits == null ? null : reuse(write);
            if (c == null) {
                c = opener.open();
                try {
                    c.setAutoCommit(false);
                    c.setTransactionIsolation(
                            write ? Connection.TRANSACTION_READ_COMMITTED : Connection.TRANSACTION_REPEATABLE_READ);
                    c.setReadOnly(!write);
                } catch (SQLException | RuntimeException e) {
                    Connections.quietly(c);
                    throw e;
                }
            }
            return new PooledLease(c, write);
        } catch (SQLException | RuntimeException e) {
            if (permits != null) {
                permits.release();
            }
            throw e;
        }
    }

    private Connection reuse(boolean write) {
        while (true) {
            Idle idle;
            synchronized (this) {
                idle = (write ? idleWrites : idleReads).pollLast();
            }
            if (idle == null) {
                return null;
            }
            if (System.nanoTime() - idle.since() < CHECK_AFTER_IDLE_NANOS || valid(idle.connection())) {
                return idle.connection();
            }
            Connections.quietly(idle.connection());
        }
    }

    private static boolean valid(Connection c) {
        try {
            return c.isValid(2);
        } catch (SQLException e) {
            return false;
        }
    }

    private void release(Connection c, boolean write, boolean healthy) {
        try {
            boolean kept = false;
            if (permits != null && healthy) {
                synchronized (this) {
                    if (!closed) {
                        (write ? idleWrites : idleReads).addLast(new Idle(c, System.nanoTime()));
                        kept = true;
                    }
                }
            }
            if (!kept) {
                Connections.quietly(c);
            }
        } finally {
            if (permits != null) {
                permits.release();
            }
        }
    }

    @Override
    public void dropIdle() {
        List<Idle> dropped;
        synchronized (this) {
            dropped = new ArrayList<>(idleReads);
            dropped.addAll(idleWrites);
            idleReads.clear();
            idleWrites.clear();
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
            for (Idle i : idleReads) {
                Connections.quietly(i.connection());
            }
            for (Idle i : idleWrites) {
                Connections.quietly(i.connection());
            }
            idleReads.clear();
            idleWrites.clear();
        }
    }

    private final class PooledLease extends TransactionLease {
        private final boolean write;

        PooledLease(Connection connection, boolean write) {
            super(connection);
            this.write = write;
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
            PooledConnections.this.release(connection(), write, healthy);
        }
    }
}
