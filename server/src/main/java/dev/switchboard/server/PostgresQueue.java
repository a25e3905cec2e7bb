package dev.switchboard.server;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The run queue in PostgreSQL, shared by every server JVM on the database. The run rows of {@link
 * JdbcRowStore} get real columns: {@code queue_status} (pending, running, cancelling, done),
 * {@code owner} (the claiming JVM), {@code lease_until}, {@code attempt} (claims so far) and
 * {@code cancel_action}. A worker claims the oldest pending run whose thread runs nothing, with
 * {@code FOR UPDATE SKIP LOCKED} so claimers never wait on each other; a partial unique index
 * makes two running runs on one thread impossible whatever the claimers race to (the loser of
 * that race sees a unique violation and claims nothing). The owner renews its leases; any JVM
 * returns expired ones to pending. A run is finished only by the owner that still holds it
 * ({@code WHERE owner = ?}), so a worker that lost its lease cannot touch the row. Every claim is
 * logged in {@code switchboard_server_claims} (run, owner, attempt), for audits and the tests.
 */
final class PostgresQueue implements AutoCloseable {
    /** The NOTIFY channel: payloads {@code wake}, {@code cancel <run>}, {@code done <run>}. */
    static final String CHANNEL = "switchboard_runs";

    private static final String RUNS = "switchboard_server_runs";
    private static final String[] SCHEMA = {
        "ALTER TABLE " + RUNS + " ADD COLUMN IF NOT EXISTS queue_status VARCHAR(16) NOT NULL DEFAULT 'done'",
        "ALTER TABLE " + RUNS + " ADD COLUMN IF NOT EXISTS owner VARCHAR(64)",
        "ALTER TABLE " + RUNS + " ADD COLUMN IF NOT EXISTS lease_until TIMESTAMPTZ",
        "ALTER TABLE " + RUNS + " ADD COLUMN IF NOT EXISTS attempt INT NOT NULL DEFAULT 0",
        "ALTER TABLE " + RUNS + " ADD COLUMN IF NOT EXISTS cancel_action VARCHAR(16)",
        "CREATE UNIQUE INDEX IF NOT EXISTS switchboard_server_runs_one_running ON " + RUNS
                + " (thread_id) WHERE queue_status IN ('running', 'cancelling')",
        "CREATE INDEX IF NOT EXISTS switchboard_server_runs_pending ON " + RUNS
                + " (seq) WHERE queue_status = 'pending'",
        "CREATE TABLE IF NOT EXISTS switchboard_server_claims (run_id VARCHAR(64) NOT NULL,"
                + " owner VARCHAR(64) NOT NULL, attempt INT NOT NULL, claimed_at TIMESTAMPTZ NOT NULL DEFAULT now())"
    };
    /** Statuses that hold a thread: a new run there waits (enqueue) or is refused (reject). */
    private static final String BUSY = "('pending', 'running', 'cancelling')";

    /** A claimed run: its id and thread, and how many times it was claimed (1 = first time). */
    record Claim(String runId, String threadId, int attempt) {}

    /**
     * What a submit decided about the runs already on the thread, and the new run's claim when the
     * submitting JVM took it at once (null when it did not).
     */
    record Decision(List<String> cancelledPending, List<String> cancelledRunning, Claim claimed) {}

    /** Replaced by {@link #tx} when the database dropped it (a restart, a broken TCP connection). */
    private Connection connection;

    private final String jdbcUrl;
    private final String where;

    private PostgresQueue(Connection connection, String jdbcUrl, String where) {
        this.connection = connection;
        this.jdbcUrl = jdbcUrl;
        this.where = where;
    }

    /** Opens the queue's connection and adds its columns to the run table {@link JdbcRowStore} made. */
    static PostgresQueue open(String jdbcUrl, String where) {
        try {
            Connection c = DriverManager.getConnection(jdbcUrl);
            try (Statement s = c.createStatement()) {
                if (!migrated(s)) {
                    for (String ddl : SCHEMA) {
                        s.execute(ddl);
                    }
                }
            }
            return new PostgresQueue(c, jdbcUrl, where);
        } catch (SQLException e) {
            throw new IllegalStateException("could not open the run queue in " + where + ": " + e.getMessage(), e);
        }
    }

    /**
     * Whether the queue's columns and tables exist: a JVM joining a busy queue then takes no lock
     * on the run table (ALTER TABLE would wait for, and then block, every claim and finish).
     */
    private static boolean migrated(Statement s) throws SQLException {
        try (ResultSet r = s.executeQuery("SELECT count(*) FROM information_schema.tables WHERE table_schema ="
                + " current_schema() AND table_name = 'switchboard_server_claims'")) {
            return r.next() && r.getInt(1) == 1;
        }
    }

