package dev.switchboard.server;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The server's tables of threads and runs (LangGraph Server keeps these beside the checkpoints).
 * Threads are scoped by owner when authentication is on: another owner's thread does not exist.
 */
final class Registry {
    private final Map<String, ThreadRow> threads = new ConcurrentHashMap<>();
    private final Map<String, RunRow> runs = new ConcurrentHashMap<>();

    /** Adds {@code row} unless a thread of that id exists; returns the thread now stored. */
    ThreadRow addThread(ThreadRow row) {
        ThreadRow prev = threads.putIfAbsent(row.id, row);
        return prev == null ? row : prev;
    }

    ThreadRow thread(String id, String owner) {
        ThreadRow t = threads.get(id);
        if (t == null || t.temporary || !Objects.equals(t.owner, owner)) {
            return null;
        }
        return t;
    }

    void dropThread(ThreadRow t) {
        threads.remove(t.id);
        runs.values().removeIf(r -> r.threadId.equals(t.id));
    }

    List<ThreadRow> threads(String owner) {
        List<ThreadRow> out = new ArrayList<>();
        for (ThreadRow t : threads.values()) {
            if (!t.temporary && Objects.equals(t.owner, owner)) {
                out.add(t);
            }
        }
        return out;
    }

    void addRun(RunRow r) {
        runs.put(r.id, r);
    }

    RunRow run(String threadId, String runId) {
        RunRow r = runs.get(runId);
        return r != null && r.threadId.equals(threadId) ? r : null;
    }

    void dropRun(RunRow r) {
        runs.remove(r.id);
    }

    /** The thread's runs, oldest first (as LangGraph.js lists them). */
    List<RunRow> runs(String threadId) {
        List<RunRow> out = new ArrayList<>();
        for (RunRow r : runs.values()) {
            if (r.threadId.equals(threadId)) {
                out.add(r);
            }
        }
        out.sort(Comparator.comparing(r -> r.createdAt));
        return out;
    }
}
