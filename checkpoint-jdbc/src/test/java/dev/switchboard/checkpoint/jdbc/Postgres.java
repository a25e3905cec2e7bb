package dev.switchboard.checkpoint.jdbc;

import static org.junit.jupiter.api.Assertions.fail;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;
import org.junit.jupiter.api.Assumptions;

/**
 * The PostgreSQL the tests run against: the JDBC URL in {@code SWITCHBOARD_POSTGRES_URL}. Without
 * it the PostgreSQL tests are skipped, unless {@code SWITCHBOARD_REQUIRE_POSTGRES=true} (as in CI),
 * where they fail. Each test class works in a schema of its own, dropped afterwards.
 */
final class Postgres implements AutoCloseable {
    static final String URL_ENV = "SWITCHBOARD_POSTGRES_URL";
    static final String REQUIRE_ENV = "SWITCHBOARD_REQUIRE_POSTGRES";

    private static volatile boolean toldSkipped;

    private final String baseUrl;
    final String schema;
    /** The base URL with this schema as the current one: what the savers under test use. */
    final String url;

    private Postgres(String baseUrl) throws SQLException {
        this.baseUrl = baseUrl;
        this.schema = "sbtest_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        this.url = baseUrl + (baseUrl.contains("?") ? "&" : "?") + "currentSchema=" + schema;
        try (Connection c = DriverManager.getConnection(baseUrl);
                Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA " + schema);
        }
    }

    /** The configured database's URL; skips or fails the calling test when there is none. */
    static String baseUrl() {
        String url = System.getenv(URL_ENV);
        if (url == null || url.isBlank()) {
            if ("true".equalsIgnoreCase(System.getenv(REQUIRE_ENV))) {
                fail(REQUIRE_ENV + "=true but " + URL_ENV + " is not set: the PostgreSQL tests cannot run");
            }
            String why = "PostgreSQL tests skipped: set " + URL_ENV
                    + " (e.g. jdbc:postgresql://localhost:5432/switchboard_test?user=switchboard&password=switchboard)"
                    + " to run them";
            if (!toldSkipped) {
                toldSkipped = true;
                System.out.println("[postgres] " + why);
            }
            Assumptions.abort(why);
        }
        return url;
    }

    /** A fresh schema in the configured database (skipping or failing as {@link #baseUrl} does). */
    static Postgres schema() throws SQLException {
        return new Postgres(baseUrl());
    }

    /**
     * For a {@code @BeforeAll}: a fresh schema, or {@code null} when no database is configured (and
     * none is required), so that each test is then reported as skipped by {@link #baseUrl}.
     */
    static Postgres schemaOrNull() throws SQLException {
        String url = System.getenv(URL_ENV);
        if ((url == null || url.isBlank()) && !"true".equalsIgnoreCase(System.getenv(REQUIRE_ENV))) {
            return null;
        }
        return schema();
    }

    /** For a test: the schema from {@link #schemaOrNull}, or skips the test. */
    static Postgres require(Postgres pg) {
        if (pg == null) {
            baseUrl();
        }
        return pg;
    }

    Connection connect() throws SQLException {
        return DriverManager.getConnection(url);
    }

    @Override
    public void close() throws SQLException {
        try (Connection c = DriverManager.getConnection(baseUrl);
                Statement s = c.createStatement()) {
            s.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
        }
    }
}
