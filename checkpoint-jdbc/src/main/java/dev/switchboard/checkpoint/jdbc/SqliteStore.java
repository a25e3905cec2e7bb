package dev.switchboard.checkpoint.jdbc;

import dev.switchboard.runtime.store.StoreSettings;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Objects;

/**
 * Opens a {@link JdbcStore} on a SQLite file, with the same connection setup as {@link SqliteSaver}
 * (WAL, busy timeout, one writer at a time within the JVM). It may share the file with a saver.
 * Needs {@code org.xerial:sqlite-jdbc} on the classpath.
 */
public final class SqliteStore {
    private SqliteStore() {}

    /**
     * Opens (creating its tables if needed) a store without index or TTL.
     *
     * @param file the database file; created if it does not exist
     * @return the store; close it when done
     */
    public static JdbcStore file(Path file) {
        return file(file, StoreSettings.DEFAULTS);
    }

    /**
     * Opens (creating its tables if needed) a store.
     *
     * @param file the database file; created if it does not exist
     * @param settings index, TTL, limits and clock
     * @return the store; close it when done
     * @throws CheckpointStoreException if the file cannot be opened or the driver is missing
     */
    public static JdbcStore file(Path file, StoreSettings settings) {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(settings, "settings");
        try {
            return new JdbcStore(StoreSql.SQLITE, new SqliteConnections(file), settings);
        } catch (SQLException e) {
            throw new CheckpointStoreException(
                    "could not open the SQLite store file " + file.toAbsolutePath() + ": " + e.getMessage()
                            + Dialect.SQLITE.driverHint(e),
                    e);
        }
    }
}
