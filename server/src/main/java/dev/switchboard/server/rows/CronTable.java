package dev.switchboard.server.rows;

import dev.switchboard.checkpoint.jdbc.ConnectionPool;
import dev.switchboard.server.wire.Json;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.function.UnaryOperator;
import tools.jackson.databind.node.ObjectNode;

/**
 * The crons, in a table of the server's database ({@code switchboard_server_crons}): each row its
 * LangGraph JSON and, apart, when it fires next (null once disabled or past its end time). On
 * PostgreSQL {@link #fireDue} locks the due rows it takes ({@code FOR UPDATE SKIP LOCKED}) for the
 * whole firing, so of several servers on one database exactly one fires each due time; the firing
 * itself is idempotent (its run has an id made from the cron and the time), so a server that dies
 * between starting the run and moving the cron on leaves a firing that the next one finds done.
 */
public final class CronTable implements AutoCloseable {
    private static final String ROWS = "switchboard_server_crons";
    /** How many due crons one pass takes. */
    private static final int BATCH = 16;

    private final Sql sql;

    private CronTable(Sql sql) {
        this.sql = sql;
    }

    /**
     * Opens the table, creating it if needed.
     *
     * @param jdbcUrl the server's database, or null for a private one in memory
     * @param where the database as error messages name it
     * @return the table
     */
    public static CronTable open(String jdbcUrl, String where) {
        return new CronTable(Sql.open(jdbcUrl, where));
    }

    /**
     * Opens the table on the server's PostgreSQL pool (each transaction borrows a connection),
     * creating it if needed.
     *
     * @param pool the server's pool
     * @param where the database as error messages name it
     * @return the table
     */
    public static CronTable open(ConnectionPool pool, String where) {
        return new CronTable(Sql.open(pool, where));
    }

    /**
     * Inserts a cron.
     *
     * @param cron its JSON ({@code cron_id}, {@code enabled}, {@code next_run_date}, ...)
     */
    public synchronized void create(ObjectNode cron) {
        sql.tx(() -> sql.update(
                "INSERT INTO " + ROWS + " (cron_id, next_run_ms, row_json) VALUES (?, ?, ?)",
                Json.text(cron, "cron_id"),
                nextMillis(cron),
                Sql.text(cron)));
    }

    /**
     * A cron as it is now.
     *
     * @param id the cron id
     * @return its JSON, or null
     */
    public synchronized ObjectNode get(String id) {
        return sql.tx(() -> sql.row("SELECT row_json FROM " + ROWS + " WHERE cron_id = ?", id));
    }

    /**
     * Changes a cron in one transaction (its row locked on PostgreSQL).
     *
     * @param id the cron id
     * @param change the new JSON from the current one
     * @return the new JSON, or null when there is no such cron
     */
    public synchronized ObjectNode update(String id, UnaryOperator<ObjectNode> change) {
        return sql.tx(() -> {
            String forUpdate = sql.postgres() ? " FOR UPDATE" : "";
            ObjectNode current = sql.row("SELECT row_json FROM " + ROWS + " WHERE cron_id = ?" + forUpdate, id);
            if (current == null) {
                return null;
            }
            ObjectNode updated = change.apply(current);
            write(updated);
            return updated;
        });
    }

    /**
     * Deletes a cron.
     *
     * @param id the cron id
     * @return whether it existed
     */
    public synchronized boolean delete(String id) {
        return sql.tx(() -> sql.update("DELETE FROM " + ROWS + " WHERE cron_id = ?", id) == 1);
    }

    /**
     * Every cron (searches filter them: a server has few).
     *
     * @return their JSON
     */
    public synchronized List<ObjectNode> all() {
        return sql.tx(() -> sql.rows("SELECT row_json FROM " + ROWS));
    }

    /**
     * Fires the crons due at {@code now}: {@code fire} starts each one's run and answers its JSON
     * moved on to its next time, which is written back. On PostgreSQL the due rows stay locked
     * while they fire, so another server skips them; on SQLite (one server) the rows are read, fired
     * and written without holding the file's lock, which the run's own writes need.
     *
     * @param now the time
     * @param fire starts a due cron's run; answers the cron's new JSON
     * @return how many fired
     */
    public synchronized int fireDue(Instant now, UnaryOperator<ObjectNode> fire) {
        String due = "SELECT row_json FROM " + ROWS
                + " WHERE next_run_ms IS NOT NULL AND next_run_ms <= ? ORDER BY next_run_ms LIMIT " + BATCH;
        if (sql.postgres()) {
            return sql.tx(() -> {
                List<ObjectNode> rows = sql.rows(due + " FOR UPDATE SKIP LOCKED", now.toEpochMilli());
                for (ObjectNode r : rows) {
                    write(fire.apply(r));
                }
                return rows.size();
            });
        }
        List<ObjectNode> rows = sql.tx(() -> sql.rows(due, now.toEpochMilli()));
        for (ObjectNode r : rows) {
            ObjectNode moved = fire.apply(r);
            // unless it was patched or deleted meanwhile (then that change stands)
            sql.tx(() -> sql.update(
                    "UPDATE " + ROWS + " SET next_run_ms = ?, row_json = ? WHERE cron_id = ? AND row_json = ?",
                    nextMillis(moved),
                    Sql.text(moved),
                    Json.text(moved, "cron_id"),
                    Sql.text(r)));
        }
        return rows.size();
    }

    private void write(ObjectNode cron) throws SQLException {
        sql.update(
                "UPDATE " + ROWS + " SET next_run_ms = ?, row_json = ? WHERE cron_id = ?",
                nextMillis(cron),
                Sql.text(cron),
                Json.text(cron, "cron_id"));
    }

    /** When a cron fires next, epoch milliseconds; null when disabled or finished. */
    private static Long nextMillis(ObjectNode cron) {
        String next = Json.text(cron, "next_run_date");
        if (next == null || !cron.path("enabled").asBoolean(true)) {
            return null;
        }
        return Instant.parse(next).toEpochMilli();
    }

    @Override
    public synchronized void close() {
        sql.close();
    }
}
