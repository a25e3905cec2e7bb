package dev.switchboard.checkpoint.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * {@link PostgresSchema}: a missing schema is created and the saver's and store's tables go there
 * (naming it again finds it), and what cannot work is refused before anything is opened: SQLite, a
 * URL that names a schema already, a name that is not a plain identifier.
 */
class PostgresSchemaTest {
    @Test
    void aMissingSchemaIsCreatedAndHoldsTheTables() throws Exception {
        String base = Postgres.baseUrl();
        String schema =
                "sbschema_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        try {
            String url = PostgresSchema.url(base, schema);
            assertTrue(url.endsWith("currentSchema=" + schema), url);
            PostgresSaver.url(url).close();
            PostgresStore.url(PostgresSchema.url(base, schema)).close(); // it exists now: used as it is
            try (Connection c = DriverManager.getConnection(base)) {
                assertEquals(
                        JdbcSaver.SCHEMA_VERSION,
                        Sql.longValue(c, "SELECT version FROM " + schema + ".switchboard_schema", null));
                assertEquals(0, Sql.longValue(c, "SELECT COUNT(*) FROM " + schema + ".switchboard_store_items", null));
            }
        } finally {
            try (Connection c = DriverManager.getConnection(base);
                    Statement s = c.createStatement()) {
                s.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
            }
        }
    }

    @Test
    void whatCannotWorkIsRefusedBeforeConnecting() {
        IllegalArgumentException sqlite =
                assertThrows(IllegalArgumentException.class, () -> PostgresSchema.url("jdbc:sqlite:app.db", "tenant"));
        assertTrue(sqlite.getMessage().contains("PostgreSQL only"), sqlite.getMessage());
        IllegalArgumentException twice = assertThrows(
                IllegalArgumentException.class,
                () -> PostgresSchema.url("jdbc:postgresql://localhost:1/db?currentSchema=other", "tenant"));
        assertTrue(twice.getMessage().contains("names a schema already"), twice.getMessage());
        IllegalArgumentException name = assertThrows(
                IllegalArgumentException.class,
                () -> PostgresSchema.url("jdbc:postgresql://localhost:1/db", "Tenant\"; DROP"));
        assertTrue(name.getMessage().contains("lower-case SQL identifier"), name.getMessage());
    }
}
