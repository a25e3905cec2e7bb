package dev.switchboard.server;

import dev.switchboard.server.postgres.DriverDataSource;
import java.io.PrintWriter;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * A PostgreSQL data source that counts what the server asks of the database, for the queue's cost
 * per run: round trips (each statement executed, each batch, each commit and rollback), commits
 * (transactions ended, in explicit transactions or one per statement in auto-commit) and among them
 * the writing ones (those that must wait for a WAL flush: a transaction that only NOTIFYs does not), and every statement by its SQL, so a run's
 * profile names each statement it costs. Reflection (a proxy) is fine here: test code, off the
 * server's path.
 */
final class CountingDataSource implements DataSource {
    /** The counters, reset by {@link #reset}. */
    final AtomicLong roundTrips = new AtomicLong();

    final AtomicLong commits = new AtomicLong();
    final AtomicLong writingCommits = new AtomicLong();
    /** Statements that lock rows: UPDATE, DELETE, upserts, SELECT ... FOR UPDATE/SHARE. */
    final AtomicLong lockingStatements = new AtomicLong();

    private final Map<String, AtomicLong> statements = new ConcurrentHashMap<>();
    /** Each transaction's statements (short), joined by " | ", and how often it ran. */
    private final Map<String, AtomicLong> transactions = new ConcurrentHashMap<>();

    private final DataSource target;

    CountingDataSource(String url) {
        this.target = new DriverDataSource(url);
    }

    /** Starts counting afresh. */
    void reset() {
        roundTrips.set(0);
        commits.set(0);
        writingCommits.set(0);
        lockingStatements.set(0);
        statements.clear();
        transactions.clear();
    }

    /** Each transaction by its statements (shortened, in order), and its count since the last reset. */
    Map<String, Long> transactions() {
        Map<String, Long> out = new TreeMap<>();
        transactions.forEach((tx, n) -> out.put(tx, n.get()));
        return out;
    }

    /** Each statement's count since the last reset, by its SQL (shortened). */
    Map<String, Long> statements() {
        Map<String, Long> out = new TreeMap<>();
        statements.forEach((sql, n) -> out.put(sql, n.get()));
        return out;
    }

    @Override
    public Connection getConnection() throws SQLException {
        return wrap(target.getConnection());
    }

    @Override
    public Connection getConnection(String username, String password) throws SQLException {
        return wrap(target.getConnection(username, password));
    }

    private Connection wrap(Connection c) {
        return (Connection) Proxy.newProxyInstance(
                Connection.class.getClassLoader(), new Class<?>[] {Connection.class}, new OnConnection(c));
    }

    private static boolean writes(String sql) {
        String s = sql.stripLeading().toUpperCase(Locale.ROOT);
        return s.startsWith("INSERT")
                || s.startsWith("UPDATE")
                || s.startsWith("DELETE")
                || s.startsWith("CREATE")
                || s.startsWith("ALTER")
                || s.contains("FOR UPDATE")
                || s.contains("FOR SHARE")
                || s.contains("NEXTVAL");
    }

    private static boolean locks(String sql) {
        String s = sql.stripLeading().toUpperCase(Locale.ROOT);
        return s.startsWith("UPDATE")
                || s.startsWith("DELETE")
                || s.contains("ON CONFLICT")
                || s.contains("FOR UPDATE")
                || s.contains("FOR SHARE");
    }

    private static String key(String sql) {
        String s = sql.replaceAll("\\s+", " ").strip();
        return s.length() > 110 ? s.substring(0, 110) + "…" : s;
    }

    /** One connection: its transaction state, to count commits. */
    private final class OnConnection implements InvocationHandler {
        private final Connection c;
        private boolean autoCommit = true;
        /** In an explicit transaction: whether a statement ran, and whether one wrote. */
        private boolean used;

        private boolean wrote;

        private final StringBuilder shape = new StringBuilder();

        OnConnection(Connection c) {
            this.c = c;
        }

