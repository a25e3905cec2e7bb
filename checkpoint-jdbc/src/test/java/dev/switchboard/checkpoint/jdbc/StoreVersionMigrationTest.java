package dev.switchboard.checkpoint.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.switchboard.runtime.store.IndexConfig;
import dev.switchboard.runtime.store.Item;
import dev.switchboard.runtime.store.Namespace;
import dev.switchboard.runtime.store.StoreOp;
import dev.switchboard.runtime.store.StoreSettings;
import dev.switchboard.runtime.store.Vectors;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A store file from before change tracking opens, gains it, and its stored vectors still rank. */
class StoreVersionMigrationTest {
    @TempDir
    Path dir;

    @Test
    void aStoreWithoutTheVersionColumnIsMigratedAndItsVectorsRank() throws Exception {
        Path file = dir.resolve("old.db");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement s = c.createStatement()) {
            s.execute("CREATE TABLE store_items (ns TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL,"
                    + " created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, ttl_ms INTEGER,"
                    + " expires_at INTEGER, ns_seq INTEGER NOT NULL, seq INTEGER NOT NULL, PRIMARY KEY (ns, key))");
            s.execute("CREATE TABLE store_vectors (ns TEXT NOT NULL, key TEXT NOT NULL, idx INTEGER NOT NULL,"
                    + " vector BLOB NOT NULL, PRIMARY KEY (ns, key, idx),"
                    + " FOREIGN KEY (ns, key) REFERENCES store_items (ns, key) ON DELETE CASCADE)");
            s.execute("INSERT INTO store_items VALUES ('notes', 'old', '{\"text\":\"cat\"}', 1, 1, NULL, NULL, 1, 1)");
            try (PreparedStatement p = c.prepareStatement("INSERT INTO store_vectors VALUES ('notes', 'old', 0, ?)")) {
                p.setBytes(1, Vectors.toBytes(Vectors.normalize(StoreConformance.Letters.vector("cat"))));
                p.executeUpdate();
            }
        }
        StoreSettings settings =
                StoreSettings.DEFAULTS.withIndex(IndexConfig.of(26, new StoreConformance.Letters(), "text"));
        try (JdbcStore store = SqliteStore.file(file, settings)) {
            store.put(Namespace.of("notes"), "new", Map.of("text", "dog"));
            List<Item> found =
                    store.search(StoreOp.search(Namespace.of("notes")).query("cat"));
            assertEquals(List.of("old", "new"), found.stream().map(Item::key).toList());
            assertEquals(1.0, found.get(0).score().getAsDouble(), 1e-6);
        }
    }
}
