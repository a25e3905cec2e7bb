package dev.switchboard.server.rows;

import dev.switchboard.checkpoint.jdbc.ConnectionPool;
import dev.switchboard.server.wire.ApiException;
import dev.switchboard.server.wire.Json;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;
import tools.jackson.databind.node.ObjectNode;

/**
 * The assistants and every version of each, in two tables of the server's database ({@code
 * switchboard_server_assistants}: the current row of each; {@code
 * switchboard_server_assistant_versions}: one row per version), or of a private database in memory
 * when the server has none. Every change is one transaction that writes the current row and its new
 * version together; on PostgreSQL it locks the assistant's row first, so two servers patching one
 * assistant at once write versions n+1 and n+2, never two n+1. Reads always ask the database, so
 * every server on a shared one sees every assistant.
 */
public final class AssistantTable implements AutoCloseable {
    private static final String ROWS = "switchboard_server_assistants";
    private static final String VERSIONS = "switchboard_server_assistant_versions";

    private static final int READ_KEPT = 256;

    private final Sql sql;
    /**
     * The row last read of each assistant with the text it was read from (a concurrent map: reads
     * run at once, each on its own connection): a read still asks the database, but the same text is not parsed again. Rows are
     * shared, so no caller changes one (each copies what it changes).
     */
    private final Map<String, Read> read = new ConcurrentHashMap<>();

    private record Read(String text, AssistantRow row) {}

    private AssistantTable(Sql sql) {
        this.sql = sql;
    }

    /**
     * Opens the tables, creating them if needed.
     *
     * @param jdbcUrl the server's database, or null for a private one in memory
     * @param where the database as error messages name it
     * @return the tables
     */
    public static AssistantTable open(String jdbcUrl, String where) {
        return new AssistantTable(Sql.open(jdbcUrl, where));
    }

    /**
     * Opens the tables on the server's PostgreSQL pool (each transaction borrows a connection),
     * creating them if needed.
     *
     * @param pool the server's pool
     * @param where the database as error messages name it
     * @return the tables
     */
    public static AssistantTable open(ConnectionPool pool, String where) {
        return new AssistantTable(Sql.open(pool, where));
    }

    /** What {@link #create} found. */
    public enum Created {
        /** The assistant is new. */
        NEW,
        /** One of that id exists already; it is answered unchanged. */
        EXISTING
    }

    /**
     * Inserts an assistant with its version 1, unless one of its id exists.
     *
     * @param a the assistant, version 1
     * @return whether it was new; the stored row is {@link #get}'s
     */
    public Created create(AssistantRow a) {
        return sql.tx(() -> {
            if (lock(a.assistantId()) != null) {
                return Created.EXISTING;
            }
            sql.update("INSERT INTO " + ROWS + " (assistant_id, row_json) VALUES (?, ?)", a.assistantId(), row(a));
            insertVersion(a);
            return Created.NEW;
        });
    }

    /**
     * Inserts the system assistant of a served graph unless it exists (another server, or an earlier
     * start of this one, made it): a race between servers starting together leaves one.
     *
     * @param a the system assistant
     */
    public void ensure(AssistantRow a) {
        sql.tx(() -> {
            String conflict = sql.postgres() ? " ON CONFLICT DO NOTHING" : "";
            String or = sql.postgres() ? "" : " OR IGNORE";
            int n = sql.update(
                    "INSERT" + or + " INTO " + ROWS + " (assistant_id, row_json) VALUES (?, ?)" + conflict,
                    a.assistantId(),
                    row(a));
            if (n == 1) {
                sql.update(
                        "INSERT" + or + " INTO " + VERSIONS + " (assistant_id, version, row_json) VALUES (?, ?, ?)"
                                + conflict,
                        a.assistantId(),
                        a.version(),
                        Sql.text(a.versionJson()));
            }
            return null;
        });
    }

    /**
     * An assistant as it is now.
     *
     * @param id the assistant id
     * @return the row, or null
     */
    public AssistantRow get(String id) {
        List<String[]> rows =
                sql.once(() -> sql.strings("SELECT row_json FROM " + ROWS + " WHERE assistant_id = ?", id));
        if (rows.isEmpty()) {
            read.remove(id);
            return null;
        }
        String text = rows.get(0)[0];
        Read last = read.get(id);
        if (last != null && last.text().equals(text)) {
            return last.row(); // unchanged since: every run reads its assistant, most often the same
        }
        AssistantRow row = AssistantRow.restore((ObjectNode) Json.parse(text));
        if (read.size() >= READ_KEPT) {
            read.clear();
        }
        read.put(id, new Read(text, row));
        return row;
    }

