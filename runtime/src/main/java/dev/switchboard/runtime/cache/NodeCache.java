package dev.switchboard.runtime.cache;

import java.time.Duration;
import java.util.Optional;

/**
 * Where cached node results are kept: the writes of a node's task, keyed by the node and a digest
 * of its input. Implement it to share a cache between JVMs (Redis, a database); values are opaque
 * bytes. Implementations are thread-safe.
 */
public interface NodeCache {
    /**
     * A cached value.
     *
     * @param key the node and input digest
     * @return the value, or empty if absent or expired
     */
    Optional<byte[]> get(String key);

    /**
     * Stores a value.
     *
     * @param key the node and input digest
     * @param value the encoded writes
     * @param ttl how long it stays valid; {@link Duration#ZERO} for ever
     */
    void put(String key, byte[] value, Duration ttl);

    /** Drops every entry. */
    void clear();
}
