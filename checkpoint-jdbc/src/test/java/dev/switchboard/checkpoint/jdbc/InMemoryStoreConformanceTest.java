package dev.switchboard.checkpoint.jdbc;

import dev.switchboard.runtime.store.InMemoryStore;
import dev.switchboard.runtime.store.Store;
import dev.switchboard.runtime.store.StoreSettings;

/** The store suite on the in-memory store. */
class InMemoryStoreConformanceTest extends StoreConformance {
    @Override
    protected Store open(StoreSettings settings) {
        return new InMemoryStore(settings);
    }
}
