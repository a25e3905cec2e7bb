package dev.switchboard.checkpoint.jdbc;

import dev.switchboard.runtime.store.Store;
import dev.switchboard.runtime.store.StoreSettings;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;

/**
 * The store suite on PostgreSQL, each store in a schema of its own (see {@link Postgres}); skipped
 * without {@code SWITCHBOARD_POSTGRES_URL}.
 */
class PostgresStoreConformanceTest extends StoreConformance {
    private static final List<Postgres> SCHEMAS = new ArrayList<>();

    @AfterAll
    static void dropSchemas() throws Exception {
        for (Postgres pg : SCHEMAS) {
            pg.close();
        }
    }

    @Override
    protected Store open(StoreSettings settings) {
        try {
            Postgres pg = Postgres.schema();
            SCHEMAS.add(pg);
            return PostgresStore.url(pg.url, settings);
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    protected Store openShared(StoreSettings settings) {
        return PostgresStore.url(SCHEMAS.get(SCHEMAS.size() - 1).url, settings);
    }
}
