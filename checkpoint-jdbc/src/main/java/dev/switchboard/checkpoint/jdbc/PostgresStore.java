package dev.switchboard.checkpoint.jdbc;

import dev.switchboard.runtime.store.StoreSettings;
import java.sql.DriverManager;
import java.util.Objects;
import javax.sql.DataSource;

/**
 * Opens a {@link JdbcStore} on PostgreSQL, for many JVMs sharing memory: tables in the connection's
 * current schema, a small built-in pool. Needs {@code org.postgresql:postgresql} on the classpath.
 * (pgvector is not required: semantic search scores exactly, in Java.)
 */
public final class PostgresStore {
    private PostgresStore() {}

    /**
     * Opens (creating its tables if needed) a store without index or TTL.
     *
     * @param jdbcUrl for example {@code jdbc:postgresql://localhost:5432/app?user=app&password=secret}
     * @return the store; close it when done
     */
    public static JdbcStore url(String jdbcUrl) {
        return url(jdbcUrl, StoreSettings.DEFAULTS);
    }

    /**
     * Opens (creating its tables if needed) a store.
     *
     * @param jdbcUrl the JDBC URL
     * @param settings index, TTL, limits and clock
     * @return the store; close it when done
     * @throws CheckpointStoreException if the database cannot be reached or the driver is missing
     */
    public static JdbcStore url(String jdbcUrl, StoreSettings settings) {
        Objects.requireNonNull(jdbcUrl, "jdbcUrl");
        Objects.requireNonNull(settings, "settings");
        return new JdbcStore(
                StoreSql.POSTGRES,
                new PooledConnections(
                        () -> DriverManager.getConnection(jdbcUrl),
                        "PostgreSQL " + PostgresSaver.redact(jdbcUrl),
                        PostgresSaver.DEFAULT_POOL_SIZE),
                settings);
    }

    /**
     * Opens (creating its tables if needed) a store through a {@link DataSource}, taking one
     * connection per operation: pass a pooling data source to bound and reuse connections.
     *
     * @param dataSource where connections come from; it stays open when the store closes
     * @param settings index, TTL, limits and clock
     * @return the store; close it when done
     * @throws CheckpointStoreException if the database cannot be reached
     */
    public static JdbcStore dataSource(DataSource dataSource, StoreSettings settings) {
        Objects.requireNonNull(dataSource, "dataSource");
        Objects.requireNonNull(settings, "settings");
        return new JdbcStore(
                StoreSql.POSTGRES,
                new PooledConnections(
                        dataSource::getConnection,
                        "PostgreSQL data source " + dataSource.getClass().getName(),
                        0),
                settings);
    }

    /**
     * Opens (creating its tables if needed) a store on a {@link ConnectionPool} shared with other
     * users (a server's saver, rows and queue): each operation takes one of its connections.
     *
     * @param pool the pool; it stays open when the store closes
     * @param settings index, TTL, limits and clock
     * @return the store
     * @throws CheckpointStoreException if the database cannot be reached
     */
    public static JdbcStore pool(ConnectionPool pool, StoreSettings settings) {
        Objects.requireNonNull(pool, "pool");
        Objects.requireNonNull(settings, "settings");
        return new JdbcStore(StoreSql.POSTGRES, pool.shared(), settings);
    }
}
