package dev.switchboard.checkpoint.jdbc;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Objects;

/**
 * Opens a {@link JdbcSaver} on a SQLite file, the embedded default store: {@code
 * SqliteSaver.file(Path.of("chat.db"))}. The file is created if missing and put in WAL journal
 * mode (reads run beside a write) with {@code synchronous=NORMAL} (a crashed process loses no
 * checkpoint; a power loss may lose the last ones, never corrupting the file), with a busy timeout
 * (other processes on the same file wait instead of failing) and foreign keys on. Within the JVM,
 * writes queue on one connection, since SQLite allows one writer at a time. Needs {@code
 * org.xerial:sqlite-jdbc} on the classpath.
 */
public final class SqliteSaver {
    private SqliteSaver() {}

    /**
     * Opens (creating or migrating its tables if needed) the checkpoint store in a SQLite file.
     *
     * @param file the database file; created if it does not exist
     * @return the saver; close it when done
     * @throws CheckpointStoreException if the file cannot be opened, the driver is missing, or the
     *     file holds a newer schema than this library knows
     */
    public static JdbcSaver file(Path file) {
        Objects.requireNonNull(file, "file");
        SqliteConnections connections;
        try {
            connections = new SqliteConnections(file);
        } catch (SQLException e) {
            throw new CheckpointStoreException(
                    "could not open the SQLite checkpoint file " + file.toAbsolutePath() + ": " + e.getMessage()
                            + Dialect.SQLITE.driverHint(e),
                    e);
        }
        return new JdbcSaver(Dialect.SQLITE, connections);
    }
}
