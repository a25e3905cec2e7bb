package dev.switchboard.server.rows;

import dev.switchboard.checkpoint.jdbc.ConnectionPool;
import dev.switchboard.server.wire.Filters;
import dev.switchboard.server.wire.Json;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The server's rows in two tables of the checkpoints' database (SQLite file or PostgreSQL), so
 * one file or one database holds everything a restart needs. The SQL is the subset both speak
 * ({@code INSERT ... ON CONFLICT DO UPDATE}); one connection at a time, used by one thread: the
 * rows change a few times per run, far less often than checkpoints are written. On SQLite the
 * connection is kept; on PostgreSQL each call (or {@link #transaction}) borrows one from the
 * server's {@link ConnectionPool} and gives it back when it returns.
 */
public final class JdbcRowStore implements RowStore {
    /** SQLite waits this long for the checkpoint saver's write lock on the same file. */
    private static final int BUSY_TIMEOUT_MILLIS = 10_000;

    /** The kept connection; on a pool, the borrowed one while a call runs, else null. */
    private Connection connection;

    /** The server's pool each call borrows from; null when one connection is kept. */
    private final ConnectionPool pool;
    /** On a pool: the calls under way on this thread that share the borrowed connection. */
    private int depth;

    private final String where;
    /** PostgreSQL merges a thread's fields in one statement; SQLite (one JVM) in Java. */
    private final boolean postgres;

    private long seq = System.currentTimeMillis() * 1000;
    private long threadRowsRead;
    /** Within {@link #transaction}: nested calls join it. */
    private boolean inTransaction;
    /** Its first statement ran: the connection is out of auto-commit until it ends. */
    private boolean begun;

    private JdbcRowStore(Connection connection, ConnectionPool pool, String where, boolean postgres) {
        this.connection = connection;
        this.pool = pool;
        this.where = where;
        this.postgres = postgres;
    }

    /**
     * Opens the store at a JDBC URL and creates its tables if needed.
     *
     * @param jdbcUrl {@code jdbc:sqlite:...} or {@code jdbc:postgresql:...}
     * @param where the database as error messages name it
     * @return the store
     */
    public static JdbcRowStore open(String jdbcUrl, String where) {
        Properties props = new Properties();
        if (jdbcUrl.startsWith("jdbc:sqlite:")) {
            props.setProperty("busy_timeout", Integer.toString(BUSY_TIMEOUT_MILLIS));
            // as the checkpoint saver's connections (the file is in WAL mode): a process crash loses
            // nothing; FULL would cost an fsync per row write, several per run
            props.setProperty("synchronous", "NORMAL");
            // a transaction takes the write lock when it begins: one that read first could not take
            // it once the checkpoint saver's connection committed meanwhile (SQLITE_BUSY_SNAPSHOT)
            props.setProperty("transaction_mode", "IMMEDIATE");
        }
        return open(() -> DriverManager.getConnection(jdbcUrl, props), where, jdbcUrl.startsWith("jdbc:postgresql:"));
    }

    /**
     * Opens the store on the server's PostgreSQL pool, from which each call borrows a connection,
     * and creates its tables if needed.
     *
     * @param pool the server's pool
     * @param where the database as error messages name it
     * @return the store
     */
    public static JdbcRowStore open(ConnectionPool pool, String where) {
        Connection c;
        try {
            c = pool.borrow();
        } catch (SQLException e) {
            throw new IllegalStateException(
                    "could not open the server's thread and run tables in " + where + ": " + e.getMessage(), e);
        }
        try {
            ServerSchema.migrate(c, true);
            pool.giveBack(c);
            return new JdbcRowStore(null, pool, where, true);
        } catch (SQLException e) {
            pool.giveBack(c, e);
            throw new IllegalStateException(
                    "could not open the server's thread and run tables in " + where + ": " + e.getMessage(), e);
        }
    }

    private interface Connect {
        Connection get() throws SQLException;
    }

    private static JdbcRowStore open(Connect connect, String where, boolean postgres) {
        try {
            Connection c = connect.get();
            ServerSchema.migrate(c, postgres);
            return new JdbcRowStore(c, null, where, postgres);
        } catch (SQLException e) {
            throw new IllegalStateException(
                    "could not open the server's thread and run tables in " + where + ": " + e.getMessage(), e);
        }
    }

    /**
     * The server's writes of one step of a run (see {@link RowStore#transaction}) commit as one. The
     * transaction begins at its first statement: work that writes nothing (a stateless run's) costs
     * the database nothing.
     */
    @Override
    public synchronized void transaction(Runnable work) {
        if (inTransaction) {
            work.run();
            return;
        }
        with(() -> {
            inTransaction = true;
            try {
                work.run();
                if (begun) {
                    connection.commit();
                }
            } catch (RuntimeException | Error e) {
                if (begun) {
                    rollback();
                }
                throw e;
            } catch (SQLException e) {
                rollback();
                throw failed(e);
            } finally {
                inTransaction = false;
                end();
            }
            return null;
        });
    }

    /** Begins the transaction of {@link #transaction} at its first statement. */
    private void join() {
        if (inTransaction && !begun) {
            try {
                connection.setAutoCommit(false);
            } catch (SQLException e) {
                // SQLite's driver counts itself out of auto-commit even when its BEGIN failed (busy):
                // left so, every later transaction's commit would fail for want of one begun
                autoCommitAgain();
                throw failed(e);
            }
            begun = true;
        }
    }

    private void autoCommitAgain() {
        try {
            connection.setAutoCommit(true);
        } catch (SQLException e) {
            // it ends no transaction (none began), but the driver is back in auto-commit
        }
    }

    private void rollback() {
        try {
            connection.rollback();
        } catch (SQLException e) {
            // the connection is broken: its transaction ends with it
        }
    }

    private void end() {
        if (begun) {
            begun = false;
            try {
                connection.setAutoCommit(true);
            } catch (SQLException e) {
                throw failed(e);
            }
        }
    }

    @Override
    public synchronized void putThread(String id, ObjectNode row) {
        with(() -> {
            update(
                    "INSERT INTO switchboard_server_threads (thread_id, row_json) VALUES (?, ?)"
                            + " ON CONFLICT (thread_id) DO UPDATE SET row_json = excluded.row_json",
                    id,
                    text(row));
            return null;
        });
    }

    /**
     * On PostgreSQL one {@code UPDATE} merges under the row's lock, so two JVMs changing different
     * fields (or different metadata keys) of one thread both keep their change; on SQLite only
     * this JVM writes, and a read then write on its one connection does the same.
     */
    @Override
    public synchronized ObjectNode updateThread(String id, ObjectNode fields, ObjectNode metadata) {
        return with(() -> {
            if (postgres) {
                return one(
                        "UPDATE switchboard_server_threads SET row_json = (jsonb_set(row_json::jsonb, '{metadata}',"
                                + " coalesce(row_json::jsonb -> 'metadata', '{}'::jsonb) || ?::jsonb) || ?::jsonb)::text"
                                + " WHERE thread_id = ? RETURNING row_json",
                        text(metadata),
                        text(fields),
                        id);
            }
            ObjectNode row = thread(id);
            if (row == null) {
                return null;
            }
            fields.properties().forEach(e -> row.set(e.getKey(), e.getValue()));
            ObjectNode md = row.get("metadata") instanceof ObjectNode m ? m : row.putObject("metadata");
            metadata.properties().forEach(e -> md.set(e.getKey(), e.getValue()));
            update("UPDATE switchboard_server_threads SET row_json = ? WHERE thread_id = ?", text(row), id);
            return row;
        });
    }

    @Override
    public synchronized void deleteThread(String id) {
        with(() -> {
            update("DELETE FROM switchboard_server_runs WHERE thread_id = ?", id);
            update("DELETE FROM switchboard_server_threads WHERE thread_id = ?", id);
            return null;
        });
    }

    @Override
    public synchronized void putRun(String id, String threadId, ObjectNode row) {
        with(() -> {
            // seq orders the runs as created; an update keeps the run's first seq
            update(
                    "INSERT INTO switchboard_server_runs (run_id, thread_id, seq, row_json) VALUES (?, ?, ?, ?)"
                            + " ON CONFLICT (run_id) DO UPDATE SET row_json = excluded.row_json",
                    id,
                    threadId,
                    ++seq,
                    text(row));
            return null;
        });
    }

    @Override
    public synchronized void deleteRun(String id) {
        with(() -> {
            update("DELETE FROM switchboard_server_runs WHERE run_id = ?", id);
            return null;
        });
    }

    @Override
    public synchronized List<ObjectNode> threads() {
        return with(() -> {
            List<ObjectNode> all = query("SELECT row_json FROM switchboard_server_threads");
            threadRowsRead += all.size();
            return all;
        });
    }

    @Override
    public synchronized List<ObjectNode> runs() {
        return with(() -> {
            return query("SELECT row_json FROM switchboard_server_runs ORDER BY seq");
        });
    }

    @Override
    public synchronized List<ObjectNode> runs(String threadId) {
        return with(() -> {
            List<ObjectNode> out = new ArrayList<>();
            try (PreparedStatement p = connection.prepareStatement(
                    "SELECT row_json FROM switchboard_server_runs WHERE thread_id = ? ORDER BY seq")) {
                p.setString(1, threadId);
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        out.add(read(r.getString(1)));
                    }
                }
                return out;
            } catch (SQLException e) {
                throw failed(e);
            }
        });
    }

    /**
     * On PostgreSQL the filters, order and page are one query, so only the page's rows leave the
     * database; the rule is {@link ThreadQuery}'s (keys equal as jsonb, ties by thread id, ids and
     * status compared byte-wise as Java compares strings, times as instants).
     */
    @Override
    public synchronized List<ObjectNode> searchThreads(ThreadQuery q) {
        return with(() -> {
            if (!postgres) {
                return RowStore.super.searchThreads(q);
            }
            List<Object> args = new ArrayList<>();
            String dir = q.ascending() ? " ASC" : " DESC";
            try {
                String sql = "SELECT row_json FROM switchboard_server_threads" + where(q, args) + " ORDER BY "
                        + sortKey(q.sortBy()) + dir + ", thread_id COLLATE \"C\"" + dir + " LIMIT ? OFFSET ?";
                args.add(q.limit());
                args.add(q.offset());
                List<ObjectNode> page = select(sql, args);
                threadRowsRead += page.size();
                return page;
            } catch (SQLException e) {
                throw failed(e);
            }
        });
    }

    @Override
    public synchronized int countThreads(ThreadQuery q) {
        return with(() -> {
            if (!postgres) {
                return RowStore.super.countThreads(q);
            }
            List<Object> args = new ArrayList<>();
            try (PreparedStatement p = bind("SELECT count(*) FROM switchboard_server_threads" + where(q, args), args);
                    ResultSet r = p.executeQuery()) {
                r.next();
                return r.getInt(1);
            } catch (SQLException e) {
                throw failed(e);
            }
        });
    }

    private String where(ThreadQuery q, List<Object> args) throws SQLException {
        StringBuilder w = new StringBuilder(" WHERE (row_json::jsonb ->> 'owner') IS NOT DISTINCT FROM ?::text");
        args.add(q.owner());
        if (q.status() != null) {
            w.append(" AND row_json::jsonb ->> 'status' = ?::text");
            args.add(q.status());
        }
        if (q.ids() != null) {
            w.append(" AND thread_id = ANY (?)");
            args.add(connection.createArrayOf("varchar", q.ids().toArray()));
        }
        keysEqual(w, args, "metadata", q.metadata());
        keysEqual(w, args, "values", q.values());
        return w.toString();
    }

    /**
     * Each key of {@code filter} present in the row's {@code field} with an equal jsonb value (or,
     * for {@code $contains}, a list holding it), as {@link Filters#contains} decides in memory.
     */
    private static void keysEqual(StringBuilder w, List<Object> args, String field, ObjectNode filter) {
        filter.properties().forEach(e -> {
            String op = Filters.operator(e.getValue());
            JsonNode operand = op == null ? e.getValue() : e.getValue().get(op);
            boolean contains = Filters.CONTAINS.equals(op);
            w.append(" AND row_json::jsonb -> '")
                    .append(field)
                    .append(contains ? "' -> ?::text @> ?::jsonb" : "' -> ?::text = ?::jsonb");
            args.add(e.getKey());
            // a list holding the operand (jsonb @>: a scalar never contains a list)
            args.add(Json.MAPPER.writeValueAsString(contains ? Json.array().add(operand) : operand));
        });
    }

    private static String sortKey(String sortBy) {
        return switch (sortBy) {
            case "thread_id" -> "thread_id COLLATE \"C\"";
            case "status" -> "(row_json::jsonb ->> 'status') COLLATE \"C\"";
            case "updated_at" -> "(row_json::jsonb ->> 'updated_at')::timestamptz";
            default -> "(row_json::jsonb ->> 'created_at')::timestamptz";
        };
    }

    private PreparedStatement bind(String sql, List<Object> args) throws SQLException {
        PreparedStatement p = connection.prepareStatement(sql);
        for (int i = 0; i < args.size(); i++) {
            p.setObject(i + 1, args.get(i));
        }
        return p;
    }

    private List<ObjectNode> select(String sql, List<Object> args) throws SQLException {
        List<ObjectNode> out = new ArrayList<>();
        try (PreparedStatement p = bind(sql, args);
                ResultSet r = p.executeQuery()) {
            while (r.next()) {
                out.add(read(r.getString(1)));
            }
            return out;
        }
    }

    private static ObjectNode read(String json) {
        return (ObjectNode) Json.MAPPER.readTree(json);
    }

    /**
     * How many thread rows searches and listings read so far: a search reads only those it answers.
     *
     * @return the count
     */
    public synchronized long threadRowsRead() {
        return threadRowsRead;
    }

    @Override
    public synchronized ObjectNode thread(String id) {
        return with(() -> {
            return one("SELECT row_json FROM switchboard_server_threads WHERE thread_id = ?", id);
        });
    }

    @Override
    public synchronized ObjectNode run(String id) {
        return with(() -> {
            return one("SELECT row_json FROM switchboard_server_runs WHERE run_id = ?", id);
        });
    }

    @Override
    public synchronized String secret(String name, String fresh) {
        return with(() -> {
            update(
                    "INSERT INTO switchboard_server_secrets (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING",
                    name,
                    fresh);
            try (PreparedStatement p =
                    connection.prepareStatement("SELECT value FROM switchboard_server_secrets WHERE name = ?")) {
                p.setString(1, name);
                try (ResultSet r = p.executeQuery()) {
                    if (!r.next()) {
                        throw new IllegalStateException("the secret " + name + " was stored but cannot be read");
                    }
                    return r.getString(1);
                }
            } catch (SQLException e) {
                throw failed(e);
            }
        });
    }

    private ObjectNode one(String sql, String... args) {
        join();
        try (PreparedStatement p = connection.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                p.setString(i + 1, args[i]);
            }
            try (ResultSet r = p.executeQuery()) {
                return r.next() ? read(r.getString(1)) : null;
            }
        } catch (SQLException e) {
            throw failed(e);
        }
    }

    /**
     * Runs one call on the connection: on a pool, borrowed for it (or the one an enclosing call on
     * this thread holds) and given back when it returns.
     */
    private <T> T with(Supplier<T> call) {
        if (pool == null) {
            return call.get();
        }
        if (depth == 0) {
            try {
                connection = pool.borrow();
            } catch (SQLException e) {
                throw failed(e);
            }
        }
        depth++;
        SQLException failure = null;
        try {
            return call.get();
        } catch (IllegalStateException e) {
            failure = e.getCause() instanceof SQLException x ? x : null;
            throw e;
        } finally {
            if (--depth == 0) {
                Connection c = connection;
                connection = null;
                pool.giveBack(c, failure);
            }
        }
    }

    @Override
    public synchronized void close() {
        if (pool != null) {
            return; // nothing kept: the server closes its pool after its users
        }
        try {
            connection.close();
        } catch (SQLException e) {
            // closing: nothing left to save
        }
    }

    private void update(String sql, Object... args) {
        join();
        try (PreparedStatement p = connection.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                p.setObject(i + 1, args[i]);
            }
            p.executeUpdate();
        } catch (SQLException e) {
            throw failed(e);
        }
    }

    private List<ObjectNode> query(String sql) {
        List<ObjectNode> out = new ArrayList<>();
        try (Statement s = connection.createStatement();
                ResultSet r = s.executeQuery(sql)) {
            while (r.next()) {
                out.add(read(r.getString(1)));
            }
            return out;
        } catch (SQLException e) {
            throw failed(e);
        }
    }

    private IllegalStateException failed(SQLException e) {
        return new IllegalStateException(
                "the server's thread and run tables in " + where + " failed: " + e.getMessage(), e);
    }

    private static String text(ObjectNode row) {
        return RowJson.text(row);
    }
}
