package dev.switchboard.server.postgres;

import dev.switchboard.server.runs.Stop;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The leases of the {@link PostgresRunQueue}'s claims, as its {@link QueueWorker} keeps them: the
 * owner's renewals (which also tell it the cancels and the leases it lost), the sweep of any JVM's
 * expired leases back to pending, and the hand-back of a closing JVM's runs.
 */
final class Leases {
    private static final String RUNS = QueueRows.RUNS;

    private final QueueTx tx;
    private final QueueRows rows;
    private final String owner;
    private final long leaseMillis;

    Leases(QueueTx tx, QueueRows rows, String owner, long leaseMillis) {
        this.tx = tx;
        this.rows = rows;
        this.owner = owner;
        this.leaseMillis = leaseMillis;
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
        return tx.tx(control, cx -> {
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
        return tx.tx(control, cx -> {
            List<String> expired = QueueTx.ids(
                    cx,
                    "UPDATE " + RUNS + " SET queue_status = 'pending', owner = NULL,"
                            + " lease_until = NULL WHERE queue_status = 'running' AND lease_until < now() RETURNING run_id");
            List<String> cancelled = QueueTx.ids(
                    cx, "SELECT run_id FROM " + RUNS + " WHERE queue_status = 'cancelling' AND lease_until < now()");
            for (String id : cancelled) {
                rows.end(
                        cx,
                        id,
                        Stop.parse(QueueTx.one(cx, "SELECT cancel_action FROM " + RUNS + " WHERE run_id = ?", id)));
            }
            if (!expired.isEmpty() || !cancelled.isEmpty()) {
                tx.notify(cx, "wake");
            }
            return expired.size() + cancelled.size();
        });
    }

    /** Hands this JVM's running runs back to the queue (graceful shutdown): another JVM resumes them. */
    List<String> release() {
        return tx.tx(cx -> {
            List<String> ids = QueueTx.ids(
                    cx,
                    "UPDATE " + RUNS + " SET queue_status = 'pending', owner = NULL, lease_until = NULL"
                            + " WHERE owner = ? AND queue_status = 'running' RETURNING run_id",
                    owner);
            if (!ids.isEmpty()) {
                tx.notify(cx, "wake");
            }
            return ids;
        });
    }
}
