package dev.switchboard.server.rows;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The server's tables, one versioned list of migrations for the whole module, applied in order and
 * recorded in {@code switchboard_server_schema}: the thread and run rows (1, every database), the
 * PostgreSQL run queue's columns and claim log (2), the shared run events (3) and the graph of each
 * queued run, which rolling upgrades compare with the thread's schema version (4), the assistants
 * and crons (5, every database; before, each created its own), the webhook calls not made yet (6,
 * every database), the database's secrets (7, every database: the key of owner-scoped thread ids). Whatever opens
 * the tables first applies what is missing, in one transaction under a lock, so JVMs started
 * together on an empty database migrate it one after the other (PostgreSQL: an advisory lock and
 * transactional DDL; SQLite: the file's write lock), and the later ones find it migrated without
 * touching the busy tables again. Every migration is written to run on a database that already has
 * what it creates, as the tables of servers from before the list do.
 */
public final class ServerSchema {
    /** The advisory lock key of the server's migrations: "SWBSERVR" in ASCII. */
    private static final long LOCK = 0x5357425345525652L;

    private static final String RUNS = "switchboard_server_runs";

    /** One migration: its version, whether PostgreSQL only, its statements. */
    private record Migration(int version, boolean postgresOnly, List<String> statements) {}

    private static final List<Migration> MIGRATIONS = List.of(
            new Migration(
                    1,
                    false,
                    List.of(
                            "CREATE TABLE IF NOT EXISTS switchboard_server_threads ("
                                    + "thread_id VARCHAR(64) PRIMARY KEY, row_json TEXT NOT NULL)",
                            "CREATE TABLE IF NOT EXISTS " + RUNS + " (run_id VARCHAR(64) PRIMARY KEY,"
                                    + " thread_id VARCHAR(64) NOT NULL, seq BIGINT NOT NULL, row_json TEXT NOT NULL)",
                            "CREATE INDEX IF NOT EXISTS switchboard_server_runs_thread ON " + RUNS + " (thread_id)")),
            new Migration(
                    2,
                    true,
                    List.of(
                            "ALTER TABLE " + RUNS
                                    + " ADD COLUMN IF NOT EXISTS queue_status VARCHAR(16) NOT NULL DEFAULT 'done'",
                            "ALTER TABLE " + RUNS + " ADD COLUMN IF NOT EXISTS owner VARCHAR(64)",
                            "ALTER TABLE " + RUNS + " ADD COLUMN IF NOT EXISTS lease_until TIMESTAMPTZ",
                            "ALTER TABLE " + RUNS + " ADD COLUMN IF NOT EXISTS attempt INT NOT NULL DEFAULT 0",
                            "ALTER TABLE " + RUNS + " ADD COLUMN IF NOT EXISTS cancel_action VARCHAR(16)",
                            "CREATE UNIQUE INDEX IF NOT EXISTS switchboard_server_runs_one_running ON " + RUNS
                                    + " (thread_id) WHERE queue_status IN ('running', 'cancelling')",
                            "CREATE INDEX IF NOT EXISTS switchboard_server_runs_pending ON " + RUNS
                                    + " (seq) WHERE queue_status = 'pending'",
                            "CREATE TABLE IF NOT EXISTS switchboard_server_claims (run_id VARCHAR(64) NOT NULL,"
                                    + " owner VARCHAR(64) NOT NULL, attempt INT NOT NULL,"
                                    + " claimed_at TIMESTAMPTZ NOT NULL DEFAULT now())")),
            new Migration(
                    3,
                    true,
                    List.of(
                            "CREATE TABLE IF NOT EXISTS switchboard_server_events (id BIGSERIAL PRIMARY KEY,"
                                    + " run_id VARCHAR(64) NOT NULL REFERENCES " + RUNS
                                    + " (run_id) ON DELETE CASCADE, event VARCHAR(255) NOT NULL,"
                                    + " data TEXT NOT NULL, created_at TIMESTAMPTZ NOT NULL DEFAULT now())",
                            "CREATE INDEX IF NOT EXISTS switchboard_server_events_run ON switchboard_server_events"
                                    + " (run_id, id)")),
            new Migration(4, true, List.of("ALTER TABLE " + RUNS + " ADD COLUMN IF NOT EXISTS graph_id VARCHAR(64)")),
            new Migration(
                    5,
                    false,
                    List.of(
                            "CREATE TABLE IF NOT EXISTS switchboard_server_assistants (assistant_id VARCHAR(64)"
                                    + " PRIMARY KEY, row_json TEXT NOT NULL)",
                            "CREATE TABLE IF NOT EXISTS switchboard_server_assistant_versions (assistant_id"
                                    + " VARCHAR(64) NOT NULL, version INT NOT NULL, row_json TEXT NOT NULL,"
                                    + " PRIMARY KEY (assistant_id, version))",
                            "CREATE TABLE IF NOT EXISTS switchboard_server_crons (cron_id VARCHAR(64) PRIMARY KEY,"
                                    + " next_run_ms BIGINT, row_json TEXT NOT NULL)")),
            new Migration(
                    6,
                    false,
                    List.of("CREATE TABLE IF NOT EXISTS switchboard_server_webhooks (run_id VARCHAR(64) PRIMARY KEY,"
                            + " url TEXT NOT NULL, body_json TEXT NOT NULL, attempts INTEGER NOT NULL,"
                            + " next_attempt_ms BIGINT NOT NULL)")),
            new Migration(
                    7,
                    false,
                    List.of("CREATE TABLE IF NOT EXISTS switchboard_server_secrets (name VARCHAR(64) PRIMARY KEY,"
                            + " value VARCHAR(256) NOT NULL)")));

    /** The version the migrations lead to. */
    public static final int VERSION = MIGRATIONS.get(MIGRATIONS.size() - 1).version();

    private ServerSchema() {}

    /**
     * Brings the database's server tables to {@link #VERSION}; cheap when they are (one read).
     *
     * @param c a connection to the database (its auto-commit is restored)
     * @param postgres whether it is PostgreSQL (else SQLite)
     * @throws SQLException if a migration fails (nothing of it is kept)
     */
    public static void migrate(Connection c, boolean postgres) throws SQLException {
        if (current(c) >= target(postgres)) {
            return; // no lock taken: a JVM joining a busy queue leaves its tables alone
        }
        boolean auto = c.getAutoCommit();
        c.setAutoCommit(false);
        try (Statement s = c.createStatement()) {
            if (postgres) {
                try (PreparedStatement lock = c.prepareStatement("SELECT pg_advisory_xact_lock(?)")) {
                    lock.setLong(1, LOCK);
                    lock.executeQuery().close();
                }
            }
            s.execute("CREATE TABLE IF NOT EXISTS switchboard_server_schema (version INT NOT NULL)");
            int at = current(c);
            for (Migration m : MIGRATIONS) {
                if (m.version() > at && (postgres || !m.postgresOnly())) {
                    for (String ddl : m.statements()) {
                        s.execute(ddl);
                    }
                    s.execute("INSERT INTO switchboard_server_schema (version) VALUES (" + m.version() + ")");
                }
            }
            c.commit();
        } catch (SQLException | RuntimeException e) {
            c.rollback();
            throw e;
        } finally {
            c.setAutoCommit(auto);
        }
    }

    private static int target(boolean postgres) {
        int v = 0;
        for (Migration m : MIGRATIONS) {
            if (postgres || !m.postgresOnly()) {
                v = m.version();
            }
        }
        return v;
    }

    /** The version recorded, 0 when there is none (a new database, or one from before the list). */
    private static int current(Connection c) throws SQLException {
        try (ResultSet r = c.getMetaData().getTables(null, c.getSchema(), "switchboard_server_schema", null)) {
            if (!r.next()) {
                return 0;
            }
        }
        try (Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SELECT MAX(version) FROM switchboard_server_schema")) {
            return r.next() ? r.getInt(1) : 0;
        }
    }
}
