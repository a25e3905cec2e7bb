package dev.switchboard.tests.versions;

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
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Assumptions;

/**
 * One store that several versions of a graph open in turn, as a deployment's old and new code
 * would: each {@link #open()} is a saver of its own on the same data (a new connection pool for the
 * JDBC stores, a new encrypting saver with the same keys).
 */
final class Stores implements AutoCloseable {
    /** The kinds of store every upgrade rule is tested on. */
    enum Kind {
        MEMORY,
        SQLITE,
        POSTGRES,
        ENCRYPTED
    }

    private final Kind kind;
    private final Path dir;
    private final MemorySaver memory = new MemorySaver();
    private final Keyring keys = Keyring.of("k1", Keyring.randomKey());
    private final List<JdbcSaver> opened = new ArrayList<>();
    private String postgresSchema;
    private String postgresBase;

    Stores(Kind kind, Path dir) throws Exception {
        this.kind = kind;
        this.dir = dir;
        if (kind == Kind.POSTGRES) {
            postgresBase = System.getenv("SWITCHBOARD_POSTGRES_URL");
            if (postgresBase == null || postgresBase.isBlank()) {
                if ("true".equalsIgnoreCase(System.getenv("SWITCHBOARD_REQUIRE_POSTGRES"))
                        || "true".equalsIgnoreCase(System.getenv("CI"))) {
                    fail("PostgreSQL is required here but SWITCHBOARD_POSTGRES_URL is not set");
                }
                Assumptions.abort("set SWITCHBOARD_POSTGRES_URL to run the upgrade tests on PostgreSQL");
            }
            postgresSchema =
                    "sbupgrade_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
            try (Connection c = DriverManager.getConnection(postgresBase);
                    Statement s = c.createStatement()) {
                s.execute("CREATE SCHEMA " + postgresSchema);
            }
        }
    }

    /** A saver of its own on the store's data. */
    CheckpointSaver open() {
        return switch (kind) {
            case MEMORY -> memory;
            case ENCRYPTED -> new EncryptedSaver(memory, keys);
            case SQLITE -> remember(SqliteSaver.file(dir.resolve("threads.db")));
            case POSTGRES ->
                remember(PostgresSaver.url(
                        postgresBase + (postgresBase.contains("?") ? "&" : "?") + "currentSchema=" + postgresSchema));
        };
    }

    private JdbcSaver remember(JdbcSaver saver) {
        opened.add(saver);
        return saver;
    }

    @Override
    public void close() throws Exception {
        for (JdbcSaver s : opened) {
            s.close();
        }
        if (postgresSchema != null) {
            try (Connection c = DriverManager.getConnection(postgresBase);
                    Statement s = c.createStatement()) {
                s.execute("DROP SCHEMA " + postgresSchema + " CASCADE");
            }
        }
    }
}
