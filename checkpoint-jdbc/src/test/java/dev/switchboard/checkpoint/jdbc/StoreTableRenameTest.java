package dev.switchboard.checkpoint.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.checkpoint.CheckpointMetadata;
import dev.switchboard.runtime.store.IndexConfig;
import dev.switchboard.runtime.store.Item;
import dev.switchboard.runtime.store.Namespace;
import dev.switchboard.runtime.store.StoreOp;
import dev.switchboard.runtime.store.StoreSettings;
import dev.switchboard.runtime.store.Vectors;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A database at the layout from before schema version 6 (the saver's tables at version 5 beside a
 * store in unprefixed {@code store_*} tables, with change tracking) opens with the store's tables
 * renamed to {@code switchboard_store_*}: its items, vectors, version and ordering kept, nothing
 * named {@code store_*} left, and the saver and the store both working on it afterwards.
 */
class StoreTableRenameTest {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"sqlite", "postgres"})
    void aStoreAtTheOldLayoutIsRenamedWithItsData(String kind) throws Exception {
        try (Backend backend = Backend.of(kind, dir)) {
            backend.createAtVersion("old", 5);
            try (Connection c = backend.connect("old");
                    Statement s = c.createStatement()) {
                for (String ddl : oldLayout(backend.postgres())) {
                    s.execute(ddl);
                }
                try (PreparedStatement p =
                        c.prepareStatement("INSERT INTO store_vectors VALUES ('notes', 'old', 0, ?)")) {
                    p.setBytes(1, Vectors.toBytes(Vectors.normalize(StoreConformance.Letters.vector("cat"))));
                    p.executeUpdate();
                }
            }
            StoreSettings settings =
                    StoreSettings.DEFAULTS.withIndex(IndexConfig.of(26, new StoreConformance.Letters(), "text"));
            try (JdbcStore store = backend.postgres()
                    ? PostgresStore.url(backend.location("old"), settings)
                    : SqliteStore.file(backend.file("old"), settings)) {
                assertEquals(
                        Map.of("text", "cat"),
                        store.get(Namespace.of("notes"), "old").orElseThrow().value());
                store.put(Namespace.of("notes"), "new", Map.of("text", "dog"));
                List<Item> found =
                        store.search(StoreOp.search(Namespace.of("notes")).query("cat"));
                assertEquals(
                        List.of("old", "new"), found.stream().map(Item::key).toList());
                assertEquals(1.0, found.get(0).score().getAsDouble(), 1e-6);
            }
            try (Connection c = backend.connect("old")) {
                assertEquals(
                        JdbcSaver.SCHEMA_VERSION, Sql.longValue(c, "SELECT version FROM switchboard_schema", null));
                assertEquals(7, JdbcSaver.SCHEMA_VERSION);
                // the put after the migration continued the store's version and ordering
                assertEquals(8, Sql.longValue(c, "SELECT version FROM switchboard_store_meta", null));
                assertEquals(1, Sql.longValue(c, "SELECT COUNT(*) FROM switchboard_store_deletions", null));
                assertTrue(Sql.longValue(c, "SELECT seq FROM switchboard_store_items WHERE key = 'new'", null) > 41);
                assertEquals(List.of(), leftovers(c, backend.postgres()));
            }
            try (JdbcSaver saver = backend.open("old")) {
                saver.put(
                        "t",
                        "",
                        CheckpointSaverConformance.checkpoint("cp1", Map.of()),
                        CheckpointSaverConformance.metadata(CheckpointMetadata.Source.INPUT, -1),
                        null,
                        null,
                        List.of());
                assertEquals(JdbcSaver.SCHEMA_VERSION, saver.schemaVersion());
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"sqlite", "postgres"})
    void aSaverOpeningFirstCreatesTheStoresTablesToo(String kind) throws Exception {
        try (Backend backend = Backend.of(kind, dir)) {
            backend.open("fresh").close();
            try (Connection c = backend.connect("fresh")) {
                for (String t : List.of("items", "vectors", "deletions")) {
                    assertEquals(0, Sql.longValue(c, "SELECT COUNT(*) FROM switchboard_store_" + t, null));
                }
                assertEquals(0, Sql.longValue(c, "SELECT version FROM switchboard_store_meta", null));
                assertFalse(Schema.hasTable(c, "store_items"));
            }
        }
    }

    /** The tables, indexes and sequence the store made before version 6, with a few rows. */
    private static List<String> oldLayout(boolean postgres) {
        String text = postgres ? "TEXT COLLATE \"C\"" : "TEXT";
        String big = postgres ? "BIGINT" : "INTEGER";
        List<String> ddl = new ArrayList<>();
        if (postgres) {
            ddl.add("CREATE SEQUENCE store_seq START 42");
        }
        ddl.add("CREATE TABLE store_items (ns " + text + " NOT NULL, key " + text + " NOT NULL, value "
                + (postgres ? "JSONB" : "TEXT") + " NOT NULL, created_at " + big + " NOT NULL, updated_at " + big
                + " NOT NULL, ttl_ms " + big + ", expires_at " + big + ", ns_seq " + big + " NOT NULL, seq " + big
                + " NOT NULL, version " + big + " NOT NULL DEFAULT 0, PRIMARY KEY (ns, key))");
        ddl.add("CREATE TABLE store_vectors (ns " + text + " NOT NULL, key " + text + " NOT NULL,"
                + " idx INTEGER NOT NULL, vector " + (postgres ? "BYTEA" : "BLOB") + " NOT NULL,"
                + " PRIMARY KEY (ns, key, idx),"
                + " FOREIGN KEY (ns, key) REFERENCES store_items (ns, key) ON DELETE CASCADE)");
        ddl.add("CREATE INDEX store_items_version ON store_items (version)");
        ddl.add("CREATE TABLE store_meta (id INTEGER PRIMARY KEY, version BIGINT NOT NULL, pruned BIGINT NOT NULL)");
        ddl.add("INSERT INTO store_meta (id, version, pruned) VALUES (1, 7, 0)");
        ddl.add("CREATE TABLE store_deletions (version BIGINT NOT NULL, ns TEXT NOT NULL, key TEXT NOT NULL)");
        ddl.add("CREATE INDEX store_deletions_version ON store_deletions (version)");
        ddl.add("INSERT INTO store_deletions VALUES (6, 'notes', 'gone')");
        ddl.add("INSERT INTO store_items VALUES ('notes', 'old', '{\"text\":\"cat\"}', 1, 1, NULL, NULL, 1, 41, 7)");
        return ddl;
    }

    /** Relations (tables, indexes, sequences) of the current schema still named {@code store_...}. */
    private static List<String> leftovers(Connection c, boolean postgres) throws Exception {
        String sql = postgres
                ? "SELECT relname FROM pg_class WHERE relnamespace = current_schema()::regnamespace"
                        + " AND relname LIKE 'store%'"
                : "SELECT name FROM sqlite_master WHERE name LIKE 'store%'";
        List<String> out = new ArrayList<>();
        try (Statement s = c.createStatement();
                ResultSet r = s.executeQuery(sql)) {
            while (r.next()) {
                out.add(r.getString(1));
            }
        }
        return out;
    }
}