    /**
     * Inserts a new pending run under the thread's row lock, after settling the runs already there
     * by the multitask strategy: reject refuses (422) if any is pending or running; enqueue just
     * queues; interrupt and rollback end the pending ones at once and mark the running one
     * cancelling (its owner stops it at its next step boundary). Deciding under the lock makes
     * two concurrent creates on one thread, on any JVMs, see each other. With a {@code claimFor}
     * owner the new run is claimed for it in the same transaction when its thread is free, so no
     * other JVM woken by the insert takes it first (the run starts where it was created); else the
     * other JVMs are woken to claim it.
     */
    synchronized Decision submit(RunRow run, String strategy, String claimFor, long leaseMillis) {
        return tx(() -> {
            lockThread(run.threadId);
            List<String> pending = ids(
                    "SELECT run_id FROM " + RUNS + " WHERE thread_id = ? AND queue_status = 'pending' ORDER BY seq",
                    run.threadId);
            List<String> running = ids(
                    "SELECT run_id FROM " + RUNS + " WHERE thread_id = ? AND queue_status IN ('running', 'cancelling')",
                    run.threadId);
            Decision d = new Decision(List.of(), List.of(), null);
            if (!pending.isEmpty() || !running.isEmpty()) {
                switch (strategy) {
                    case "reject" ->
                        throw ApiException.status(
                                422,
                                "Thread is already running a task. Wait for it to finish or choose a different"
                                        + " multitask strategy.");
                    case "enqueue" -> {}
                    default -> d = cancelAll(pending, running, strategy);
                }
            }
            insert(run);
            Claim c = claimFor == null ? null : take(claimFor, leaseMillis, run.id);
            if (c == null) {
                notify("wake");
            }
            return new Decision(d.cancelledPending, d.cancelledRunning, c);
        });
    }

    private Decision cancelAll(List<String> pending, List<String> running, String action) throws SQLException {
        for (String id : pending) {
            end(id, action);
        }
        for (String id : running) {
            update(
                    "UPDATE " + RUNS + " SET queue_status = 'cancelling', cancel_action = ? WHERE run_id = ?"
                            + " AND queue_status = 'running'",
                    action,
                    id);
        }
        if (!running.isEmpty()) {
            notify("cancel " + String.join(",", running));
        }
        return new Decision(pending, running, null);
    }

    /** Ends a run that nobody runs: its row's status becomes interrupted (or error for rollback). */
    private void end(String runId, String action) throws SQLException {
        update(
                "UPDATE " + RUNS + " SET queue_status = 'done', owner = NULL, lease_until = NULL,"
                        + " row_json = (row_json::jsonb || jsonb_build_object('status', ?::text))::text"
                        + " WHERE run_id = ?",
                action.equals("rollback") ? "error" : "interrupted",
                runId);
        notify("done " + runId);
    }

    private void lockThread(String threadId) throws SQLException {
        try (PreparedStatement p = connection.prepareStatement(
                "SELECT 1 FROM switchboard_server_threads WHERE thread_id = ? FOR UPDATE")) {
            p.setString(1, threadId);
            p.executeQuery().close();
        }
    }

    private void insert(RunRow run) throws SQLException {
        try (PreparedStatement p = connection.prepareStatement("INSERT INTO " + RUNS
                + " (run_id, thread_id, seq, row_json, queue_status) VALUES (?, ?, ?, ?, 'pending')")) {
            p.setString(1, run.id);
            p.setString(2, run.threadId);
            p.setLong(3, run.createdAt.getEpochSecond() * 1_000_000 + run.createdAt.getNano() / 1000);
            p.setString(4, Json.MAPPER.writeValueAsString(run.stored()));
            p.executeUpdate();
        }
    }

    /**
     * Cancels a run from any JVM: a pending one ends at once; a running one becomes cancelling
     * and its owner stops it at its next step boundary. Answers whether the run was running.
     */
    synchronized boolean cancel(String runId, String action) {
        return tx(() -> {
            String status = one("SELECT queue_status FROM " + RUNS + " WHERE run_id = ? FOR UPDATE", runId);
            if ("pending".equals(status)) {
                end(runId, action);
            } else if ("running".equals(status)) {
                cancelAll(List.of(), List.of(runId), action);
                return true;
            }
            return false;
        });
    }

