package dev.switchboard.checkpoint.jdbc;

import dev.switchboard.runtime.store.Store;
import dev.switchboard.runtime.store.StoreSettings;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.io.TempDir;

/** The store suite on SQLite files. */
class SqliteStoreConformanceTest extends StoreConformance {
    private final AtomicInteger files = new AtomicInteger();

    @TempDir
    Path dir;

    @Override
    protected Store open(StoreSettings settings) {
        return SqliteStore.file(dir.resolve("store-" + files.incrementAndGet() + ".db"), settings);
    }

    @Override
    protected Store openShared(StoreSettings settings) {
        return SqliteStore.file(dir.resolve("store-" + files.get() + ".db"), settings);
    }
}
