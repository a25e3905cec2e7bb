package dev.switchboard.server.rows;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The runs a {@link Registry} holds in memory, by id and by thread: a thread's runs (its run list,
 * its deletion, each stateless run's temporary thread dropped at its end) are found among its own,
 * not by a scan of every run the JVM holds, which grew with the runs it had served.
 */
final class RunCache {
    private final Map<String, RunRow> byId = new ConcurrentHashMap<>();
    private final Map<String, Set<RunRow>> byThread = new ConcurrentHashMap<>();

    RunRow get(String runId) {
        return byId.get(runId);
    }

    boolean contains(String runId) {
        return byId.containsKey(runId);
    }

    void put(RunRow r) {
        RunRow before = byId.put(r.id(), r);
        if (before != null && before != r) {
            unindex(before);
        }
        index(r);
    }

    /** The run of that id, made by {@code made} (and kept) if none is held. */
    RunRow computeIfAbsent(String runId, Supplier<RunRow> made) {
        RunRow r = byId.get(runId);
        if (r != null) {
            return r;
        }
        r = byId.computeIfAbsent(runId, k -> made.get());
        index(r);
        return r;
    }

    /** Forgets the run of that id, whichever object it is. */
    void remove(String runId) {
        RunRow r = byId.remove(runId);
        if (r != null) {
            unindex(r);
        }
    }

    /** Forgets {@code r} if it is the one held under its id. */
    void remove(RunRow r) {
        if (byId.remove(r.id(), r)) {
            unindex(r);
        }
    }

    /** Forgets every run of the thread. */
    void dropThread(String threadId) {
        Set<RunRow> of = byThread.remove(threadId);
        if (of != null) {
            for (RunRow r : of) {
                byId.remove(r.id(), r);
            }
        }
    }

    /** The thread's runs held here, in no order. */
    List<RunRow> ofThread(String threadId) {
        Set<RunRow> of = byThread.get(threadId);
        return of == null ? new ArrayList<>() : new ArrayList<>(of);
    }

    private void index(RunRow r) {
        byThread.computeIfAbsent(r.threadId(), k -> ConcurrentHashMap.newKeySet())
                .add(r);
    }

    private void unindex(RunRow r) {
        byThread.computeIfPresent(r.threadId(), (k, set) -> {
            set.remove(r);
            return set.isEmpty() ? null : set;
        });
    }
}
