package dev.switchboard.runtime.cache;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Review: time-to-live values the builder and @Cache accept must not break the store. */
class InMemoryNodeCacheLimitsTest {
    /**
     * GraphDefinitionBuilder.cache and @Cache accept any non-negative ttl, e.g. ttlSeconds =
     * Long.MAX_VALUE / 1000 for "practically forever"; put() then throws ArithmeticException from
     * ttl.toNanos() (or wraps clock + ttl), after the node ran, failing the task.
     */
    @Test
    void aVeryLongTimeToLiveIsStoredNotThrown() {
        AtomicLong now = new AtomicLong(1_000);
        InMemoryNodeCache cache = new InMemoryNodeCache(now::get);
        cache.put("k", new byte[] {1}, Duration.ofSeconds(Long.MAX_VALUE / 1000));
        now.addAndGet(Duration.ofDays(365).toNanos());
        assertTrue(cache.get("k").isPresent());
    }
}
