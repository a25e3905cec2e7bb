package dev.switchboard.spring.boot.server;

import static org.junit.jupiter.api.Assertions.fail;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;
import org.junit.jupiter.api.Assumptions;

/**
 * A schema of its own on the PostgreSQL that {@code SWITCHBOARD_POSTGRES_URL} names, for one test
 * class: skipped without that variable, failing under {@code SWITCHBOARD_REQUIRE_POSTGRES=true} or
 * {@code CI=true}.
 */
final class TestSchema {
    private static final String URL_ENV = "SWITCHBOARD_POSTGRES_URL";

    final String name = "sbweb_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);

    /** The schema's URL, or null without a database (the test is then skipped in {@link #create}). */
    String url() {
        String base = System.getenv(URL_ENV);
        if (base == null || base.isBlank()) {
            return null;
        }
        return base + (base.contains("?") ? "&" : "?") + "currentSchema=" + name;
    }

    void create() throws SQLException {
        String base = System.getenv(URL_ENV);
        if (base == null || base.isBlank()) {
            if ("true".equalsIgnoreCase(System.getenv("SWITCHBOARD_REQUIRE_POSTGRES"))
                    || "true".equalsIgnoreCase(System.getenv("CI"))) {
                fail("PostgreSQL is required here but " + URL_ENV + " is not set");
            }
            Assumptions.abort("PostgreSQL test skipped: set " + URL_ENV + " to run it");
        }
        execute(base, "CREATE SCHEMA " + name);
    }

    void drop() throws SQLException {
        String base = System.getenv(URL_ENV);
        if (base != null && !base.isBlank()) {
            execute(base, "DROP SCHEMA IF EXISTS " + name + " CASCADE");
        }
    }

    private static void execute(String url, String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection(url);
                Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }
}
