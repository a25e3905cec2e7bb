package dev.switchboard.spring.boot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.fail;

import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.store.Namespace;
import dev.switchboard.runtime.store.Store;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * {@code switchboard.schema} on Boot's own DataSource (HikariCP, at the database's default schema):
 * the schema, missing before, is created at startup and holds the saver's and the store's tables
 * and rows, while the connections Switchboard borrowed go back to the application in its own schema.
 */
@SpringBootTest(classes = SwitchboardSchemaPropertyTest.App.class)
class SwitchboardSchemaPropertyTest {
    private static final String URL_ENV = "SWITCHBOARD_POSTGRES_URL";
    private static final String SCHEMA =
            "sbprop_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);

    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import(SwitchboardAutoConfigurationTest.DeskConfiguration.class)
    static class App {}

    @Autowired
    DeskGraph graph;

    @Autowired
    DataSource dataSource;

    @Autowired
    Store store;

    @BeforeAll
    static void database() {
        String url = System.getenv(URL_ENV);
        if (url == null || url.isBlank()) {
            if ("true".equalsIgnoreCase(System.getenv("SWITCHBOARD_REQUIRE_POSTGRES"))) {
                fail("SWITCHBOARD_REQUIRE_POSTGRES=true but " + URL_ENV + " is not set");
            }
            Assumptions.abort("PostgreSQL test skipped: set " + URL_ENV + " to run it");
        }
    }

    @AfterAll
    static void dropSchema() throws SQLException {
        String url = System.getenv(URL_ENV);
        if (url != null && !url.isBlank()) {
            try (Connection c = DriverManager.getConnection(url);
                    Statement s = c.createStatement()) {
                s.execute("DROP SCHEMA IF EXISTS " + SCHEMA + " CASCADE");
            }
        }
    }

    @DynamicPropertySource
    static void datasource(DynamicPropertyRegistry registry) {
        String url = System.getenv(URL_ENV);
        if (url != null && !url.isBlank()) {
            registry.add("spring.datasource.url", () -> url);
            registry.add("switchboard.schema", () -> SCHEMA);
        }
    }

    @Test
    void theTablesAndRowsGoToTheNamedSchemaAndTheApplicationsConnectionsStayInTheirs() throws SQLException {
        graph.invoke(ConversationUpdate.of().lines(List.of("hello")), RunConfig.thread("schema-1"));
        store.put(Namespace.of("users", "u-1"), "tone", Map.of("value", "formal"));
        try (Connection c = dataSource.getConnection();
                Statement s = c.createStatement()) {
            assertEquals(
                    1,
                    count(s, SCHEMA + ".switchboard_spaces WHERE thread_id = 'schema-1'"),
                    "the thread's checkpoints are in " + SCHEMA);
            assertEquals(1, count(s, SCHEMA + ".switchboard_store_items"));
        }
        // the idle connections Switchboard borrowed went back in the application's schema
        List<Connection> held = new ArrayList<>();
        try {
            for (int i = 0; i < 3; i++) {
                Connection c = dataSource.getConnection();
                held.add(c);
                try (Statement s = c.createStatement();
                        ResultSet r = s.executeQuery("SELECT current_schema()")) {
                    r.next();
                    assertNotEquals(SCHEMA, r.getString(1));
                }
            }
        } finally {
            for (Connection c : held) {
                c.close();
            }
        }
    }

    private static long count(Statement s, String from) throws SQLException {
        try (ResultSet r = s.executeQuery("SELECT count(*) FROM " + from)) {
            r.next();
            return r.getLong(1);
        }
    }
}
