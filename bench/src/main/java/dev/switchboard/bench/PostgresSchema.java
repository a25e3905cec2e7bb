package dev.switchboard.bench;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.UUID;

/**
 * A schema of its own on the PostgreSQL server that {@code SWITCHBOARD_POSTGRES_URL} names, created
 * for one benchmark and dropped with everything in it on {@link #close}, so that runs beside other
 * builds' tests on the same database never see each other's tables.
 */
public final class PostgresSchema implements AutoCloseable {
    /** The environment variable naming the server, as in the modules' tests. */
    public static final String ENV = "SWITCHBOARD_POSTGRES_URL";

    private final String baseUrl;
    private final String name;

    private PostgresSchema(String baseUrl, String name) {
        this.baseUrl = baseUrl;
        this.name = name;
    }

    /**
     * Whether a PostgreSQL server is configured.
     *
     * @return the base URL, or empty when {@value #ENV} is unset
     */
    public static Optional<String> configuredUrl() {
        return Optional.ofNullable(System.getenv(ENV)).filter(u -> !u.isBlank());
    }

    /**
     * Creates a fresh schema.
     *
     * @return the schema
     * @throws SQLException if the server refuses
     * @throws IllegalStateException naming the variable when {@value #ENV} is unset
     */
    public static PostgresSchema create() throws SQLException {
        String base = configuredUrl()
                .orElseThrow(() -> new IllegalStateException("set " + ENV + " to benchmark on PostgreSQL"));
        String name = "sbbench_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        try (Connection c = DriverManager.getConnection(base);
                Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA " + name);
        }
        return new PostgresSchema(base, name);
    }

    /**
     * The JDBC URL whose connections use this schema.
     *
     * @return the URL
     */
    public String url() {
        return baseUrl + (baseUrl.contains("?") ? "&" : "?") + "currentSchema=" + name;
    }

    /**
     * Drops the schema and everything in it.
     *
     * @throws SQLException if the server refuses
     */
    @Override
    public void close() throws SQLException {
        try (Connection c = DriverManager.getConnection(baseUrl);
                Statement s = c.createStatement()) {
            s.execute("DROP SCHEMA " + name + " CASCADE");
        }
    }
}
