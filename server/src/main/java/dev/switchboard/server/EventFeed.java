package dev.switchboard.server;

import java.util.List;

/**
 * Where a stream reads a run's SSE events from: the run's own {@link RunEvents} in the JVM that
 * runs it, or the {@link EventLog} table in PostgreSQL on any other JVM of a shared queue. Both
 * give the events from the first, in order, and say when the run ended.
 */
interface EventFeed {
    /**
     * The events after the {@code from} ones already read, waiting up to {@code millis} for one;
     * empty when none came (check {@link #closed()}).
     */
    List<RunEvents.Event> after(int from, long millis) throws InterruptedException;

    /** Whether the run ended and every one of its events was read. */
    boolean closed();

    /** Lets go of what the feed holds (a reader's wake-up registration). */
    default void release() {}
}
