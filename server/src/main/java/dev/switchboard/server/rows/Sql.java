package dev.switchboard.server.rows;

import dev.switchboard.checkpoint.jdbc.ConnectionPool;
import dev.switchboard.server.wire.Json;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import tools.jackson.databind.node.ObjectNode;

/**
 * The JDBC connection to the server's database (a SQLite file, PostgreSQL, or a private SQLite
 * database in memory when the server has none) for a table family of its own (assistants, crons):
 * statements of JSON rows, and transactions that retry nothing. On SQLite one connection kept; on
 * PostgreSQL one borrowed from the server's {@link ConnectionPool} for each transaction, by each
 * thread for its own (threads run their transactions at once); the kept connection serves one
 * thread's transaction at a time.
 */
final class Sql implements AutoCloseable {
    /** SQLite waits this long for another connection's write lock on the same file. */
    private static final int BUSY_TIMEOUT_MILLIS = 10_000;

    /** The kept connection; null on a pool. */
    private Connection connection;
    /** On a pool: the connection this thread borrowed for its transaction under way. */
    private final ThreadLocal<Connection> borrowed = new ThreadLocal<>();
    /** The kept connection runs one thread's transaction at a time (reentrant: nested ones join). */
    private final java.util.concurrent.locks.ReentrantLock keptLock = new java.util.concurrent.locks.ReentrantLock();

    private final String where;
    private final boolean postgres;
    /** The server's pool, from which each transaction borrows; null when one connection is kept. */
    private final ConnectionPool pool;

    private Sql(Connection connection, String where, boolean postgres, ConnectionPool pool) {
        this.connection = connection;
        this.where = where;
        this.postgres = postgres;
        this.pool = pool;
    }

    /**
     * Opens a connection and brings the server's tables up to date on it ({@link ServerSchema}).
     *
     * @param jdbcUrl {@code jdbc:sqlite:...}, {@code jdbc:postgresql:...}, or null for a private
     *     database in memory
     * @param where the database as error messages name it
     */
    static Sql open(String jdbcUrl, String where) {
        String url = jdbcUrl == null ? "jdbc:sqlite::memory:" : jdbcUrl;
        Properties props = new Properties();
        if (url.startsWith("jdbc:sqlite:")) {
            props.setProperty("busy_timeout", Integer.toString(BUSY_TIMEOUT_MILLIS));
            props.setProperty("synchronous", "NORMAL");
            // take the write lock when a transaction begins (see JdbcRowStore)
            props.setProperty("transaction_mode", "IMMEDIATE");
        }
        return open(() -> DriverManager.getConnection(url, props), where, url.startsWith("jdbc:postgresql:"), null);
    }

    /**
     * Brings the server's tables up to date ({@link ServerSchema}) on a connection of the server's
     * PostgreSQL pool; each transaction then borrows one for its duration.
     *
     * @param pool the server's pool
     * @param where the database as error messages name it
     */
    static Sql open(ConnectionPool pool, String where) {
        Sql sql = open(pool::borrow, where, true, pool);
        pool.giveBack(sql.connection);
        sql.connection = null;
        return sql;
    }

    private interface Connect {
        Connection get() throws SQLException;
    }

    private static Sql open(Connect connect, String where, boolean postgres, ConnectionPool pool) {
        try {
            Connection c = connect.get();
            try {
                ServerSchema.migrate(c, postgres);
                c.setAutoCommit(true);
            } catch (SQLException | RuntimeException e) {
                if (pool != null) {
                    pool.giveBack(c, e instanceof SQLException x ? x : null);
                } else {
                    c.close();
                }
                throw e;
            }
            return new Sql(c, where, postgres, pool);
        } catch (SQLException e) {
            throw new IllegalStateException(
                    "could not open the server's tables in " + where + ": " + e.getMessage(), e);
        }
    }

    /** @return whether the database is PostgreSQL */
    boolean postgres() {
        return postgres;
    }

    /** A piece of work inside one transaction. */
    interface Work<T> {
        T run() throws SQLException;
    }

    /**
     * Runs {@code work} as one transaction: all its statements commit, or none when it throws. On a
     * pool the connection is borrowed for it (a transaction within one joins it).
     */
    <T> T tx(Work<T> work) {
        return borrowed(work, true);
    }

