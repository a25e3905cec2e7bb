package dev.switchboard.checkpoint.jdbc;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Objects;
import javax.sql.DataSource;

/**
 * One set of PostgreSQL connections shared by several users in a JVM: a saver ({@link
 * PostgresSaver#pool}), a store ({@link PostgresStore#pool}) and code running its own statements
 * ({@link #borrow}, {@link #giveBack}), so that together they hold at most {@link #size()}
 * connections, busy and idle. Every user takes a connection for one transaction and gives it back,
 * and no user needs a second connection while holding one, so the pool cannot deadlock; a caller
 * that finds every connection busy waits at most the pool's wait and then fails with an error
 * naming the pool. Opened on a JDBC URL it is a small pool of its own; opened on an application's
 * {@link DataSource} it keeps nothing itself and every connection comes from, and goes back to,
 * that data source (which bounds and waits as it is configured to).
 */
public final class ConnectionPool implements AutoCloseable {
    private final PooledConnections connections;

    private ConnectionPool(PooledConnections connections) {
        this.connections = connections;
    }

    /**
     * A pool of at most {@code size} connections to a PostgreSQL URL, opened as they are needed
     * and kept once opened.
     *
     * @param jdbcUrl for example {@code jdbc:postgresql://localhost:5432/app?user=app&password=secret}
     * @param size the most connections open at once (at least 1)
     * @param maxWait how long a caller waits for a free connection before failing
     * @return the pool; close it after its users
     */
    public static ConnectionPool postgres(String jdbcUrl, int size, Duration maxWait) {
        Objects.requireNonNull(jdbcUrl, "jdbcUrl");
        if (size < 1) {
            throw new IllegalArgumentException("size must be at least 1, was " + size);
        }
        if (maxWait.isNegative() || maxWait.isZero()) {
            throw new IllegalArgumentException("maxWait must be positive, was " + maxWait);
        }
        return new ConnectionPool(new PooledConnections(
                () -> DriverManager.getConnection(jdbcUrl),
                "PostgreSQL " + PostgresSaver.redact(jdbcUrl),
                size,
                maxWait.toMillis()));
    }

    /**
     * The connections of an application's data source (a pool of its own, such as HikariCP's): one
     * taken for each transaction and closed (given back to it) after, nothing kept here. No session
     * setting is changed on them: writes and borrowers run in the data source's isolation, which
     * must be PostgreSQL's default, READ COMMITTED; reads set REPEATABLE READ for their own
     * transaction.
     *
     * @param dataSource the PostgreSQL data source; it stays open when this closes
     * @return the pool
     */
    public static ConnectionPool dataSource(DataSource dataSource) {
        Objects.requireNonNull(dataSource, "dataSource");
        return new ConnectionPool(new PooledConnections(
                dataSource::getConnection,
                "PostgreSQL data source " + dataSource.getClass().getName(),
                0));
    }

    /**
     * A connection in auto-commit (READ COMMITTED, read-write) for the caller alone until it gives
     * it back with {@link #giveBack}; it may begin transactions on it.
     *
     * @return the connection
     * @throws SQLException if none is free within the pool's wait ({@link
     *     java.sql.SQLTransientConnectionException}, naming the pool) or the database cannot be
     *     reached
     */
    public Connection borrow() throws SQLException {
        return connections.borrow(PooledConnections.Kind.PLAIN);
    }

    /**
     * Gives back a connection {@link #borrow} gave, after its work succeeded; a transaction left
     * open is rolled back.
     *
     * @param connection the connection
     */
    public void giveBack(Connection connection) {
        connections.giveBack(connection, PooledConnections.Kind.PLAIN, true);
    }

    /**
     * Gives back a connection {@link #borrow} gave, after its work failed: when the failure says
     * the connection was lost (the database restarted, say), it and the idle ones are closed, so
     * the next caller connects anew.
     *
     * @param connection the connection
     * @param failure what failed
     */
    public void giveBack(Connection connection, SQLException failure) {
        boolean lost = failure != null && Connections.lostConnection(failure);
        connections.giveBack(connection, PooledConnections.Kind.PLAIN, !lost);
        if (lost) {
            connections.dropIdle();
        }
    }

    /**
     * A connection outside the pool's bound, which the caller keeps (to {@code LISTEN} on, say)
     * and closes itself.
     *
     * @return a new connection (from the data source, for {@link #dataSource})
     * @throws SQLException if the database cannot be reached
     */
    public Connection dedicated() throws SQLException {
        return connections.openDedicated();
    }

    /**
     * Makes this pool fit connections that reach PostgreSQL through a pooler in transaction mode
     * (PgBouncer's {@code pool_mode = transaction}), which hands the server connection behind a
     * client to other clients after each transaction, so that what one client sets for its session
     * reaches another's transactions: from now on the pool sets nothing for a session, not even
     * READ COMMITTED on a new connection, so writes use the database's default isolation, which
     * must be PostgreSQL's default, READ COMMITTED. (Reads set theirs, REPEATABLE READ, inside each
     * transaction, with or without this.) The pooler must also not keep pgjdbc's server-side prepared statements unless it
     * carries them (PgBouncer 1.21 and later with {@code max_prepared_statements}): give the URL
     * {@code prepareThreshold=0}. Call it before the pool is first used.
     *
     * @return this pool
     */
    public ConnectionPool transactionPooled() {
        connections.perTransaction();
        return this;
    }

    /**
     * The most connections this pool opens at once.
     *
     * @return the bound; 0 for {@link #dataSource}, whose own pool bounds them
     */
    public int size() {
        return connections.maxOpen();
    }

    /**
     * The database, without credentials.
     *
     * @return its description
     */
    public String describe() {
        return connections.describe();
    }

    /** The pool as a saver's or store's connections; closing them leaves the pool open. */
    Connections shared() {
        return new Connections() {
            @Override
            public Lease lease(boolean write) throws SQLException {
                return connections.lease(write);
            }

            @Override
            public String describe() {
                return connections.describe();
            }

            @Override
            public void dropIdle() {
                connections.dropIdle();
            }

            @Override
            public void close() {
                // the pool's owner closes it, after every user
            }
        };
    }

    /** Closes the idle connections; those in use close as they come back. */
    @Override
    public void close() {
        connections.close();
    }

    @Override
    public String toString() {
        return "ConnectionPool[" + describe() + ", size " + size() + "]";
    }
}
