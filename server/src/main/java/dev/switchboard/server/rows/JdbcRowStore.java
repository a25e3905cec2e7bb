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
 * ({@code INSERT ... ON CONFLICT DO UPDATE}). On SQLite one connection is kept, used by one thread
 * at a time; on PostgreSQL each call (or {@link #transaction}) borrows one from the server's {@link
 * ConnectionPool} and gives it back when it returns, and threads call at once, each on its own
 * connection (a JVM's creates, claims and API reads no longer queue behind one another's round
 * trips here, as JVMs on one database never did).
 */
public final class JdbcRowStore implements RowStore {
    /** SQLite waits this long for the checkpoint saver's write lock on the same file. */
    private static final int BUSY_TIMEOUT_MILLIS = 10_000;

    /** The server's pool each call borrows from; null when one connection is kept. */
    private final ConnectionPool pool;
    /** The kept connection's state, used by one thread at a time under {@link #keptLock}; null on a pool. */
    private final State kept;
    /** On a pool: each thread's own calls (and its borrowed connection), so threads never wait on each other here. */
    private final ThreadLocal<State> borrowed = ThreadLocal.withInitial(State::new);
    /** The kept connection serves one thread at a time (reentrant: a transaction's calls join it). */
    private final java.util.concurrent.locks.ReentrantLock keptLock = new java.util.concurrent.locks.ReentrantLock();

    private final String where;
    /** PostgreSQL merges a thread's fields in one statement; SQLite (one JVM) in Java. */
    private final boolean postgres;

    private final java.util.concurrent.atomic.AtomicLong seq =
            new java.util.concurrent.atomic.AtomicLong(System.currentTimeMillis() * 1000);
    private final java.util.concurrent.atomic.AtomicLong threadRowsRead = new java.util.concurrent.atomic.AtomicLong();

    /** One thread's calls on its connection. */
    private static final class State {
        /** The kept connection; on a pool, the borrowed one while a call runs, else null. */
        Connection connection;
        /** On a pool: the calls under way on this thread that share the borrowed connection. */
        int depth;
        /** Within {@link #transaction}: nested calls join it. */
        boolean inTransaction;
        /** Its first statement ran: the connection is out of auto-commit until it ends. */
        boolean begun;
    }

    private JdbcRowStore(Connection connection, ConnectionPool pool, String where, boolean postgres) {
        this.kept = pool == null ? new State() : null;
        if (kept != null) {
            kept.connection = connection;
        }
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
    public void transaction(Runnable work) {
        with(() -> {
            State st = state();
            if (st.inTransaction) {
                work.run();
                return null;
            }
            st.inTransaction = true;
            try {
                work.run();
                if (st.begun) {
                    st.connection.commit();
                }
            } catch (RuntimeException | Error e) {
                if (st.begun) {
                    rollback();
                }
                throw e;
            } catch (SQLException e) {
                rollback();
                throw failed(e);
            } finally {
                st.inTransaction = false;
                end();
            }
            return null;
        });
    }

    /** Begins the transaction of {@link #transaction} at its first statement. */
    private void join() {
        State st = state();
        if (st.inTransaction && !st.begun) {
            try {
                state().connection.setAutoCommit(false);
            } catch (SQLException e) {
                // SQLite's driver counts itself out of auto-commit even when its BEGIN failed (busy):
                // left so, every later transaction's commit would fail for want of one begun
                autoCommitAgain();
                throw failed(e);
            }
            st.begun = true;
        }
    }

    private void autoCommitAgain() {
        try {
            state().connection.setAutoCommit(true);
        } catch (SQLException e) {
            // it ends no transaction (none began), but the driver is back in auto-commit
        }
    }

    private void rollback() {
        try {
            state().connection.rollback();
        } catch (SQLException e) {
            // the connection is broken: its transaction ends with it
        }
    }

    private void end() {
        State st = state();
        if (st.begun) {
            st.begun = false;
            try {
                state().connection.setAutoCommit(true);
            } catch (SQLException e) {
                throw failed(e);
            }
        }
    }

    @Override
    public void putThread(String id, ObjectNode row) {
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
    public ObjectNode updateThread(String id, ObjectNode fields, ObjectNode metadata) {
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
    public void deleteThread(String id) {
        with(() -> {
            update("DELETE FROM switchboard_server_runs WHERE thread_id = ?", id);
            update("DELETE FROM switchboard_server_threads WHERE thread_id = ?", id);
            return null;
        });
    }

    @Override
    public void putRun(String id, String threadId, ObjectNode row) {
        with(() -> {
            // seq orders the runs as created; an update keeps the run's first seq
            update(
                    "INSERT INTO switchboard_server_runs (run_id, thread_id, seq, row_json) VALUES (?, ?, ?, ?)"
                            + " ON CONFLICT (run_id) DO UPDATE SET row_json = excluded.row_json",
                    id,
                    threadId,
                    seq.incrementAndGet(),
                    text(row));
            return null;
        });
    }

    @Override
    public void deleteRun(String id) {
        with(() -> {
            update("DELETE FROM switchboard_server_runs WHERE run_id = ?", id);
            return null;
        });
    }

    @Override
    public List<ObjectNode> threads() {
        return with(() -> {
            List<ObjectNode> all = query("SELECT row_json FROM switchboard_server_threads");
            threadRowsRead.addAndGet(all.size());
            return all;
        });
    }

    @Override
    public List<ObjectNode> runs() {
        return with(() -> {
            return query("SELECT row_json FROM switchboard_server_runs ORDER BY seq");
        });
    }

    @Override
    public List<ObjectNode> runs(String threadId) {
        return with(() -> {
            List<ObjectNode> out = new ArrayList<>();
            try (PreparedStatement p = state().connection
                    .prepareStatement(
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
    public List<ObjectNode> searchThreads(ThreadQuery q) {
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
                threadRowsRead.addAndGet(page.size());
                return page;
            } catch (SQLException e) {
                throw failed(e);
            }
        });
    }

    @Override
    public int countThreads(ThreadQuery q) {
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
            args.add(state().connection.createArrayOf("varchar", q.ids().toArray()));
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
        PreparedStatement p = state().connection.prepareStatement(sql);
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
    public long threadRowsRead() {
        return threadRowsRead.get();
    }

    @Override
    public ObjectNode thread(String id) {
        return with(() -> {
            return one("SELECT row_json FROM switchboard_server_threads WHERE thread_id = ?", id);
        });
    }

    @Override
    public ObjectNode run(String id) {
        return with(() -> {
            return one("SELECT row_json FROM switchboard_server_runs WHERE run_id = ?", id);
        });
    }

    @Override
    public ObjectNode[] runAndThread(String runId, String threadId) {
        return with(() -> {
            join();
            try (PreparedStatement p = state().connection
                    .prepareStatement("SELECT"
                            + " (SELECT row_json FROM switchboard_server_runs WHERE run_id = ?),"
                            + " (SELECT row_json FROM switchboard_server_threads WHERE thread_id = ?)")) {
                p.setString(1, runId);
                p.setString(2, threadId);
                try (ResultSet r = p.executeQuery()) {
                    r.next();
                    String run = r.getString(1);
                    String thread = r.getString(2);
                    return new ObjectNode[] {run == null ? null : read(run), thread == null ? null : read(thread)};
                }
            } catch (SQLException e) {
                throw failed(e);
            }
        });
    }

    @Override
    public String secret(String name, String fresh) {
        return with(() -> {
            update(
                    "INSERT INTO switchboard_server_secrets (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING",
                    name,
                    fresh);
            try (PreparedStatement p = state().connection
                    .prepareStatement("SELECT value FROM switchboard_server_secrets WHERE name = ?")) {
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
        try (PreparedStatement p = state().connection.prepareStatement(sql)) {
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
            keptLock.lock();
            try {
                return call.get();
            } finally {
                keptLock.unlock();
            }
        }
        State st = borrowed.get();
        if (st.depth == 0) {
            try {
                st.connection = pool.borrow();
            } catch (SQLException e) {
                throw failed(e);
            }
        }
        st.depth++;
        SQLException failure = null;
        try {
            return call.get();
        } catch (IllegalStateException e) {
            failure = e.getCause() instanceof SQLException x ? x : null;
            throw e;
        } finally {
            if (--st.depth == 0) {
                Connection c = st.connection;
                st.connection = null;
                pool.giveBack(c, failure);
            }
        }
    }

    /** This thread's calls: the kept connection's (under its lock), or this thread's own on a pool. */
    private State state() {
        return kept != null ? kept : borrowed.get();
    }

    @Override
    public void close() {
        if (pool != null) {
            return; // nothing kept: the server closes its pool after its users
        }
        keptLock.lock();
        try {
            kept.connection.close();
        } catch (SQLException e) {
            // closing: nothing left to save
        } finally {
            keptLock.unlock();
        }
    }

    private void update(String sql, Object... args) {
        join();
        try (PreparedStatement p = state().connection.prepareStatement(sql)) {
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
        try (Statement s = state().connection.createStatement();
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
