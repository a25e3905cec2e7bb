package dev.switchboard.server.postgres;

import dev.switchboard.checkpoint.jdbc.ConnectionPool;
import dev.switchboard.checkpoint.jdbc.JdbcSaver;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.runtime.serde.IsoInstant;
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
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
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
    /**
     * The NOTIFY channel: payloads {@code wake}, {@code cancel <run>}, {@code done <run>}, {@code
     * tail <run>} (a JVM streams the run's events, see {@link EventLog#tailed}).
     */
    static final String CHANNEL = "switchboard_runs";

    private static final String RUNS = QueueRows.RUNS;
    /** Statuses that hold a thread: a new run there waits (enqueue) or is refused (reject). */
    private static final String BUSY = "('pending', 'running', 'cancelling')";

    private final String owner;
    private final long leaseMillis;
    private final JdbcSaver saver;
    /** The transactions, each on a connection of the server's pool, and their NOTIFYs. */
    private final QueueTx tx;
    /** The statements on run and thread rows the transactions share. */
    private final QueueRows rows;

    private final Leases leases;

    /** Where the runs' events go: a run's last ones are stored with its outcome; null until set. */
    private volatile EventLog events;

    private PostgresRunQueue(
            ConnectionPool pool,
            String where,
            String owner,
            long leaseMillis,
            JdbcSaver saver,
            Map<String, Integer> versions) {
        this.owner = owner;
        this.leaseMillis = leaseMillis;
        this.saver = saver;
        this.tx = new QueueTx(pool, where);
        this.rows = new QueueRows(tx, leaseMillis, versions);
        this.leases = new Leases(tx, rows, owner, leaseMillis);
    }

    /**
     * Adds the queue's columns to the server's run table; each of the queue's transactions then
     * borrows a connection of the server's pool, except the worker's lease renewals and sweeps,
     * which run on the connection it keeps (see {@link Leases}).
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
        String idle = RowJson.text(Json.object().put("updated_at", IsoInstant.format(thread.updatedAt())));
        ObjectNode busyFields = thread.stateFields();
        busyFields.put("status", ThreadStatus.BUSY.wireName());
        busyFields.put("updated_at", IsoInstant.format(Clock.now()));
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
        return tx.tx(cx -> {
            rows.lockThread(cx, run.threadId());
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
                    rows.end(cx, id, stop);
                }
                if (d.cancelled() != null) {
                    rows.cancelling(cx, d.cancelled(), stop);
                }
            }
            rows.insert(cx, run, row);
            Claim c = claimFor == null ? null : rows.take(cx, claimFor, run.id(), false);
            if (c == null) {
                tx.notify(cx, "wake");
            }
            stored[0] = QueueTx.one(
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

    @Override
    public Cancelled cancel(RunRow run, Stop stop) {
        return tx.tx(cx -> {
            String status =
                    QueueTx.one(cx, "SELECT queue_status FROM " + RUNS + " WHERE run_id = ? FOR UPDATE", run.id());
            if ("pending".equals(status)) {
                rows.end(cx, run.id(), stop);
                return Cancelled.ENDED;
            }
            if ("running".equals(status)) {
                rows.cancelling(cx, run.id(), stop);
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
            return tx.tx(cx -> Optional.ofNullable(rows.take(cx, owner, null, true)));
        } catch (IllegalStateException e) {
            if (e.getCause() instanceof SQLException s && "23505".equals(s.getSQLState())) {
                return Optional.empty(); // another JVM started a run on that thread first
            }
            throw e;
        }
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
        return finish(claim, row, thread, outcome, null).held();
    }

    /**
     * As {@link #finish(Claim, RunRow, ThreadRow, Outcome)}; with {@code claimFor}, the same
     * transaction then claims the next free run for it ({@link QueueRows#take}, as {@link #claim}
     * does): the run taking the freed slot costs no transaction of its own. When that claim meets
     * another JVM's (a unique violation) or a deadlock, the transaction is rolled back and the end
     * stored again alone, claiming nothing.
     */
    @Override
    public Finished finish(Claim claim, RunRow row, ThreadRow thread, Outcome outcome, String claimFor) {
        // the rows' JSON before borrowing a connection: never a row's monitor while holding one
        String runJson = RowJson.text(outcome.runRow(row));
        String threadFields = RowJson.text(outcome.threadFields(thread));
        EndRows.Write also = endRows.prepare(row, outcome);
        EventLog log = events;
        Claim[] next = new Claim[1];
        Function<List<EventLog.Pending>, Boolean> end = last -> claimingIfFree(
                claimFor, next, owner -> storeEnd(claim, runJson, thread.id(), threadFields, last, also, owner, next));
        boolean held = log == null ? end.apply(List.of()) : log.storingLast(claim.runId(), end);
        if (held) {
            outcome.publish(row, thread); // committed: whoever sees the run end here finds its thread free
        }
        return new Finished(held, held ? next[0] : null);
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

    /**
     * Stores a run's end with {@code store}, first claiming the next run for {@code claimFor} in
     * its transaction when one is given: when that claim meets another JVM's (a unique violation)
     * or a deadlock, the transaction was rolled back, the end with it, and the end is stored again
     * alone.
     */
    private static boolean claimingIfFree(String claimFor, Claim[] next, Function<String, Boolean> store) {
        next[0] = null;
        if (claimFor != null) {
            try {
                return store.apply(claimFor);
            } catch (IllegalStateException e) {
                if (!(e.getCause() instanceof SQLException s)
                        || !("23505".equals(s.getSQLState()) || "40P01".equals(s.getSQLState()))) {
                    throw e;
                }
                next[0] = null;
            }
        }
        return store.apply(null);
    }

    /** Stores the end in one transaction, which claims the next run for {@code claimFor} unless null. */
    private boolean storeEnd(
            Claim claim,
            String runJson,
            String threadId,
            String threadFields,
            List<EventLog.Pending> last,
            EndRows.Write also,
            String claimFor,
            Claim[] next) {
        String runId = claim.runId();
        return tx.tx(cx -> {
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
                if (held && claimFor != null) {
                    next[0] = rows.take(cx, claimFor, null, true);
                }
                if (held) {
                    tx.notify(cx, "done " + runId);
                    if (waiting && (next[0] == null || !next[0].threadId().equals(threadId))) {
                        tx.notify(cx, "wake"); // a run of the thread waits behind this one
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
        log.announceThrough(tx.notifier);
    }

    @Override
    public void giveBack(Claim claim) {
        tx.tx(cx -> QueueTx.update(
                cx,
                "UPDATE " + RUNS + " SET queue_status = 'pending', owner = NULL, lease_until = NULL,"
                        + " attempt = attempt - 1, row_json = " + QueueRows.restatus("row_json", "running", "pending")
                        + " WHERE run_id = ? AND owner = ? AND attempt = ?",
                IsoInstant.format(Clock.now()),
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
        return tx.tx(cx -> QueueTx.one(cx, "SELECT queue_status FROM " + RUNS + " WHERE run_id = ?", runId));
    }

    @Override
    public boolean busy(String threadId) {
        return tx.tx(cx -> QueueTx.one(
                        cx,
                        "SELECT 1 FROM " + RUNS + " WHERE thread_id = ? AND queue_status IN " + BUSY + " LIMIT 1",
                        threadId)
                != null);
    }

    @Override
    public List<String> active(String threadId) {
        return tx.tx(cx -> QueueTx.ids(
                cx,
                "SELECT run_id FROM " + RUNS + " WHERE thread_id = ? AND queue_status IN " + BUSY
                        + " ORDER BY queue_status = 'pending', seq",
                threadId));
    }

    @Override
    public List<ActiveRun> activeRuns() {
        return tx.tx(cx -> {
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

    /**
     * Renews this JVM's leases on the worker's own connection; see {@link Leases#heartbeat}.
     *
     * @param control the worker's connection
     * @param running the runs executing here
     * @return the runs still held, to their status
     */
    Map<String, String> heartbeat(Connection control, List<String> running) {
        return leases.heartbeat(control, running);
    }

    /** Returns expired leases to the queue; see {@link Leases#sweep}. */
    int sweep(Connection control) {
        return leases.sweep(control);
    }

    /** Hands this JVM's running runs back to the queue; see {@link Leases#release}. */
    List<String> release() {
        return leases.release();
    }

    @Override
    public void close() {
        tx.close(); // the server closes its pool after its users
    }
}
