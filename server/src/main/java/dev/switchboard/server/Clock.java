package dev.switchboard.server;

import java.time.Instant;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Strictly increasing timestamps: threads and runs are ordered by creation time, and two created in
 * the same millisecond must still sort in creation order.
 */
final class Clock {
    private static final AtomicReference<Instant> LAST = new AtomicReference<>(Instant.EPOCH);

    private Clock() {}

    static Instant now() {
        return LAST.updateAndGet(prev -> {
            Instant t = Instant.now();
            return t.isAfter(prev) ? t : prev.plusNanos(1000);
        });
    }
}
