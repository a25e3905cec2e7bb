package dev.switchboard.server.runs;

import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * How many bytes of SSE event data the runs of one JVM keep for late joiners and rejoiners, all
 * together: an event counts its JSON's bytes (the events are kept as bytes, not as trees). Past the
 * budget the events of ended runs go first, the run that ended longest ago first, then the adding
 * run's own oldest: a run's stream is never cut, only what a late reader can replay shrinks (as
 * LangGraph replays what its stream store still has).
 */
final class EventBudget {
    private final long limit;
    private final AtomicLong used = new AtomicLong();
    private final AtomicLong endings = new AtomicLong();
    /** The ended runs whose events are kept, by when they ended. */
    private final ConcurrentSkipListMap<Long, RunEvents> ended = new ConcurrentSkipListMap<>();

    /** @param limit the bytes all runs may keep together */
    EventBudget(long limit) {
        this.limit = limit;
    }

    /** A budget no run reaches (for a buffer on its own). */
    static EventBudget unbounded() {
        return new EventBudget(Long.MAX_VALUE);
    }

    /** The default: an eighth of the heap, at least 16 MB. */
    static long defaultLimit() {
        return Math.max(16L << 20, Runtime.getRuntime().maxMemory() / 8);
    }

    long limit() {
        return limit;
    }

    long used() {
        return used.get();
    }

    /** Counts bytes added ({@code n > 0}) or let go ({@code n < 0}). */
    void count(long n) {
        used.addAndGet(n);
    }

    boolean over() {
        return used.get() > limit;
    }

    /** A run ended: its events are the first to go when the budget is over. */
    long ended(RunEvents events) {
        long key = endings.incrementAndGet();
        ended.put(key, events);
        return key;
    }

    /** A run's events were dropped (their keep is over): no longer among those to drop. */
    void forget(long key) {
        ended.remove(key);
    }

    /**
     * Drops the events of ended runs, those that ended first first, until the budget holds; called
     * by an adding run holding its own monitor (an ended run adds nothing, so the order is safe).
     */
    void reclaim() {
        while (over()) {
            Map.Entry<Long, RunEvents> first = ended.pollFirstEntry();
            if (first == null) {
                return;
            }
            first.getValue().drop();
        }
    }
}
