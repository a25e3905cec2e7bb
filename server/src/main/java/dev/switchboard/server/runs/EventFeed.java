package dev.switchboard.server.runs;

import java.util.List;

/**
 * Where a stream reads a run's SSE events from: the run's own {@link RunEvents} in the JVM that
 * runs it, or the PostgreSQL event log table in PostgreSQL on any other JVM of a shared queue. Both
 * number the run's events from 0 in the same order (the SSE ids a client resumes from), give them
 * in order, and say when the run ended.
 */
public interface EventFeed {
    /**
     * The kept events whose ids are {@code from} or more, waiting up to {@code millis} for one;
     * empty when none came (check {@link #closed()}). The first may have a higher id than {@code
     * from} when older events are no longer kept.
     */
    List<RunEvents.Event> after(int from, long millis) throws InterruptedException;

    /**
     * Whether the run ended: once true, no event is added any more. A reader asks it before a read
     * and stops when that read comes back empty; asking after an empty read instead could skip the
     * events added between the two.
     */
    boolean closed();

    /** Lets go of what the feed holds (a reader's wake-up registration). */
    default void release() {}
}
