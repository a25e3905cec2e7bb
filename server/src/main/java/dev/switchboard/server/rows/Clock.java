package dev.switchboard.server.rows;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Strictly increasing timestamps: threads and runs are ordered by creation time, and two created in
 * the same millisecond must still sort in creation order. They are whole microseconds, as
 * PostgreSQL's timestamps, so a thread search sorted by time in SQL orders them as Java does.
 */
public final class Clock {
    private static final AtomicReference<Instant> LAST = new AtomicReference<>(Instant.EPOCH);

    private Clock() {}

    /**
     * Now, after every instant this clock gave before.
     *
     * @return the instant
     */
    public static Instant now() {
        return LAST.updateAndGet(prev -> {
            Instant t = Instant.now().truncatedTo(ChronoUnit.MICROS);
            return t.isAfter(prev) ? t : prev.plusNanos(1000);
        });
    }
}
