package dev.switchboard.server.rows;

import dev.switchboard.checkpoint.jdbc.ConnectionPool;
import dev.switchboard.server.wire.Json;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/**
 * The webhook calls not made yet, in a table of the server's database ({@code
 * switchboard_server_webhooks}): a row per ended run with a {@code webhook}, holding the URL, the
 * body to POST, how many calls were made and when the next is due. A server takes due rows with
 * {@link #claim} ({@code FOR UPDATE SKIP LOCKED} on PostgreSQL, so two servers never take one row
 * at once), which counts the call and pushes its due time past the call's longest duration: a
 * server that dies while calling leaves the row due again for any server after that. A row is
 * deleted when its call succeeded or its calls ran out, so the calls of a run survive restarts and
 * crashes, and a receiver may get one twice (it tells by the run id).
 */
public final class WebhookTable implements AutoCloseable {
    private static final String ROWS = "switchboard_server_webhooks";

    private static final String INSERT = "INSERT INTO " + ROWS
            + " (run_id, url, body_json, attempts, next_attempt_ms) VALUES (?, ?, ?, 0, ?) ON CONFLICT (run_id) DO NOTHING";

    private final Sql sql;

    private WebhookTable(Sql sql) {
        this.sql = sql;
    }

    /**
     * Opens the table (created by {@link ServerSchema}'s migration 6).
     *
     * @param jdbcUrl the server's database, or null for a private one in memory
     * @param where the database as error messages name it
     * @return the table
     */
    public static WebhookTable open(String jdbcUrl, String where) {
        return new WebhookTable(Sql.open(jdbcUrl, where));
    }

    /**
     * Opens the table on the server's PostgreSQL pool, each transaction borrowing a connection
     * (created by {@link ServerSchema}'s migration 6).
     *
     * @param pool the server's pool
     * @param where the database as error messages name it
     * @return the table
     */
    public static WebhookTable open(ConnectionPool pool, String where) {
        return new WebhookTable(Sql.open(pool, where));
    }

    /**
     * A call to make: the run it tells of, where, what, and which call of the run this is.
     *
     * @param runId the run (the row's key, and the receiver's idempotency key)
     * @param url the webhook
     * @param body the JSON to POST
     * @param attempt the number of this call, the first being 1
     */
    public record Delivery(String runId, String url, ObjectNode body, int attempt) {}

    /**
     * Adds a run's call, due now; a run already added keeps its row (its end was told twice).
     *
     * @param runId the run
     * @param url the webhook
     * @param body the JSON to POST
     * @param nowMillis the time
     */
    public synchronized void add(String runId, String url, ObjectNode body, long nowMillis) {
        sql.tx(() -> sql.update(INSERT, runId, url, Sql.text(body), nowMillis));
    }

    /**
     * Adds a run's call, due now, inside a transaction of another connection to the same database
     * (the run queue's, as it stores the run's end); a run already added keeps its row.
     *
     * @param c the connection, in its transaction
     * @param call the call ({@link Delivery#attempt()} is not read: none was made)
     * @param nowMillis the time
     * @throws SQLException when the database refuses
     */
    public static void add(Connection c, Delivery call, long nowMillis) throws SQLException {
        try (PreparedStatement p = c.prepareStatement(INSERT)) {
            p.setString(1, call.runId());
            p.setString(2, call.url());
            p.setString(3, Sql.text(call.body()));
            p.setLong(4, nowMillis);
            p.executeUpdate();
        }
    }

    /**
     * Takes the calls due at {@code nowMillis}: each is counted and not due again before {@code
     * nowMillis + holdMillis}, unless {@link #failed} or {@link #done} says otherwise first.
     *
     * @param nowMillis the time
     * @param holdMillis how long a taken call stays this server's
     * @param limit how many to take at most
     * @return the calls to make
     */
    public synchronized List<Delivery> claim(long nowMillis, long holdMillis, int limit) {
        String lock = sql.postgres() ? " FOR UPDATE SKIP LOCKED" : "";
        return sql.tx(() -> {
            List<Delivery> out = new ArrayList<>();
            for (String[] r : sql.strings(
                    "SELECT run_id, url, body_json, attempts FROM " + ROWS
                            + " WHERE next_attempt_ms <= ? ORDER BY next_attempt_ms LIMIT " + limit + lock,
                    nowMillis)) {
                int attempt = Integer.parseInt(r[3]) + 1;
                sql.update(
                        "UPDATE " + ROWS + " SET attempts = ?, next_attempt_ms = ? WHERE run_id = ?",
                        attempt,
                        nowMillis + holdMillis,
                        r[0]);
                out.add(new Delivery(r[0], r[1], (ObjectNode) Json.parse(r[2]), attempt));
            }
            return out;
        });
    }

    /**
     * Removes a call that succeeded, or whose calls ran out.
     *
     * @param d the call
     */
    public synchronized void done(Delivery d) {
        sql.tx(() -> sql.update("DELETE FROM " + ROWS + " WHERE run_id = ? AND attempts = ?", d.runId(), d.attempt()));
    }

    /**
     * Makes a failed call due again at {@code nextMillis} (unless another server took it meanwhile).
     *
     * @param d the call
     * @param nextMillis when to call again
     */
    public synchronized void failed(Delivery d, long nextMillis) {
        sql.tx(() -> sql.update(
                "UPDATE " + ROWS + " SET next_attempt_ms = ? WHERE run_id = ? AND attempts = ?",
                nextMillis,
                d.runId(),
                d.attempt()));
    }

    /**
     * When the next call is due, whoever makes it.
     *
     * @return epoch milliseconds, or -1 when there is none
     */
    public synchronized long nextDue() {
        return sql.tx(() -> sql.number("SELECT MIN(next_attempt_ms) FROM " + ROWS, -1));
    }

    @Override
    public synchronized void close() {
        sql.close();
    }
}