    /**
     * Runs {@code work}, one statement, without a transaction around it: a statement is atomic by
     * itself, and a read then costs the database one round trip instead of three. Within a
     * transaction it joins it.
     */
    <T> T once(Work<T> work) {
        return borrowed(work, false);
    }

    private <T> T borrowed(Work<T> work, boolean tx) {
        if (pool == null) {
            keptLock.lock();
            try {
                return run(work, tx);
            } finally {
                keptLock.unlock();
            }
        }
        if (borrowed.get() != null) {
            return run(work, tx);
        }
        Connection c;
        try {
            c = pool.borrow();
        } catch (SQLException e) {
            throw failed(e);
        }
        borrowed.set(c);
        SQLException failure = null;
        try {
            return run(work, tx);
        } catch (IllegalStateException e) {
            failure = e.getCause() instanceof SQLException s ? s : null;
            throw e;
        } finally {
            borrowed.remove();
            pool.giveBack(c, failure);
        }
    }

    /** The connection of this thread's transaction. */
    private Connection current() {
        return pool == null ? connection : borrowed.get();
    }

    private <T> T run(Work<T> work, boolean tx) {
        if (!tx) {
            try {
                return work.run();
            } catch (SQLException e) {
                throw failed(e);
            }
        }
        Connection connection = current();
        try {
            connection.setAutoCommit(false);
            try {
                T out = work.run();
                connection.commit();
                return out;
            } catch (SQLException | RuntimeException e) {
                try {
                    connection.rollback();
                } catch (SQLException lost) {
                    e.addSuppressed(lost);
                }
                throw e;
            } finally {
                connection.setAutoCommit(true);
            }
        } catch (SQLException e) {
            throw failed(e);
        }
    }

    /** Runs one statement; answers the rows changed. */
    int update(String sql, Object... args) throws SQLException {
        try (PreparedStatement p = prepare(sql, args)) {
            return p.executeUpdate();
        }
    }

    /** The JSON rows (first column) a query answers. */
    List<ObjectNode> rows(String sql, Object... args) throws SQLException {
        List<ObjectNode> out = new ArrayList<>();
        try (PreparedStatement p = prepare(sql, args);
                ResultSet r = p.executeQuery()) {
            while (r.next()) {
                out.add((ObjectNode) Json.MAPPER.readTree(r.getString(1)));
            }
        }
        return out;
    }

    /** The rows a query answers, each as its columns' text. */
    List<String[]> strings(String sql, Object... args) throws SQLException {
        List<String[]> out = new ArrayList<>();
        try (PreparedStatement p = prepare(sql, args);
                ResultSet r = p.executeQuery()) {
            int n = r.getMetaData().getColumnCount();
            while (r.next()) {
                String[] row = new String[n];
                for (int i = 0; i < n; i++) {
                    row[i] = r.getString(i + 1);
                }
                out.add(row);
            }
        }
        return out;
    }

    /** The first JSON row a query answers, or null. */
    ObjectNode row(String sql, Object... args) throws SQLException {
        List<ObjectNode> all = rows(sql, args);
        return all.isEmpty() ? null : all.get(0);
    }

    /** The first column of the first row, as a long; {@code dflt} when there is none or it is null. */
    long number(String sql, long dflt, Object... args) throws SQLException {
        try (PreparedStatement p = prepare(sql, args);
                ResultSet r = p.executeQuery()) {
            if (!r.next()) {
                return dflt;
            }
            long v = r.getLong(1);
            return r.wasNull() ? dflt : v;
        }
    }

    private PreparedStatement prepare(String sql, Object... args) throws SQLException {
        PreparedStatement p = current().prepareStatement(sql);
        for (int i = 0; i < args.length; i++) {
            p.setObject(i + 1, args[i]);
        }
        return p;
    }

    /** The failure of a statement, naming the database. */
    IllegalStateException failed(SQLException e) {
        return new IllegalStateException("the server's tables in " + where + " failed: " + e.getMessage(), e);
    }

    static String text(ObjectNode row) {
        return Json.MAPPER.writeValueAsString(row);
    }

    @Override
    public void close() {
        if (pool != null) {
            return; // nothing kept: the server closes its pool after its users
        }
        try {
            connection.close();
        } catch (SQLException e) {
            // closing: nothing left to save
        }
    }
}
