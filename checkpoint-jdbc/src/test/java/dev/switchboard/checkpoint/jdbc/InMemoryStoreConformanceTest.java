package dev.switchboard.checkpoint.jdbc;

import dev.switchboard.runtime.store.InMemoryStore;
import dev.switchboard.runtime.store.Store;
import dev.switchboard.runtime.store.StoreSettings;

/** The store suite on the in-memory store. */
class InMemoryStoreConformanceTest extends StoreConformance {
    private InMemoryStore last;

    @Override
    protected Store open(StoreSettings settings) {
        last = new InMemoryStore(settings);
        return last;
    }

    /** An in-memory store shares its items with itself only: the suite's two stores are one. */
    @Override
    protected Store openShared(StoreSettings settings) {
        return last;
    }
}