        @Override
        public Object invoke(Object proxy, Method m, Object[] args) throws Throwable {
            switch (m.getName()) {
                case "setAutoCommit" -> {
                    boolean on = (Boolean) args[0];
                    if (on && !autoCommit && used) { // the driver commits the open transaction
                        ended(true);
                    }
                    autoCommit = on;
                }
                case "commit" -> ended(true);
                case "rollback" -> {
                    if (args == null || args.length == 0) {
                        ended(false);
                    }
                }
                case "isValid" -> roundTrips.incrementAndGet();
                case "setTransactionIsolation" -> {
                    // pgjdbc sends it at once (SET SESSION CHARACTERISTICS), outside any transaction
                    roundTrips.incrementAndGet();
                    statements
                            .computeIfAbsent(
                                    "SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION LEVEL …",
                                    k -> new AtomicLong())
                            .incrementAndGet();
                }
                default -> {}
            }
            Object out = call(c, m, args);
            if (out instanceof PreparedStatement p && m.getName().equals("prepareStatement")) {
                return Proxy.newProxyInstance(
                        PreparedStatement.class.getClassLoader(),
                        new Class<?>[] {PreparedStatement.class},
                        new OnStatement(this, p, (String) args[0]));
            }
            if (out instanceof Statement s && m.getName().equals("createStatement")) {
                return Proxy.newProxyInstance(
                        Statement.class.getClassLoader(),
                        new Class<?>[] {Statement.class},
                        new OnStatement(this, s, null));
            }
            return out;
        }

        private void ended(boolean commit) {
            if (used) {
                roundTrips.incrementAndGet();
                shape.append(commit ? " | COMMIT" : " | ROLLBACK");
                transactions
                        .computeIfAbsent(shape.toString(), k -> new AtomicLong())
                        .incrementAndGet();
                if (commit) {
                    commits.incrementAndGet();
                    if (wrote) {
                        writingCommits.incrementAndGet();
                    }
                }
            }
            used = false;
            wrote = false;
            shape.setLength(0);
        }

        void executed(String sql, int times) {
            roundTrips.incrementAndGet();
            boolean w = writes(sql);
            if (locks(sql)) {
                lockingStatements.incrementAndGet();
            }
            statements.computeIfAbsent(key(sql), k -> new AtomicLong()).addAndGet(times);
            String brief = key(sql).substring(0, Math.min(48, key(sql).length())) + (times > 1 ? " x" + times : "");
            if (autoCommit) {
                transactions
                        .computeIfAbsent("(auto) " + brief, k -> new AtomicLong())
                        .incrementAndGet();
                commits.incrementAndGet();
                if (w) {
                    writingCommits.incrementAndGet();
                }
            } else {
                used = true;
                wrote |= w;
                shape.append(shape.length() == 0 ? "" : " | ").append(brief);
            }
        }
    }

    /** One statement: counts its executions against its connection. */
    private static final class OnStatement implements InvocationHandler {
        private final OnConnection connection;
        private final Statement s;
        private final String sql;
        private int batched;

        OnStatement(OnConnection connection, Statement s, String sql) {
            this.connection = connection;
            this.s = s;
            this.sql = sql;
        }

        @Override
        public Object invoke(Object proxy, Method m, Object[] args) throws Throwable {
            String name = m.getName();
            if (name.equals("addBatch") && sql != null && (args == null || args.length == 0)) {
                batched++;
            } else if (name.equals("executeBatch")) {
                connection.executed(sql == null ? "batch" : sql, Math.max(1, batched));
                batched = 0;
            } else if (name.startsWith("execute")) {
                connection.executed(args != null && args.length > 0 ? (String) args[0] : sql, 1);
            }
            return call(s, m, args);
        }
    }

    private static Object call(Object target, Method m, Object[] args) throws Throwable {
        try {
            return m.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    @Override
    public PrintWriter getLogWriter() throws SQLException {
        return target.getLogWriter();
    }

    @Override
    public void setLogWriter(PrintWriter out) throws SQLException {
        target.setLogWriter(out);
    }

    @Override
    public void setLoginTimeout(int seconds) throws SQLException {
        target.setLoginTimeout(seconds);
    }

    @Override
    public int getLoginTimeout() throws SQLException {
        return target.getLoginTimeout();
    }

    @Override
    public Logger getParentLogger() {
        return Logger.getLogger("dev.switchboard.server");
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        return target.unwrap(iface);
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) throws SQLException {
        return target.isWrapperFor(iface);
    }
}
