package dev.switchboard.tests.persistence.deltas;

import static org.junit.jupiter.api.Assertions.fail;

import dev.switchboard.checkpoint.jdbc.JdbcSaver;
import dev.switchboard.checkpoint.jdbc.PostgresSaver;
import dev.switchboard.checkpoint.jdbc.SqliteSaver;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.runtime.checkpoint.EncryptedSaver;
import dev.switchboard.runtime.checkpoint.Keyring;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Assumptions;

/**
 * One store of each kind the savers ship: memory, a SQLite file, PostgreSQL (a schema of its own,
 * dropped on close; from {@code SWITCHBOARD_POSTGRES_URL}, skipped without it unless {@code
 * SWITCHBOARD_REQUIRE_POSTGRES=true}), and the encrypted saver over SQLite. {@link #open} opens a
 * new saver on the same stored data, as the next JVM would.
 */
final class Stores implements AutoCloseable {
    private final String kind;
    private final Path dir;
    private final MemorySaver memory = new MemorySaver();
    private final Keyring keys = Keyring.of("k1", Keyring.randomKey());
    private final List<JdbcSaver> opened = new ArrayList<>();
    private String schema;
    private String baseUrl;

    private Stores(String kind, Path dir) {
        this.kind = kind;
        this.dir = dir;
    }

    static Stores of(String kind, Path dir) throws SQLException {
        Stores s = new Stores(kind, dir);
        if (kind.equals("postgres")) {
            s.baseUrl = postgresUrl();
            s.schema = "sbtest_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
            try (Connection c = DriverManager.getConnection(s.baseUrl);
                    Statement st = c.createStatement()) {
                st.execute("CREATE SCHEMA " + s.schema);
            }
        }
        return s;
    }

    private static String postgresUrl() {
        String url = System.getenv("SWITCHBOARD_POSTGRES_URL");
        if (url == null || url.isBlank()) {
            if ("true".equalsIgnoreCase(System.getenv("SWITCHBOARD_REQUIRE_POSTGRES"))) {
                fail("SWITCHBOARD_REQUIRE_POSTGRES=true but SWITCHBOARD_POSTGRES_URL is not set");
            }
            Assumptions.abort("PostgreSQL tests skipped: set SWITCHBOARD_POSTGRES_URL to run them");
        }
        return url;
    }

    /** A saver on this store's data; every call a new one for the persistent kinds. */
    CheckpointSaver open() {
        switch (kind) {
            case "memory":
                return memory;
            case "sqlite":
                return track(SqliteSaver.file(dir.resolve("store.db")));
            case "encrypted":
                return new EncryptedSaver(track(SqliteSaver.file(dir.resolve("sealed.db"))), keys);
            case "postgres":
                return track(
                        PostgresSaver.url(baseUrl + (baseUrl.contains("?") ? "&" : "?") + "currentSchema=" + schema));
            default:
                throw new IllegalArgumentException(kind);
        }
    }

    private JdbcSaver track(JdbcSaver saver) {
        opened.add(saver);
        return saver;
    }

    @Override
    public void close() throws SQLException {
        opened.forEach(JdbcSaver::close);
        if (schema != null) {
            try (Connection c = DriverManager.getConnection(baseUrl);
                    Statement st = c.createStatement()) {
                st.execute("DROP SCHEMA " + schema + " CASCADE");
            }
        }
    }
}