    /**
     * Claims the oldest pending run (or just {@code runId} when given) whose thread runs nothing
     * and has no older pending run, for {@code owner}, with a lease of {@code leaseMillis}.
     */
    synchronized Optional<Claim> claim(String owner, long leaseMillis, String runId) {
        try {
            return tx(() -> Optional.ofNullable(take(owner, leaseMillis, runId)));
        } catch (IllegalStateException e) {
            if (e.getCause() instanceof SQLException s && "23505".equals(s.getSQLState())) {
                return Optional.empty(); // another JVM started a run on that thread first
            }
            throw e;
        }
    }

    /** Claims as {@link #claim} does, inside the caller's transaction; null when nothing is free. */
    private Claim take(String owner, long leaseMillis, String runId) throws SQLException {
        Claim c = pick(runId);
        if (c == null) {
            return null;
        }
        update(
                "UPDATE " + RUNS + " SET queue_status = 'running', owner = ?, attempt = ?,"
                        + " lease_until = now() + ? * interval '1 millisecond' WHERE run_id = ?",
                owner,
                c.attempt,
                leaseMillis,
                c.runId);
        update(
                "INSERT INTO switchboard_server_claims (run_id, owner, attempt) VALUES (?, ?, ?)",
                c.runId,
                owner,
                c.attempt);
        return c;
    }

    private Claim pick(String runId) throws SQLException {
        String sql = "SELECT r.run_id, r.thread_id, r.attempt FROM " + RUNS + " r WHERE r.queue_status = 'pending'"
                + (runId == null ? "" : " AND r.run_id = ?")
                + " AND NOT EXISTS (SELECT 1 FROM " + RUNS + " o WHERE o.thread_id = r.thread_id"
                + " AND (o.queue_status IN ('running', 'cancelling') OR (o.queue_status = 'pending' AND o.seq < r.seq)))"
                + " ORDER BY r.seq LIMIT 1 FOR UPDATE OF r SKIP LOCKED";
        try (PreparedStatement p = connection.prepareStatement(sql)) {
            if (runId != null) {
                p.setString(1, runId);
            }
            try (ResultSet r = p.executeQuery()) {
                return r.next() ? new Claim(r.getString(1), r.getString(2), r.getInt(3) + 1) : null;
            }
        }
    }

