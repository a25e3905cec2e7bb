package dev.switchboard.runtime.cache;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class InMemoryNodeCacheTest {
    private final AtomicLong now = new AtomicLong(1_000);
    private final InMemoryNodeCache cache = new InMemoryNodeCache(now::get);

    @Test
    void entriesExpireAtTheirTimeToLive() {
        cache.put("k", new byte[] {1}, Duration.ofNanos(10));
        now.addAndGet(9);
        assertArrayEquals(new byte[] {1}, cache.get("k").orElseThrow());
        now.addAndGet(1);
        assertTrue(cache.get("k").isEmpty());
        assertEquals(0, cache.size(), "an expired entry is dropped when looked up");
    }

    @Test
    void aZeroTimeToLiveKeepsForever() {
        cache.put("k", new byte[] {1}, Duration.ZERO);
        now.addAndGet(Long.MAX_VALUE / 2);
        assertTrue(cache.get("k").isPresent());
    }

    @Test
    void storedBytesAreCopiesBothWays() {
        byte[] value = {1, 2};
        cache.put("k", value, Duration.ZERO);
        value[0] = 9;
        byte[] read = cache.get("k").orElseThrow();
        assertArrayEquals(new byte[] {1, 2}, read);
        read[1] = 9;
        assertArrayEquals(new byte[] {1, 2}, cache.get("k").orElseThrow());
    }

    @Test
    void clearDropsEverything() {
        cache.put("a", new byte[0], Duration.ZERO);
        cache.put("b", new byte[0], Duration.ZERO);
        cache.clear();
        assertEquals(0, cache.size());
        assertTrue(cache.get("a").isEmpty());
    }
}
