package dev.switchboard.spring.boot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.switchboard.checkpoint.jdbc.JdbcSaver;
import dev.switchboard.checkpoint.jdbc.JdbcStore;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.runtime.store.Namespace;
import dev.switchboard.runtime.store.Store;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
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
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * A whole Spring Boot application on the PostgreSQL that {@code SWITCHBOARD_POSTGRES_URL} names
 * (skipped without it, failing under {@code SWITCHBOARD_REQUIRE_POSTGRES=true} as in CI): Boot's
 * own DataSource (HikariCP) from {@code spring.datasource.url}, the saver migrated onto it at
 * startup, a graph bean whose thread survives in the database.
 */
@SpringBootTest(classes = SwitchboardPostgresApplicationTest.App.class)
class SwitchboardPostgresApplicationTest {
    private static final String URL_ENV = "SWITCHBOARD_POSTGRES_URL";
    private static final String SCHEMA =
            "sbspring_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);

    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import(SwitchboardAutoConfigurationTest.DeskConfiguration.class)
    static class App {}

    @Autowired
    DeskGraph graph;

    @Autowired
    CheckpointSaver saver;

    @Autowired
    DataSource dataSource;

    @Autowired
    SwitchboardHealthIndicator health;

    @Autowired
    Store store;

    @BeforeAll
    static void database() throws SQLException {
        String url = System.getenv(URL_ENV);
        if (url == null || url.isBlank()) {
            if ("true".equalsIgnoreCase(System.getenv("SWITCHBOARD_REQUIRE_POSTGRES"))) {
                fail("SWITCHBOARD_REQUIRE_POSTGRES=true but " + URL_ENV + " is not set");
            }
            Assumptions.abort("PostgreSQL test skipped: set " + URL_ENV + " to run it");
        }
        try (Connection c = DriverManager.getConnection(url);
                Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA " + SCHEMA);
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
            registry.add(
                    "spring.datasource.url", () -> url + (url.contains("?") ? "&" : "?") + "currentSchema=" + SCHEMA);
        }
    }

    @Test
    void theApplicationsDataSourceHoldsItsThreads() throws SQLException {
        JdbcSaver jdbc = assertInstanceOf(JdbcSaver.class, saver);
        assertTrue(jdbc.database().startsWith("PostgreSQL"), jdbc.database());

        RunConfig thread = RunConfig.thread("conversation-1");
        graph.invoke(ConversationUpdate.of().lines(List.of("hello")), thread);
        Conversation state = graph.invoke(ConversationUpdate.of().lines(List.of("bye")), thread)
                .value();
        assertEquals(List.of("hello", "re: hello", "bye", "re: bye"), state.lines());

        // The rows are in the schema of Boot's DataSource, written through the saver it opened.
        try (Connection c = dataSource.getConnection();
                Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SELECT COUNT(*) FROM switchboard_checkpoints c JOIN switchboard_spaces s"
                        + " ON s.id = c.space WHERE s.thread_id = 'conversation-1'")) {
            r.next();
            assertTrue(r.getInt(1) >= 4, "expected a checkpoint per superstep of both runs, got " + r.getInt(1));
        }

        // The store lives in the same database, through Boot's DataSource.
        assertInstanceOf(JdbcStore.class, store);
        store.put(Namespace.of("users", "u-1"), "tone", Map.of("value", "formal"));
        assertEquals(
                Map.of("value", "formal"),
                store.get(Namespace.of("users", "u-1"), "tone").orElseThrow().value());

        Health h = health.health(true);
        assertEquals(Status.UP, h.getStatus());
        assertEquals(jdbc.schemaVersion(), h.getDetails().get("schemaVersion"));
    }
}