    /**
     * Changes an assistant: {@code change} makes its new row from the current one; it is written as
     * the next version (the highest so far plus one) and made current, in one transaction.
     *
     * @param id the assistant id
     * @param change the new row from the current one (its version and times are set here)
     * @param now the time of the change
     * @return the new row, or null when there is no such assistant
     */
    public AssistantRow patch(String id, UnaryOperator<AssistantRow> change, Instant now) {
        return sql.tx(() -> {
            AssistantRow current = lock(id);
            if (current == null) {
                return null;
            }
            int next = (int) sql.number("SELECT MAX(version) FROM " + VERSIONS + " WHERE assistant_id = ?", 0, id) + 1;
            AssistantRow c = change.apply(current);
            AssistantRow updated = new AssistantRow(
                    id,
                    c.graphId(),
                    c.config(),
                    c.context(),
                    c.metadata(),
                    c.name(),
                    c.description(),
                    next,
                    current.createdAt(),
                    now);
            sql.update("UPDATE " + ROWS + " SET row_json = ? WHERE assistant_id = ?", row(updated), id);
            insertVersion(new AssistantRow(
                    id, c.graphId(), c.config(), c.context(), c.metadata(), c.name(), c.description(), next, now, now));
            return updated;
        });
    }

    /**
     * Makes an earlier (or later) version the current one; writes no new version.
     *
     * @param id the assistant id
     * @param version the version
     * @param now the time of the change
     * @return the new row
     * @throws ApiException 404 when the assistant or the version does not exist
     */
    public AssistantRow setLatest(String id, int version, Instant now) {
        return sql.tx(() -> {
            AssistantRow current = lock(id);
            if (current == null) {
                throw ApiException.notFound("Assistant \"" + id + "\" not found");
            }
            ObjectNode v = sql.row(
                    "SELECT row_json FROM " + VERSIONS + " WHERE assistant_id = ? AND version = ?", id, version);
            if (v == null) {
                throw ApiException.notFound("Assistant \"" + id + "\" has no version " + version);
            }
            AssistantRow updated = current.atVersion(AssistantRow.restore(v), now);
            sql.update("UPDATE " + ROWS + " SET row_json = ? WHERE assistant_id = ?", row(updated), id);
            return updated;
        });
    }

    /**
     * Deletes an assistant and its versions.
     *
     * @param id the assistant id
     * @return whether it existed
     */
    public boolean delete(String id) {
        return sql.tx(() -> {
            sql.update("DELETE FROM " + VERSIONS + " WHERE assistant_id = ?", id);
            return sql.update("DELETE FROM " + ROWS + " WHERE assistant_id = ?", id) == 1;
        });
    }

    /**
     * Every assistant (searches filter them: a server has few).
     *
     * @return the rows
     */
    public List<AssistantRow> all() {
        return sql.tx(() -> sql.rows("SELECT row_json FROM " + ROWS).stream()
                .map(AssistantRow::restore)
                .toList());
    }

    /**
     * An assistant's versions, newest first.
     *
     * @param id the assistant id
     * @return the versions (their {@code createdAt} is when each was written)
     */
    public List<AssistantRow> versions(String id) {
        return sql.tx(() ->
                sql
                        .rows("SELECT row_json FROM " + VERSIONS + " WHERE assistant_id = ? ORDER BY version DESC", id)
                        .stream()
                        .map(AssistantRow::restore)
                        .toList());
    }

    /** The current row, locked for the transaction on PostgreSQL (SQLite's transaction holds the file's lock). */
    private AssistantRow lock(String id) throws SQLException {
        String forUpdate = sql.postgres() ? " FOR UPDATE" : "";
        ObjectNode r = sql.row("SELECT row_json FROM " + ROWS + " WHERE assistant_id = ?" + forUpdate, id);
        return r == null ? null : AssistantRow.restore(r);
    }

    private void insertVersion(AssistantRow v) throws SQLException {
        sql.update(
                "INSERT INTO " + VERSIONS + " (assistant_id, version, row_json) VALUES (?, ?, ?)",
                v.assistantId(),
                v.version(),
                Sql.text(v.versionJson()));
    }

    private static String row(AssistantRow a) {
        return Sql.text(a.json());
    }

    @Override
    public void close() {
        sql.close();
    }
}
