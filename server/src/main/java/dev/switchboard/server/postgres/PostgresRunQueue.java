package dev.switchboard.server.postgres;

import dev.switchboard.checkpoint.jdbc.ConnectionPool;
import dev.switchboard.checkpoint.jdbc.JdbcSaver;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.server.rows.Clock;
import dev.switchboard.server.rows.RowJson;
import dev.switchboard.server.rows.RunRow;
import dev.switchboard.server.rows.ServerSchema;
import dev.switchboard.server.rows.ThreadRow;
import dev.switchboard.server.runs.Claim;
import dev.switchboard.server.runs.Multitask;
import dev.switchboard.server.runs.Outcome;
import dev.switchboard.server.runs.RunQueue;
import dev.switchboard.server.runs.Stop;
import dev.switchboard.server.wire.Json;
import dev.switchboard.server.wire.ThreadStatus;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.node.ObjectNode;

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
 * logged in {@code switchboard_server_claims} (run, owner, attempt), for audits and the tests. The
 * double-texting rule is {@link Multitask}'s, decided under the thread's row lock.
 */
public final class PostgresRunQueue implements RunQueue {
    /** The NOTIFY channel: payloads {@code wake}, {@code cancel <run>}, {@code done <run>}. */
    static final String CHANNEL = "switchboard_runs";

    private static final String RUNS = "switchboard_server_runs";
    /** Statuses that hold a thread: a new run there waits (enqueue) or is refused (reject). */
    private static final String BUSY = "('pending', 'running', 'cancelling')";

    /** The server's pool: each transaction borrows one of its connections. */
    private final ConnectionPool pool;

    private final String where;
    private final String owner;
    private final long leaseMillis;
    private final JdbcSaver saver;
    /** The graphs this JVM serves and the stored-schema version of each, as two SQL arrays. */
    private final String[] graphIds;

    private final Integer[] schemaVersions;

    /** Where the runs' events go: a run's last ones are stored with its outcome; null until set. */
    private volatile EventLog events;

    /** Sends this JVM's NOTIFYs once their transactions committed. */
    private final Notifier notifier;
    /** The NOTIFYs of each transaction under way, by its connection. */
    private final Map<Connection, List<String>> notices = new java.util.concurrent.ConcurrentHashMap<>();

    private PostgresRunQueue(
            ConnectionPool pool,
            String where,
            String owner,
            long leaseMillis,
            JdbcSaver saver,
            Map<String, Integer> versions) {
        this.pool = pool;
        this.where = where;
        this.owner = owner;
        this.leaseMillis = leaseMillis;
        this.saver = saver;
        this.notifier = new Notifier(pool);
        this.graphIds = versions.keySet().toArray(String[]::new);
        this.schemaVersions = versions.values().toArray(Integer[]::new);
    }

    /**
     * Adds the queue's columns to the server's run table; each of the queue's transactions then
     * borrows a connection of the server's pool, except the worker's lease renewals and sweeps,
     * which run on the connection it keeps (see {@link #heartbeat}).
     *
     * @param pool the server's pool
     * @param saver the server's saver on the same database, whose views fence each claimed run
     * @param owner this JVM's owner id
     * @param leaseMillis how long a claim holds without renewal
     * @param versions the graphs this JVM serves, by id, and the version of each one's stored schema
     *     ({@code @Graph(version)}): it claims no run of a thread stored by a newer version
     * @return the queue
     */
    public static PostgresRunQueue open(
            ConnectionPool pool, JdbcSaver saver, String owner, long leaseMillis, Map<String, Integer> versions) {
        String where = saver.database();
        try {
            Connection c = pool.borrow();
            try {
                ServerSchema.migrate(c, true);
            } catch (SQLException e) {
                pool.giveBack(c, e);
                throw e;
            }
            pool.giveBack(c);
            return new PostgresRunQueue(pool, where, owner, leaseMillis, saver, Map.copyOf(versions));
        } catch (SQLException e) {
            throw new IllegalStateException("could not open the run queue in " + where + ": " + e.getMessage(), e);
        }
    }

