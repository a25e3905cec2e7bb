package dev.switchboard.checkpoint.jdbc;

import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import java.sql.Connection;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The conformance suite on PostgreSQL, in a schema of its own (see {@link Postgres}); skipped
 * without {@code SWITCHBOARD_POSTGRES_URL}.
 */
class PostgresSaverConformanceTest extends CheckpointSaverConformance {
    private static Postgres pg;

    @BeforeAll
    static void createSchema() throws Exception {
        pg = Postgres.schemaOrNull();
    }

    @AfterAll
    static void dropSchema() throws Exception {
        if (pg != null) {
            pg.close();
        }
    }

    @Override
    protected CheckpointSaver open() {
        return PostgresSaver.url(Postgres.require(pg).url);
    }

    @Override
    protected long storedRows(String threadId) throws Exception {
        try (Connection c = pg.connect()) {
            return Sql.rowsOf(c, threadId);
        }
    }

    @Override
    public boolean compacts() {
        return true;
    }
}
