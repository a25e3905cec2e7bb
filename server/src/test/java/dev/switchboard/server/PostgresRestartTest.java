package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.fail;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;

/**
 * {@link RestartContract} on the PostgreSQL that {@code SWITCHBOARD_POSTGRES_URL} names, in a
 * schema of its own (skipped without that variable unless {@code SWITCHBOARD_REQUIRE_POSTGRES}).
 */
class PostgresRestartTest extends RestartContract {
    private static String base;
    private static String schema;

    @BeforeAll
    static void createSchema() throws Exception {
        base = System.getenv("SWITCHBOARD_POSTGRES_URL");
        if (base == null || base.isBlank()) {
            if ("true".equalsIgnoreCase(System.getenv("SWITCHBOARD_REQUIRE_POSTGRES"))) {
                fail("SWITCHBOARD_REQUIRE_POSTGRES=true but SWITCHBOARD_POSTGRES_URL is not set");
            }
            Assumptions.abort("set SWITCHBOARD_POSTGRES_URL to run the PostgreSQL server tests");
        }
        schema = "sbserver_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        try (Connection c = DriverManager.getConnection(base);
                Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA " + schema);
        }
    }

    @AfterAll
    static void dropSchema() throws Exception {
        if (schema != null) {
            try (Connection c = DriverManager.getConnection(base);
                    Statement s = c.createStatement()) {
                s.execute("DROP SCHEMA " + schema + " CASCADE");
            }
        }
    }

    @Override
    String databaseUrl() {
        return base + (base.contains("?") ? "&" : "?") + "currentSchema=" + schema;
    }
}
