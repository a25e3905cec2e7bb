package dev.switchboard.checkpoint.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The module's tables, one versioned list of migrations for the checkpoint saver and the store
 * together ({@link Dialect#migrations}), recorded in {@code switchboard_schema}: whichever of a
 * {@link JdbcSaver} or a {@link JdbcStore} opens a database first brings it to {@link
 * JdbcSaver#SCHEMA_VERSION}, in one transaction under the dialect's lock (PostgreSQL: an advisory
 * lock and transactional DDL; SQLite: the file's write lock), so JVMs opening it together migrate it
 * one after the other, and a database written by a newer Switchboard is refused, not misread.
 */
final class Schema {
    private Schema() {}

    /**
     * Brings the database to {@link JdbcSaver#SCHEMA_VERSION} in the caller's write transaction.
     *
     * @param c the transaction's connection
     * @param dialect the database's dialect
     * @param database the database as errors name it (no credentials)
     * @throws CheckpointStoreException if the database's schema is newer than this code knows
     */
    static void migrate(Connection c, Dialect dialect, String database) throws SQLException {
        dialect.lockSchema(c);
        int current = storedVersion(c);
        if (current > JdbcSaver.SCHEMA_VERSION) {
            throw new CheckpointStoreException(
                    "the checkpoint database (" + database + ") has Switchboard schema version "
                            + current + ", newer than the versions up to " + JdbcSaver.SCHEMA_VERSION
                            + " that this switchboard-checkpoint-jdbc knows; it was written by a newer"
                            + " Switchboard. Upgrade Switchboard to open it (refusing, so as not to"
                            + " misread or damage its data).",
                    null);
        }
        if (current == JdbcSaver.SCHEMA_VERSION) {
            return;
        }
        List<Dialect.Migration> migrations = dialect.migrations();
        for (int v = current; v < JdbcSaver.SCHEMA_VERSION; v++) {
            migrations.get(v).apply(c, dialect);
        }
        try (Statement s = c.createStatement()) {
            s.execute("DELETE FROM switchboard_schema");
        }
        try (PreparedStatement p = c.prepareStatement("INSERT INTO switchboard_schema (version) VALUES (?)")) {
            p.setInt(1, JdbcSaver.SCHEMA_VERSION);
            p.executeUpdate();
        }
    }

    /** The version the database's schema has, creating the version table if needed; 0 when new. */
    private static int storedVersion(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS switchboard_schema (version INTEGER NOT NULL)");
            try (ResultSet r = s.executeQuery("SELECT MAX(version) FROM switchboard_schema")) {
                return r.next() ? r.getInt(1) : 0;
            }
        }
    }

    /** Whether the connection's current schema holds a table of that (lower-case) name. */
    static boolean hasTable(Connection c, String table) throws SQLException {
        try (ResultSet r = c.getMetaData().getTables(null, c.getSchema(), table, new String[] {"TABLE"})) {
            return r.next();
        }
    }
}
