package dev.switchboard.server.postgres;

import dev.switchboard.runtime.serde.IsoInstant;
import dev.switchboard.server.rows.Clock;
import dev.switchboard.server.rows.RunRow;
import dev.switchboard.server.runs.Claim;
import dev.switchboard.server.runs.Stop;
import dev.switchboard.server.wire.Json;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Map;

/**
 * The statements of the {@link PostgresRunQueue} on run and thread rows that its transactions
 * share: a create's thread lock and row, a claim (the pick, the run marked running, the claim
 * logged, the thread marked busy, in one statement), and the end or cancel of a run nobody runs.
 * Each runs inside the caller's transaction ({@link QueueTx}).
 */
final class QueueRows {
    static final String RUNS = "switchboard_server_runs";

    private final QueueTx tx;
    private final long leaseMillis;
    /** The graphs this JVM serves and the stored-schema version of each, as two SQL arrays. */
    private final String[] graphIds;

    private final Integer[] schemaVersions;

    QueueRows(QueueTx tx, long leaseMillis, Map<String, Integer> versions) {
        this.tx = tx;
        this.leaseMillis = leaseMillis;
        this.graphIds = versions.keySet().toArray(String[]::new);
        this.schemaVersions = versions.values().toArray(Integer[]::new);
    }

    /** Marks a running run cancelling; its owner stops it at its next step boundary. */
    void cancelling(Connection cx, String runId, Stop stop) throws SQLException {
        QueueTx.update(
                cx,
                "UPDATE " + RUNS + " SET queue_status = 'cancelling', cancel_action = ? WHERE run_id = ?"
                        + " AND queue_status = 'running'",
                stop.storedName(),
                runId);
        tx.notify(cx, "cancel " + runId);
    }

    /** Ends a run that nobody runs: its row's status and result become the stop's. */
    void end(Connection cx, String runId, Stop stop) throws SQLException {
        QueueTx.update(
                cx,
                "UPDATE " + RUNS + " SET queue_status = 'done', owner = NULL, lease_until = NULL,"
                        + " row_json = (row_json::jsonb || jsonb_build_object('status', ?::text, 'result',"
                        + " ?::jsonb))::text WHERE run_id = ?",
                stop.runStatus().wireName(),
                Json.text(stop.result(null)),
                runId);
        tx.notify(cx, "done " + runId);
    }

    void lockThread(Connection cx, String threadId) throws SQLException {
        try (PreparedStatement p =
                cx.prepareStatement("SELECT 1 FROM switchboard_server_threads WHERE thread_id = ? FOR UPDATE")) {
            p.setString(1, threadId);
            p.executeQuery().close();
        }
    }

    void insert(Connection cx, RunRow run, String row) throws SQLException {
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

    /**
     * Claims as {@link #claim} does (just {@code runId} when given), inside the caller's
     * transaction, in one statement: the pick, the run's row marked running (its queue columns and
     * its JSON's status, which other JVMs show), the claim logged and, with {@code busy}, the
     * thread's row marked busy (a create that claims writes its thread's row itself); null when
     * nothing is free. Two JVMs racing for one thread's runs see a unique violation, and the loser
     * claims nothing. With {@code busy} (a claim of a run another JVM may have created) the
     * statement also answers both rows as it wrote them, which the claimer would otherwise read
     * right after: two round trips fewer per run.
     */
    Claim take(Connection cx, String owner, String runId, boolean busy) throws SQLException {
        String now = IsoInstant.format(Clock.now());
        String sql = "WITH c AS (UPDATE " + RUNS + " u SET queue_status = 'running', owner = ?,"
                + " attempt = u.attempt + 1, lease_until = now() + ? * interval '1 millisecond',"
                + " row_json = " + restatus("u.row_json", "pending", "running")
                + " WHERE u.run_id = (" + pick(runId) + ") RETURNING u.run_id, u.thread_id, u.attempt"
                + (busy ? ", u.row_json" : "") + "),"
                + " l AS (INSERT INTO switchboard_server_claims (run_id, owner, attempt)"
                + " SELECT run_id, ?, attempt FROM c)"
                + (busy
                        ? ", t AS (UPDATE switchboard_server_threads SET row_json = (row_json::jsonb"
                                + " || jsonb_build_object('status', 'busy', 'updated_at', ?::text))::text"
                                + " WHERE thread_id = (SELECT thread_id FROM c) RETURNING row_json)"
                        : "")
                + " SELECT run_id, thread_id, attempt"
                + (busy ? ", row_json, (SELECT row_json FROM t)" : "") + " FROM c";
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
                if (!r.next()) {
                    return null;
                }
                return busy
                        ? new Claim(r.getString(1), r.getString(2), r.getInt(3), r.getString(4), r.getString(5))
                        : new Claim(r.getString(1), r.getString(2), r.getInt(3));
            }
        }
    }

    /**
     * SQL for a run row's JSON with its status changed from {@code from} to {@code to} and its
     * updated_at to the statement's next parameter: in the row's text, whose first two fields they
     * are ({@link RunRow#stored}), so the rest (its metadata's key order, which a run's events show)
     * stays as its creating JVM wrote it; a row written otherwise (an older server) through jsonb.
     */
    static String restatus(String column, String from, String to) {
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
    static String pick(String runId) {
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
}