    /**
     * Renews the leases of the runs {@code owner} runs now ({@code running}, as this JVM knows
     * them); answers the ones it still holds, run id to status ({@code running} or {@code
     * cancelling:<action>}). Only runs really running are renewed, so a row its JVM forgot (a
     * failure while finishing it) expires and is swept back rather than held forever.
     */
    synchronized Map<String, String> heartbeat(String owner, long leaseMillis, List<String> running) {
        return tx(() -> {
            Map<String, String> out = new LinkedHashMap<>();
            try (PreparedStatement p = connection.prepareStatement("UPDATE " + RUNS
                    + " SET lease_until = now() + ? * interval '1 millisecond' WHERE owner = ? AND run_id = ANY (?)"
                    + " AND queue_status IN ('running', 'cancelling') RETURNING run_id, queue_status, cancel_action")) {
                p.setLong(1, leaseMillis);
                p.setString(2, owner);
                p.setArray(3, connection.createArrayOf("varchar", running.toArray()));
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        String s = r.getString(2);
                        out.put(r.getString(1), s.equals("cancelling") ? s + ":" + r.getString(3) : s);
                    }
                }
            }
            return out;
        });
    }

    /**
     * Returns the runs whose lease expired to pending (their owner died or stalled), and ends the
     * cancelling ones among them as their cancel asked. Any JVM may sweep; answers the count.
     */
    synchronized int sweep() {
        return tx(() -> {
            List<String> expired = ids("UPDATE " + RUNS + " SET queue_status = 'pending', owner = NULL,"
                    + " lease_until = NULL WHERE queue_status = 'running' AND lease_until < now() RETURNING run_id");
            List<String> cancelled =
                    ids("SELECT run_id FROM " + RUNS + " WHERE queue_status = 'cancelling' AND lease_until < now()");
            for (String id : cancelled) {
                end(id, one("SELECT cancel_action FROM " + RUNS + " WHERE run_id = ?", id));
            }
            if (!expired.isEmpty() || !cancelled.isEmpty()) {
                notify("wake");
            }
            return expired.size() + cancelled.size();
        });
    }

    /**
     * Stores a finished run's row and its thread's row, and frees the thread, if {@code owner}
     * still holds the run; answers false (touching nothing) when its lease was lost meanwhile. One
     * transaction, so a JVM woken by the {@code done} NOTIFY reads both rows as they ended.
     */
    synchronized boolean finish(String runId, String owner, RunRow row, ThreadRow thread) {
        return tx(() -> {
            int n = update(
                    "UPDATE " + RUNS + " SET queue_status = 'done', owner = NULL, lease_until = NULL, row_json = ?"
                            + " WHERE run_id = ? AND owner = ? AND queue_status IN ('running', 'cancelling')",
                    Json.MAPPER.writeValueAsString(row.stored()),
                    runId,
                    owner);
            if (n == 1) {
                // the run's fields only: a metadata change made meanwhile on another JVM stays
                update(
                        "UPDATE switchboard_server_threads SET row_json = (row_json::jsonb || ?::jsonb)::text"
                                + " WHERE thread_id = ?",
                        Json.MAPPER.writeValueAsString(thread.stateFields()),
                        thread.id);
                notify("done " + runId);
                notify("wake");
            }
            return n == 1;
        });
    }

    /** Hands the owner's running runs back to the queue (graceful shutdown): another JVM resumes them. */
    synchronized List<String> release(String owner) {
        return tx(() -> {
            List<String> ids = ids(
                    "UPDATE " + RUNS + " SET queue_status = 'pending', owner = NULL, lease_until = NULL"
                            + " WHERE owner = ? AND queue_status = 'running' RETURNING run_id",
                    owner);
            if (!ids.isEmpty()) {
                notify("wake");
            }
            return ids;
        });
    }

    /** Returns one claimed run to the queue untouched (this JVM cannot run it). */
    synchronized void giveBack(String runId, String owner) {
        tx(() -> update(
                "UPDATE " + RUNS + " SET queue_status = 'pending', owner = NULL, lease_until = NULL,"
                        + " attempt = attempt - 1 WHERE run_id = ? AND owner = ?",
                runId,
                owner));
    }

    /** The run's queue status, or null when it has no row. */
    synchronized String status(String runId) {
        return tx(() -> one("SELECT queue_status FROM " + RUNS + " WHERE run_id = ?", runId));
    }

    synchronized boolean busy(String threadId) {
        return tx(() ->
                one("SELECT 1 FROM " + RUNS + " WHERE thread_id = ? AND queue_status IN " + BUSY + " LIMIT 1", threadId)
                        != null);
    }

    private void notify(String payload) throws SQLException {
        try (PreparedStatement p = connection.prepareStatement("SELECT pg_notify(?, ?)")) {
            p.setString(1, CHANNEL);
            p.setString(2, payload);
            p.executeQuery().close();
        }
    }

    private int update(String sql, Object... args) throws SQLException {
        try (PreparedStatement p = connection.prepareStatement(sql)) {
            bind(p, args);
            return p.executeUpdate();
        }
    }

    private List<String> ids(String sql, Object... args) throws SQLException {
        List<String> out = new ArrayList<>();
        try (PreparedStatement p = connection.prepareStatement(sql)) {
            bind(p, args);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    out.add(r.getString(1));
                }
            }
        }
        return out;
    }

    private String one(String sql, Object... args) throws SQLException {
        List<String> all = ids(sql, args);
        return all.isEmpty() ? null : all.get(0);
    }

    private static void bind(PreparedStatement p, Object... args) throws SQLException {
        for (int i = 0; i < args.length; i++) {
            p.setObject(i + 1, args[i]);
        }
    }

    /** One transaction; a NOTIFY inside is sent when it commits. Caller holds the monitor. */
    private <T> T tx(Work<T> work) {
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
            reconnectIfLost();
            throw new IllegalStateException("the run queue in " + where + " failed: " + e.getMessage(), e);
        }
    }

    /** Tests only: the server process behind this queue's connection, to drop it from outside. */
    synchronized int backendPid() {
        try (Statement st = connection.createStatement();
                ResultSet r = st.executeQuery("SELECT pg_backend_pid()")) {
            r.next();
            return r.getInt(1);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Opens a new connection when the database dropped this one, so that the claims and heartbeats
     * that the worker retries work again once the database is back; else they would fail for good.
     */
    private void reconnectIfLost() {
        try {
            if (connection.isValid(1)) {
                return;
            }
        } catch (SQLException e) {
            // treated as lost
        }
        try {
            Connection fresh = DriverManager.getConnection(jdbcUrl);
            try {
                connection.close();
            } catch (SQLException e) {
                // it is gone already
            }
            connection = fresh;
        } catch (SQLException e) {
            // still away: the next failure tries again
        }
    }

    @Override
    public synchronized void close() {
        try {
            connection.close();
        } catch (SQLException e) {
            // closing: nothing left to do
        }
    }

    /** A piece of one transaction. */
    private interface Work<T> {
        T run() throws SQLException;
    }
}