    @Override
    public Submitted submit(RunRow run, ThreadRow thread, ObjectNode metadata, String claimFor) {
        // the rows' JSON before borrowing a connection, as in finish
        String row = RowJson.text(run.stored());
        String idle =
                RowJson.text(Json.object().put("updated_at", thread.updatedAt().toString()));
        ObjectNode busyFields = thread.stateFields();
        busyFields.put("status", ThreadStatus.BUSY.wireName());
        busyFields.put("updated_at", Clock.now().toString());
        String busy = RowJson.text(busyFields);
        Object[] stored = new Object[1];
        Submitted s = submit(run, row, RowJson.text(metadata), idle, busy, claimFor, stored);
        // the thread as stored now (keys another JVM set included), once the connection is back
        metadata.properties().forEach(e -> thread.metadata().set(e.getKey(), e.getValue()));
        if (stored[0] != null) {
            thread.reload((ObjectNode) Json.parse((String) stored[0]));
        }
        if (s.claim() != null) {
            thread.status(ThreadStatus.BUSY);
        }
        return s;
    }

    /**
     * One transaction: the thread's row locked first (every create on it queues here), the
     * double-texting decision, the run's row, its claim when asked and free, and the thread's row
     * with the run's metadata (busy when claimed) written last; {@code stored[0]} gets that row.
     */
    private Submitted submit(
            RunRow run, String row, String metadata, String idle, String busy, String claimFor, Object[] stored) {
        return tx(cx -> {
            lockThread(cx, run.threadId());
            List<String> pending = new ArrayList<>();
            String running = null;
            try (PreparedStatement p = cx.prepareStatement("SELECT run_id, queue_status FROM " + RUNS
                    + " WHERE thread_id = ? AND queue_status IN " + BUSY + " ORDER BY seq")) {
                p.setString(1, run.threadId());
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        if (r.getString(2).equals("pending")) {
                            pending.add(r.getString(1));
                        } else {
                            running = r.getString(1);
                        }
                    }
                }
            }
            Multitask.Decision d = Multitask.decide(run.request().multitaskStrategy(), pending, running);
            if (d.action() != null) {
                Stop stop = Stop.of(d.action(), false);
                for (String id : d.ended()) {
                    end(cx, id, stop);
                }
                if (d.cancelled() != null) {
                    cancelling(cx, d.cancelled(), stop);
                }
            }
            insert(cx, run, row);
            Claim c = claimFor == null ? null : take(cx, claimFor, run.id(), false);
            if (c == null) {
                notify(cx, "wake");
            }
            stored[0] = one(
                    cx,
                    "UPDATE switchboard_server_threads SET row_json = (jsonb_set(row_json::jsonb, '{metadata}',"
                            + " coalesce(row_json::jsonb -> 'metadata', '{}'::jsonb) || ?::jsonb) || ?::jsonb)::text"
                            + " WHERE thread_id = ? RETURNING row_json",
                    metadata,
                    c == null ? idle : busy,
                    run.threadId());
            return new Submitted(d, c);
        });
    }

    /** Marks a running run cancelling; its owner stops it at its next step boundary. */
    private void cancelling(Connection cx, String runId, Stop stop) throws SQLException {
        update(
                cx,
                "UPDATE " + RUNS + " SET queue_status = 'cancelling', cancel_action = ? WHERE run_id = ?"
                        + " AND queue_status = 'running'",
                stop.storedName(),
                runId);
        notify(cx, "cancel " + runId);
    }

    /** Ends a run that nobody runs: its row's status and result become the stop's. */
    private void end(Connection cx, String runId, Stop stop) throws SQLException {
        update(
                cx,
                "UPDATE " + RUNS + " SET queue_status = 'done', owner = NULL, lease_until = NULL,"
                        + " row_json = (row_json::jsonb || jsonb_build_object('status', ?::text, 'result',"
                        + " ?::jsonb))::text WHERE run_id = ?",
                stop.runStatus().wireName(),
                Json.text(stop.result(null)),
                runId);
        notify(cx, "done " + runId);
    }

    private void lockThread(Connection cx, String threadId) throws SQLException {
        try (PreparedStatement p =
                cx.prepareStatement("SELECT 1 FROM switchboard_server_threads WHERE thread_id = ? FOR UPDATE")) {
            p.setString(1, threadId);
            p.executeQuery().close();
        }
    }

    private void insert(Connection cx, RunRow run, String row) throws SQLException {
        try (PreparedStatement p = cx.prepareStatement("INSERT INTO " + RUNS
                + " (run_id, thread_id, seq, row_json, queue_status, graph_id) VALUES (?, ?, ?, ?, 'pending', ?)")) {
            p.setString(1, run.id());
            p.setString(2, run.threadId());
            p.setLong(
                    3,
                    run.createdAt().getEpochSecond() * 1_000_000
                            + run.createdAt().getNano() / 1000);
            p.setString(4, row);
            p.setString(5, run.graph().graphId());
            p.executeUpdate();
        }
    }

    @Override
    public Cancelled cancel(RunRow run, Stop stop) {
        return tx(cx -> {
            String status = one(cx, "SELECT queue_status FROM " + RUNS + " WHERE run_id = ? FOR UPDATE", run.id());
            if ("pending".equals(status)) {
                end(cx, run.id(), stop);
                return Cancelled.ENDED;
            }
            if ("running".equals(status)) {
                cancelling(cx, run.id(), stop);
                return Cancelled.RUNNING;
            }
            return "cancelling".equals(status) ? Cancelled.RUNNING : Cancelled.NONE;
        });
    }

    /**
     * Claims the oldest pending run whose thread runs nothing and has no older pending run, for
     * {@code owner}, with a lease of {@code leaseMillis}; two JVMs racing for one thread's runs see
     * a unique violation, and the loser claims nothing.
     */
    @Override
    public Optional<Claim> claim(String owner) {
        try {
            return tx(cx -> Optional.ofNullable(take(cx, owner, null, true)));
        } catch (IllegalStateException e) {
            if (e.getCause() instanceof SQLException s && "23505".equals(s.getSQLState())) {
                return Optional.empty(); // another JVM started a run on that thread first
            }
            throw e;
        }
    }

    /**
     * Claims as {@link #claim} does (just {@code runId} when given), inside the caller's
     * transaction, in one statement: the pick, the run's row marked running (its queue columns and
     * its JSON's status, which other JVMs show), the claim logged and, with {@code busy}, the
     * thread's row marked busy (a create that claims writes its thread's row itself); null when
     * nothing is free. Two JVMs racing for one thread's runs see a unique violation, and the loser
     * claims nothing.
     */
    private Claim take(Connection cx, String owner, String runId, boolean busy) throws SQLException {
        String now = Clock.now().toString();
        String sql = "WITH c AS (UPDATE " + RUNS + " u SET queue_status = 'running', owner = ?,"
                + " attempt = u.attempt + 1, lease_until = now() + ? * interval '1 millisecond',"
                + " row_json = " + restatus("u.row_json", "pending", "running")
                + " WHERE u.run_id = (" + pick(runId) + ") RETURNING u.run_id, u.thread_id, u.attempt),"
                + " l AS (INSERT INTO switchboard_server_claims (run_id, owner, attempt)"
                + " SELECT run_id, ?, attempt FROM c)"
                + (busy
                        ? ", t AS (UPDATE switchboard_server_threads SET row_json = (row_json::jsonb"
                                + " || jsonb_build_object('status', 'busy', 'updated_at', ?::text))::text"
                                + " WHERE thread_id = (SELECT thread_id FROM c))"
                        : "")
                + " SELECT run_id, thread_id, attempt FROM c";
        try (PreparedStatement p = cx.prepareStatement(sql)) {
            int i = 1;
            p.setString(i++, owner);
            p.setLong(i++, leaseMillis);
            p.setString(i++, now);
            if (runId != null) {
                p.setString(i++, runId);
            }
            // a millisecond of slack: the clock hands out strictly increasing microseconds, a little ahead
            p.setLong(i++, (System.currentTimeMillis() + 1) * 1000);
            p.setArray(i++, cx.createArrayOf("varchar", graphIds));
            p.setArray(i++, cx.createArrayOf("int4", schemaVersions));
            p.setString(i++, owner);
            if (busy) {
                p.setString(i, now);
            }
            try (ResultSet r = p.executeQuery()) {
                return r.next() ? new Claim(r.getString(1), r.getString(2), r.getInt(3)) : null;
            }
        }
    }

    /**
     * SQL for a run row's JSON with its status changed from {@code from} to {@code to} and its
     * updated_at to the statement's next parameter: in the row's text, whose first two fields they
     * are ({@link RunRow#stored}), so the rest (its metadata's key order, which a run's events show)
     * stays as its creating JVM wrote it; a row written otherwise (an older server) through jsonb.
     */
    private static String restatus(String column, String from, String to) {
        String prefix = "'^\\{\"status\":\"" + from + "\",\"updated_at\":\"[^\"]*\"'";
        return "(CASE WHEN " + column + " ~ " + prefix + " THEN regexp_replace(" + column + ", " + prefix
                + ", '{\"status\":\"" + to + "\",\"updated_at\":\"' || ?::text || '\"')"
                + " ELSE (" + column + "::jsonb || jsonb_build_object('status', '" + to + "'))::text END)";
    }

    /**
     * The run {@link #take} claims. Besides the thread rules, a run whose thread's head checkpoint
     * was written by a newer version of its graph's stored schema than this JVM serves is left for
     * a JVM that can read it: while old and new code share the queue in a rolling upgrade, a thread
     * a new JVM has written to is never run by an old one (which would refuse it, {@code
     * SCHEMA_TOO_NEW}). Runs of graphs this JVM does not serve are claimed as before.
     */
    private static String pick(String runId) {
        return "SELECT r.run_id FROM " + RUNS + " r WHERE r.queue_status = 'pending'"
                + (runId == null ? "" : " AND r.run_id = ?")
                // seq is the run's creation time in microseconds by its JVM's clock, read here by this
                // one's: a run asked to wait (after_seconds) is created in the future, and not due yet
                + " AND r.seq <= ?"
                + " AND NOT EXISTS (SELECT 1 FROM " + RUNS + " o WHERE o.thread_id = r.thread_id"
                + " AND (o.queue_status IN ('running', 'cancelling') OR (o.queue_status = 'pending' AND o.seq < r.seq)))"
                // The thread's head: its namespace's row in the checkpoint store (store version 5).
                + " AND NOT EXISTS (SELECT 1 FROM switchboard_spaces h JOIN switchboard_checkpoints c"
                + " ON c.space = h.id AND c.checkpoint_id = h.head"
                + " WHERE h.thread_id = r.thread_id AND h.namespace = '' AND c.schema_version > COALESCE("
                + "(SELECT m.version FROM unnest(?::varchar[], ?::int[]) AS m(graph_id, version)"
                + " WHERE m.graph_id = r.graph_id), 2147483647))"
                + " ORDER BY r.seq LIMIT 1 FOR UPDATE OF r SKIP LOCKED";
    }

    /**
     * Renews the leases of the runs {@code owner} runs now ({@code running}, as this JVM knows
     * them); answers the ones it still holds, run id to status ({@code running} or {@code
     * cancelling:<action>}). Only runs really running are renewed, so a row its JVM forgot (a
     * failure while finishing it) expires and is swept back rather than held forever. Runs on the
     * worker's own connection ({@code control}), never on the pool, so that a renewal never waits
     * for a connection the runs hold.
     */
    Map<String, String> heartbeat(Connection control, List<String> running) {
        return tx(control, cx -> {
            Map<String, String> out = new LinkedHashMap<>();
            try (PreparedStatement p = cx.prepareStatement("UPDATE " + RUNS
                    + " SET lease_until = now() + ? * interval '1 millisecond' WHERE owner = ? AND run_id = ANY (?)"
                    + " AND queue_status IN ('running', 'cancelling') RETURNING run_id, queue_status, cancel_action")) {
                p.setLong(1, leaseMillis);
                p.setString(2, owner);
                p.setArray(3, cx.createArrayOf("varchar", running.toArray()));
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        String s = r.getString(2);
                        out.put(r.getString(1), s.equals("cancelling") ? "cancelling:" + r.getString(3) : s);
                    }
                }
            }
            return out;
        });
    }

    /**
     * Returns the runs whose lease expired to pending (their owner died or stalled), and ends the
     * cancelling ones among them as their cancel asked. Any JVM may sweep; answers the count. On
     * the worker's own connection, as {@link #heartbeat}.
     */
    int sweep(Connection control) {
        return tx(control, cx -> {
            List<String> expired = ids(
                    cx,
                    "UPDATE " + RUNS + " SET queue_status = 'pending', owner = NULL,"
                            + " lease_until = NULL WHERE queue_status = 'running' AND lease_until < now() RETURNING run_id");
            List<String> cancelled = ids(
                    cx, "SELECT run_id FROM " + RUNS + " WHERE queue_status = 'cancelling' AND lease_until < now()");
            for (String id : cancelled) {
                end(cx, id, Stop.parse(one(cx, "SELECT cancel_action FROM " + RUNS + " WHERE run_id = ?", id)));
            }
            if (!expired.isEmpty() || !cancelled.isEmpty()) {
                notify(cx, "wake");
            }
            return expired.size() + cancelled.size();
        });
    }

    /**
     * Stores a finished run's events not yet written, its row and its thread's row, and frees the
     * thread, if {@code owner} still holds the run; answers false (touching the rows not) when its
     * lease was lost meanwhile. One statement and one commit, so a JVM woken by the {@code done}
     * NOTIFY reads both rows as they ended and every event before them; the {@code wake} NOTIFY goes
     * out only when a run of the thread waits behind this one (no other run became claimable).
     */
    @Override
    public boolean finish(Claim claim, RunRow row, ThreadRow thread, Outcome outcome) {
        // the rows' JSON before borrowing a connection: never a row's monitor while holding one
        String runJson = RowJson.text(outcome.runRow(row));
        String threadFields = RowJson.text(outcome.threadFields(thread));
        EndRows.Write also = endRows.prepare(row, outcome);
        EventLog log = events;
        boolean held = log == null
                ? finish(claim, runJson, thread.id(), threadFields, List.of(), also)
                : log.storingLast(claim.runId(), last -> finish(claim, runJson, thread.id(), threadFields, last, also));
        if (held) {
            outcome.publish(row, thread); // committed: whoever sees the run end here finds its thread free
        }
        return held;
    }

    /**
     * Rows written in the transaction that stores a run's end, so that they exist exactly when the
     * end does (the run's webhook call: a server dying just after the end cannot lose it).
     */
    public interface EndRows {
        /**
         * What to write for a run's end, prepared before a connection is borrowed.
         *
         * @param run the run
         * @param outcome how it ended
         * @return the write, or null for none
         */
        Write prepare(RunRow run, Outcome outcome);

        /** A write on the queue's connection, inside its transaction. */
        interface Write {
            /**
             * Writes.
             *
             * @param c the connection, in the transaction
             * @throws SQLException when the database refuses: the run's end is not stored either
             */
            void to(Connection c) throws SQLException;
        }
    }

    private volatile EndRows endRows = (run, outcome) -> null;

    /**
     * Sets the rows written with each run's end.
     *
     * @param rows the rows
     */
    public void endRows(EndRows rows) {
        this.endRows = java.util.Objects.requireNonNull(rows, "rows");
    }

    private boolean finish(
            Claim claim,
            String runJson,
            String threadId,
            String threadFields,
            List<EventLog.Pending> last,
            EndRows.Write also) {
        String runId = claim.runId();
        return tx(cx -> {
            try (PreparedStatement p = cx.prepareStatement(EventLog.INSERT_WITH + ","
                    + " f AS (UPDATE " + RUNS + " SET queue_status = 'done', owner = NULL, lease_until = NULL,"
                    + " row_json = ? WHERE run_id = ? AND owner = ? AND attempt = ?"
                    + " AND queue_status IN ('running', 'cancelling') RETURNING thread_id),"
                    // the run's fields only: a metadata change made meanwhile on another JVM stays
                    + " t AS (UPDATE switchboard_server_threads SET row_json = (row_json::jsonb || ?::jsonb)::text"
                    + " WHERE thread_id = (SELECT thread_id FROM f))"
                    + " SELECT (SELECT count(*) FROM f), EXISTS (SELECT 1 FROM f JOIN " + RUNS + " o"
                    + " ON o.thread_id = f.thread_id AND o.queue_status = 'pending')")) {
                int i = EventLog.bindInsert(p, 1, runId, last);
                p.setString(i++, runJson);
                p.setString(i++, runId);
                p.setString(i++, owner);
                p.setInt(i++, claim.attempt());
                p.setString(i, threadFields);
                boolean held;
                boolean waiting;
                try (ResultSet r = p.executeQuery()) {
                    r.next();
                    held = r.getInt(1) == 1;
                    waiting = r.getBoolean(2);
                }
                if (held && also != null) {
                    also.to(cx); // in the end's transaction: both commit, or neither
                }
                if (held) {
                    notify(cx, "done " + runId);
                    if (waiting) {
                        notify(cx, "wake"); // a run of the thread waits behind this one
                    }
                }
                return held;
            }
        });
    }

    /**
     * Stores each run's last events with its outcome ({@link #finish}), in the outcome's commit.
     *
     * @param log the run events of this JVM
     */
    void storeEventsIn(EventLog log) {
        this.events = log;
        log.announceThrough(notifier);
    }

    /** Hands this JVM's running runs back to the queue (graceful shutdown): another JVM resumes them. */
    List<String> release() {
        return tx(cx -> {
            List<String> ids = ids(
                    cx,
                    "UPDATE " + RUNS + " SET queue_status = 'pending', owner = NULL, lease_until = NULL"
                            + " WHERE owner = ? AND queue_status = 'running' RETURNING run_id",
                    owner);
            if (!ids.isEmpty()) {
                notify(cx, "wake");
            }
            return ids;
        });
    }

    @Override
    public void giveBack(Claim claim) {
        tx(cx -> update(
                cx,
                "UPDATE " + RUNS + " SET queue_status = 'pending', owner = NULL, lease_until = NULL,"
                        + " attempt = attempt - 1, row_json = " + restatus("row_json", "running", "pending")
                        + " WHERE run_id = ? AND owner = ? AND attempt = ?",
                Clock.now().toString(),
                claim.runId(),
                owner,
                claim.attempt()));
    }

    /**
     * The run's queue status.
     *
     * @param runId the run
     * @return pending, running, cancelling or done; null when it has no row
     */
    public String status(String runId) {
        return tx(cx -> one(cx, "SELECT queue_status FROM " + RUNS + " WHERE run_id = ?", runId));
    }

    @Override
    public boolean busy(String threadId) {
        return tx(cx -> one(
                        cx,
                        "SELECT 1 FROM " + RUNS + " WHERE thread_id = ? AND queue_status IN " + BUSY + " LIMIT 1",
                        threadId)
                != null);
    }

    @Override
    public List<String> active(String threadId) {
        return tx(cx -> ids(
                cx,
                "SELECT run_id FROM " + RUNS + " WHERE thread_id = ? AND queue_status IN " + BUSY
                        + " ORDER BY queue_status = 'pending', seq",
                threadId));
    }

    @Override
    public List<ActiveRun> activeRuns() {
        return tx(cx -> {
            List<ActiveRun> out = new ArrayList<>();
            try (PreparedStatement p = cx.prepareStatement("SELECT run_id, thread_id, queue_status FROM " + RUNS
                            + " WHERE queue_status IN " + BUSY + " ORDER BY queue_status = 'pending', seq");
                    ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    out.add(new ActiveRun(
                            r.getString(1), r.getString(2), !r.getString(3).equals("pending")));
                }
            }
            return out;
        });
    }

    @Override
    public CheckpointSaver saver(Claim claim, CheckpointSaver base) {
        return saver.guardedBy(new ClaimGuard(owner, claim, events));
    }

    /**
     * This JVM's owner id.
     *
     * @return the id
     */
    public String owner() {
        return owner;
    }

    /**
     * The lease of a claim.
     *
     * @return milliseconds
     */
    public long leaseMillis() {
        return leaseMillis;
    }

    /** A NOTIFY the {@link Notifier} sends once the transaction under way on {@code cx} committed. */
    private void notify(Connection cx, String payload) {
        notices.get(cx).add(payload);
    }

    private int update(Connection cx, String sql, Object... args) throws SQLException {
        try (PreparedStatement p = cx.prepareStatement(sql)) {
            bind(p, args);
            return p.executeUpdate();
        }
    }

    private List<String> ids(Connection cx, String sql, Object... args) throws SQLException {
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

    private String one(Connection cx, String sql, Object... args) throws SQLException {
        List<String> all = ids(cx, sql, args);
        return all.isEmpty() ? null : all.get(0);
    }

    private static void bind(PreparedStatement p, Object... args) throws SQLException {
        for (int i = 0; i < args.length; i++) {
            p.setObject(i + 1, args[i]);
        }
    }

    /**
     * One transaction on a connection borrowed from the server's pool for it; a NOTIFY inside is
     * sent when it commits. A pool whose connections are all busy fails it after the pool's wait.
     */
    private <T> T tx(Work<T> work) {
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
    private <T> T tx(Connection cx, Work<T> work) {
        notices.put(cx, new ArrayList<>());
        try {
            cx.setAutoCommit(false);
            try {
                T out = work.run(cx);
                cx.commit();
                for (String n : notices.get(cx)) {
                    notifier.send(CHANNEL, n);
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

    private IllegalStateException failed(SQLException e) {
        return new IllegalStateException("the run queue in " + where + " failed: " + e.getMessage(), e);
    }

    @Override
    public void close() {
        notifier.close(); // the server closes its pool after its users
    }

    /** A piece of one transaction. */
    private interface Work<T> {
        T run(Connection cx) throws SQLException;
    }
}
