package dev.switchboard.runtime.cache;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/** A {@link NodeCache} in this JVM's memory, with expiry; the default for {@code @Cache} nodes. */
public final class InMemoryNodeCache implements NodeCache {
    private final Map<String, Entry> entries = new ConcurrentHashMap<>();
    private final LongSupplier clock;

    private record Entry(byte[] value, long expiresAtNanos) {}

    /** Creates an empty cache on the system clock. */
    public InMemoryNodeCache() {
        this(System::nanoTime);
    }

    /**
     * Creates an empty cache on a given clock, for tests.
     *
     * @param nanoClock a monotonic clock in nanoseconds
     */
    public InMemoryNodeCache(LongSupplier nanoClock) {
        this.clock = nanoClock;
    }

    @Override
    public Optional<byte[]> get(String key) {
        Entry e = entries.get(key);
        if (e == null) {
            return Optional.empty();
        }
        if (e.expiresAtNanos() != Long.MAX_VALUE && clock.getAsLong() - e.expiresAtNanos() >= 0) {
            entries.remove(key, e);
            return Optional.empty();
        }
        return Optional.of(e.value().clone());
    }

    @Override
    public void put(String key, byte[] value, Duration ttl) {
        long now = clock.getAsLong();
        long nanos = ttl.compareTo(Duration.ofNanos(Long.MAX_VALUE)) >= 0 ? Long.MAX_VALUE : ttl.toNanos();
        long expires = ttl.isZero() || nanos >= Long.MAX_VALUE - Math.max(0, now) ? Long.MAX_VALUE : now + nanos;
        entries.put(key, new Entry(value.clone(), expires));
    }

    @Override
    public void clear() {
        entries.clear();
    }

    /**
     * How many entries are held (including expired ones not yet looked up).
     *
     * @return the entry count
     */
    public int size() {
        return entries.size();
    }
}
