package dev.switchboard.checkpoint.jdbc;

import java.sql.DriverManager;
import java.util.Objects;
import javax.sql.DataSource;

/**
 * Opens a {@link JdbcSaver} on PostgreSQL, the store for many JVMs sharing threads: the head
 * compare-and-set runs in the database, so runs on one thread from different machines still never
 * fork its history. The tables are created in the connection's current schema (choose one with
 * {@code currentSchema} in the URL). Needs {@code org.postgresql:postgresql} on the classpath, or a
 * {@link DataSource} of your own.
 */
public final class PostgresSaver {
    /** The most connections {@link #url(String)} keeps open. */
    public static final int DEFAULT_POOL_SIZE = 8;

    private PostgresSaver() {}

    /**
     * Opens the checkpoint store at a JDBC URL, with a small built-in pool of up to {@link
     * #DEFAULT_POOL_SIZE} connections.
     *
     * @param jdbcUrl for example {@code jdbc:postgresql://localhost:5432/app?user=app&password=secret}
     * @return the saver; close it when done
     * @throws CheckpointStoreException if the database cannot be reached, the driver is missing, or
     *     it holds a newer schema than this library knows
     */
    public static JdbcSaver url(String jdbcUrl) {
        return url(jdbcUrl, DEFAULT_POOL_SIZE);
    }

    /**
     * Opens the checkpoint store at a JDBC URL, with a built-in pool of the given size.
     *
     * @param jdbcUrl the JDBC URL
     * @param poolSize the most connections open at once (at least 1)
     * @return the saver; close it when done
     * @throws CheckpointStoreException if the database cannot be reached, the driver is missing, or
     *     it holds a newer schema than this library knows
     */
    public static JdbcSaver url(String jdbcUrl, int poolSize) {
        Objects.requireNonNull(jdbcUrl, "jdbcUrl");
        if (poolSize < 1) {
            throw new IllegalArgumentException("poolSize must be at least 1, was " + poolSize);
        }
        String where = redact(jdbcUrl);
        return open(new PooledConnections(() -> DriverManager.getConnection(jdbcUrl), "PostgreSQL " + where, poolSize));
    }

    /**
     * Opens the checkpoint store through a {@link DataSource}, taking one connection per operation
     * and closing it afterwards: pass a pooling data source (HikariCP, your application server's)
     * to bound and reuse connections.
     *
     * @param dataSource where connections come from
     * @return the saver; close it when done (the data source stays open)
     * @throws CheckpointStoreException if the database cannot be reached or holds a newer schema
     *     than this library knows
     */
    public static JdbcSaver dataSource(DataSource dataSource) {
        Objects.requireNonNull(dataSource, "dataSource");
        return open(new PooledConnections(
                dataSource::getConnection,
                "PostgreSQL data source " + dataSource.getClass().getName(),
                0));
    }

    /**
     * Opens the checkpoint store on a {@link ConnectionPool} shared with other users (a server's
     * rows, queue and store): each operation takes one of its connections for one transaction.
     *
     * @param pool the pool; it stays open when the saver closes
     * @return the saver
     * @throws CheckpointStoreException if the database cannot be reached or holds a newer schema
     *     than this library knows
     */
    public static JdbcSaver pool(ConnectionPool pool) {
        Objects.requireNonNull(pool, "pool");
        return new JdbcSaver(Dialect.POSTGRES, pool.shared());
    }

    private static JdbcSaver open(PooledConnections connections) {
        return new JdbcSaver(Dialect.POSTGRES, connections);
    }

    /** The URL without its query string, where credentials usually are. */
    static String redact(String jdbcUrl) {
        int q = jdbcUrl.indexOf('?');
        String base = q < 0 ? jdbcUrl : jdbcUrl.substring(0, q);
        int at = base.lastIndexOf('@');
        int scheme = base.indexOf("//");
        if (at > 0 && scheme >= 0 && at > scheme) {
            base = base.substring(0, scheme + 2) + base.substring(at + 1);
        }
        return base;
    }
}
