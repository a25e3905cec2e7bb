package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;
import org.junit.jupiter.api.Assumptions;

/**
 * A schema of its own on the PostgreSQL that {@code SWITCHBOARD_POSTGRES_URL} names, for one test
 * class. Without that variable the tests are skipped, unless {@code CI=true} or {@code
 * SWITCHBOARD_REQUIRE_POSTGRES=true}, where a missing database is a failure.
 */
final class TestPostgres implements AutoCloseable {
    final String base;
    final String schema;

    private TestPostgres(String base, String schema) {
        this.base = base;
        this.schema = schema;
    }

    static TestPostgres schema() throws Exception {
        String base = System.getenv("SWITCHBOARD_POSTGRES_URL");
        if (base == null || base.isBlank()) {
            if ("true".equalsIgnoreCase(System.getenv("SWITCHBOARD_REQUIRE_POSTGRES"))
                    || "true".equalsIgnoreCase(System.getenv("CI"))) {
                fail("PostgreSQL is required here but SWITCHBOARD_POSTGRES_URL is not set");
            }
            Assumptions.abort("set SWITCHBOARD_POSTGRES_URL to run the PostgreSQL run queue tests");
        }
        String schema =
                "sbqueue_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        try (Connection c = DriverManager.getConnection(base);
                Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA " + schema);
        }
        return new TestPostgres(base, schema);
    }

    /** The JDBC URL of the schema. */
    String url() {
        return base + (base.contains("?") ? "&" : "?") + "currentSchema=" + schema;
    }

    Connection connect() throws Exception {
        return DriverManager.getConnection(url());
    }

    /** The queue owner (a server's worker) that claimed {@code runId}; null while none has. */
    String runOwner(String runId) throws Exception {
        try (Connection c = connect();
                PreparedStatement p =
                        c.prepareStatement("SELECT owner FROM switchboard_server_runs WHERE run_id = ?")) {
            p.setString(1, runId);
            try (ResultSet r = p.executeQuery()) {
                assertTrue(r.next(), "no row for run " + runId);
                return r.getString(1);
            }
        }
    }

    @Override
    public void close() throws SQLException {
        if (System.getenv("SWITCHBOARD_KEEP_SCHEMA") != null) {
            System.out.println("kept schema " + schema);
            return;
        }
        try (Connection c = DriverManager.getConnection(base);
                Statement s = c.createStatement()) {
            s.execute("DROP SCHEMA " + schema + " CASCADE");
        }
    }
}
