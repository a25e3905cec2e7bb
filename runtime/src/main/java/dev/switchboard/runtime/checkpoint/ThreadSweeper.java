package dev.switchboard.runtime.checkpoint;

import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The thread TTL: deletes, every {@code interval}, the threads of a saver that have been inactive
 * (no checkpoint stored, no metadata change) for longer than {@code ttl}. Sweeps run on the JDK's
 * shared delayed executor and common pool (the runtime starts no threads outside its pools). A
 * thread active again before a sweep is kept. {@link #close} stops it; a sweep that fails is
 * logged and retried at the next interval.
 */
public final class ThreadSweeper implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(ThreadSweeper.class.getName());

    private final CheckpointSaver saver;
    private final Duration ttl;
    private final Clock clock;
    private final long everyMillis;
    private volatile boolean closed;

    private ThreadSweeper(CheckpointSaver saver, Duration ttl, Clock clock, long everyMillis) {
        this.saver = saver;
        this.ttl = ttl;
        this.clock = clock;
        this.everyMillis = everyMillis;
    }

    /**
     * Starts sweeping.
     *
     * @param saver the saver whose threads expire
     * @param ttl how long a thread may be inactive, positive
     * @param interval how often to sweep, positive
     * @return the running sweeper, to be closed
     * @throws IllegalArgumentException if {@code ttl} or {@code interval} is not positive
     */
    public static ThreadSweeper start(CheckpointSaver saver, Duration ttl, Duration interval) {
        return start(saver, ttl, interval, Clock.systemUTC());
    }

    /**
     * {@link #start(CheckpointSaver, Duration, Duration)} with a clock of your own, for tests.
     *
     * @param saver the saver whose threads expire
     * @param ttl how long a thread may be inactive, positive
     * @param interval how often to sweep, positive
     * @param clock the clock the cutoff is computed from
     * @return the running sweeper, to be closed
     */
    public static ThreadSweeper start(CheckpointSaver saver, Duration ttl, Duration interval, Clock clock) {
        Objects.requireNonNull(saver, "saver");
        positive("ttl", ttl);
        positive("interval", interval);
        Objects.requireNonNull(clock, "clock");
        ThreadSweeper sweeper = new ThreadSweeper(saver, ttl, clock, Math.max(1, interval.toMillis()));
        sweeper.scheduleNext();
        return sweeper;
    }

    /** One sweep after the interval, which schedules the next: a fixed delay between sweeps. */
    private void scheduleNext() {
        if (!closed) {
            CompletableFuture.runAsync(
                    this::tick, CompletableFuture.delayedExecutor(everyMillis, TimeUnit.MILLISECONDS));
        }
    }

    private void tick() {
        if (!closed) {
            sweepQuietly();
            scheduleNext();
        }
    }

    private static void positive(String name, Duration d) {
        Objects.requireNonNull(d, name);
        if (d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + " must be positive, was " + d);
        }
    }

    /**
     * Sweeps now, on the caller's thread.
     *
     * @return how many threads were deleted
     * @throws IllegalStateException after {@link #close}
     */
    public int sweepNow() {
        if (closed) {
            throw new IllegalStateException("this ThreadSweeper is closed");
        }
        return saver.deleteThreadsInactiveSince(clock.instant().minus(ttl));
    }

    private void sweepQuietly() {
        try {
            sweepNow();
        } catch (RuntimeException e) {
            // The store may be briefly unreachable: say so, and let the next interval try again.
            LOG.log(System.Logger.Level.WARNING, "thread TTL sweep failed; retrying at the next interval", e);
        }
    }

    /** Stops sweeping; a sweep under way finishes. */
    @Override
    public void close() {
        closed = true;
    }
}
