package dev.switchboard.server.postgres;

import dev.switchboard.checkpoint.jdbc.ConnectionPool;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The transactions of the {@link PostgresRunQueue}: each borrows a connection of the server's pool
 * (or runs on the worker's own, for its lease renewals), and the NOTIFYs it asks for go to the
 * {@link Notifier} once it committed, never inside it (see {@link Notifier} for why). Also the few
 * statement helpers its transactions share.
 */
final class QueueTx implements AutoCloseable {
    /** The server's pool: each transaction borrows one of its connections. */
    private final ConnectionPool pool;

    private final String where;
    /** Sends this JVM's NOTIFYs once their transactions committed. */
    final Notifier notifier;
    /** The NOTIFYs of each transaction under way, by its connection. */
    private final Map<Connection, List<String>> notices = new ConcurrentHashMap<>();

    QueueTx(ConnectionPool pool, String where) {
        this.pool = pool;
        this.where = where;
        this.notifier = new Notifier(pool);
    }

    /**
     * One transaction on a connection borrowed from the server's pool for it; a NOTIFY inside is
     * sent when it commits. A pool whose connections are all busy fails it after the pool's wait.
     */
    <T> T tx(Work<T> work) {
        Connection cx;
        try {
            cx = pool.borrow();
        } catch (SQLException e) {
            throw failed(e);
        }
        try {
            T out = tx(cx, work);
            pool.giveBack(cx);
            return out;
        } catch (IllegalStateException e) {
            pool.giveBack(cx, e.getCause() instanceof SQLException x ? x : null);
            throw e;
        } catch (RuntimeException | Error e) {
            pool.giveBack(cx, null);
            throw e;
        }
    }

    /** One transaction on {@code cx}; its NOTIFYs go to the {@link Notifier} once it committed. */
    <T> T tx(Connection cx, Work<T> work) {
        notices.put(cx, new ArrayList<>());
        try {
            cx.setAutoCommit(false);
            try {
                T out = work.run(cx);
                cx.commit();
                for (String n : notices.get(cx)) {
                    notifier.send(PostgresRunQueue.CHANNEL, n);
                }
                return out;
            } catch (SQLException | RuntimeException e) {
                try {
                    cx.rollback();
                } catch (SQLException lost) {
                    e.addSuppressed(lost);
                }
                throw e;
            } finally {
                cx.setAutoCommit(true);
            }
        } catch (SQLException e) {
            throw failed(e);
        } finally {
            notices.remove(cx);
        }
    }

    /** A NOTIFY the {@link Notifier} sends once the transaction under way on {@code cx} committed. */
    void notify(Connection cx, String payload) {
        notices.get(cx).add(payload);
    }

    static int update(Connection cx, String sql, Object... args) throws SQLException {
        try (PreparedStatement p = cx.prepareStatement(sql)) {
            bind(p, args);
            return p.executeUpdate();
        }
    }

    static List<String> ids(Connection cx, String sql, Object... args) throws SQLException {
        List<String> out = new ArrayList<>();
        try (PreparedStatement p = cx.prepareStatement(sql)) {
            bind(p, args);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    out.add(r.getString(1));
                }
            }
        }
        return out;
    }

    static String one(Connection cx, String sql, Object... args) throws SQLException {
        List<String> all = ids(cx, sql, args);
        return all.isEmpty() ? null : all.get(0);
    }

    static void bind(PreparedStatement p, Object... args) throws SQLException {
        for (int i = 0; i < args.length; i++) {
            p.setObject(i + 1, args[i]);
        }
    }

    IllegalStateException failed(SQLException e) {
        return new IllegalStateException("the run queue in " + where + " failed: " + e.getMessage(), e);
    }

    @Override
    public void close() {
        notifier.close(); // the server closes its pool after its users
    }

    /** A piece of one transaction. */
    interface Work<T> {
        T run(Connection cx) throws SQLException;
    }
}
