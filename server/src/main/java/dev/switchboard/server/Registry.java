package dev.switchboard.server;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import tools.jackson.databind.node.ObjectNode;

/**
 * The server's tables of threads and runs (LangGraph Server keeps these beside the checkpoints):
 * held in memory and written through to a {@link RowStore}, from which a restarted server reads
 * them back. Threads are scoped by owner when authentication is on: another owner's thread does
 * not exist. A stateless run's temporary thread and its run are never stored: they end with it.
 * When the database is shared by several server JVMs, a thread or run this JVM does not know is
 * read through from the store (another JVM created it), and {@link #reload} refreshes one that
 * another JVM changed; searches and run lists show what this JVM knows.
 */
final class Registry {
    private final Map<String, ThreadRow> threads = new ConcurrentHashMap<>();
    private final Map<String, RunRow> runs = new ConcurrentHashMap<>();
    private final RowStore store;
    private final boolean shared;
    /** Resolves a stored row's graph id; set by {@link #load}. */
    private Function<String, ServedGraph> graphs = id -> null;

    Registry(RowStore store, boolean shared) {
        this.store = store;
        this.shared = shared;
    }

    /**
     * Reads the stored rows back; the runs of a graph no longer served are left in the store
     * untouched. Answers the runs that had not finished, oldest first.
     */
    List<RunRow> load(Function<String, ServedGraph> graphs) {
        this.graphs = graphs;
        for (ObjectNode row : store.threads()) {
            ThreadRow t = ThreadRow.restore(row);
            threads.put(t.id, t);
        }
        List<RunRow> unfinished = new ArrayList<>();
        for (ObjectNode row : store.runs()) {
            ServedGraph g = graphs.apply(Json.text(row, "graph_id"));
            if (g != null && threads.containsKey(Json.text(row, "thread_id"))) {
                RunRow r = RunRow.restore(row, g);
                runs.put(r.id, r);
                if (r.recovered) {
                    unfinished.add(r);
                }
            }
        }
        return unfinished;
    }

    /** Adds {@code row} unless a thread of that id exists; returns the thread now stored. */
    ThreadRow addThread(ThreadRow row) {
        ThreadRow prev = threads.putIfAbsent(row.id, row);
        if (prev != null) {
            return prev;
        }
        save(row);
        return row;
    }

    /** Writes the thread's row through to the store (call after changing it). */
    void save(ThreadRow t) {
        if (!t.temporary) {
            store.putThread(t.id, t.stored());
        }
    }

    /** Writes the run's row through to the store (call after changing it). */
    void save(RunRow r) {
        if (!r.request.temporary() && runs.containsKey(r.id)) {
            store.putRun(r.id, r.threadId, r.stored());
        }
    }

    ThreadRow thread(String id, String owner) {
        ThreadRow t = thread(id);
        if (t == null || t.temporary || !Objects.equals(t.owner, owner)) {
            return null;
        }
        return t;
    }

    /** A thread by id whoever owns it, or null. */
    ThreadRow thread(String id) {
        ThreadRow t = threads.get(id);
        if (t != null || !shared) {
            return t;
        }
        ObjectNode row = store.thread(id);
        return row == null ? null : threads.computeIfAbsent(id, k -> ThreadRow.restore(row));
    }

    /** A run by id, read through from the store when another JVM created it; or null. */
    RunRow run(String runId) {
        RunRow r = runs.get(runId);
        if (r != null || !shared) {
            return r;
        }
        ObjectNode row = store.run(runId);
        ServedGraph g = row == null ? null : graphs.apply(Json.text(row, "graph_id"));
        return g == null ? null : runs.computeIfAbsent(runId, k -> RunRow.restore(row, g, true));
    }

    /** Reads a run and its thread again from the store after another JVM changed them. */
    void reload(RunRow r) {
        ObjectNode row = store.run(r.id);
        if (row != null) {
            r.reload(row);
        }
        ThreadRow t = threads.get(r.threadId);
        ObjectNode trow = t == null ? null : store.thread(t.id);
        if (trow != null) {
            t.reload(trow);
        }
    }

    /** Keeps a run in memory only (the queue inserted its row). */
    void track(RunRow r) {
        runs.put(r.id, r);
    }

    void dropThread(ThreadRow t) {
        threads.remove(t.id);
        runs.values().removeIf(r -> r.threadId.equals(t.id));
        if (!t.temporary) {
            store.deleteThread(t.id);
        }
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
        save(r);
    }

    RunRow run(String threadId, String runId) {
        RunRow r = run(runId);
        return r != null && r.threadId.equals(threadId) ? r : null;
    }

    void dropRun(RunRow r) {
        runs.remove(r.id);
        store.deleteRun(r.id);
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
