package dev.switchboard.server.rows;

import dev.switchboard.runtime.serde.IsoInstant;
import dev.switchboard.server.wire.Json;
import dev.switchboard.server.wire.ServedGraph;
import dev.switchboard.server.wire.ThreadStatus;
import java.time.Duration;
import java.time.Instant;
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
 * When the database is shared by several server JVMs (PostgreSQL), the stored rows are the truth
 * and the maps a cache: a client's thread or run, a thread search and a thread's run list read the
 * rows (so they show what other JVMs created and changed), and a thread is written field by field
 * ({@link #save(ThreadRow)} its state, {@link #mergeMetadata} its metadata keys), so a metadata
 * change on one JVM and a run finishing on another both survive. There the cache is bounded: past
 * {@code KEEP} runs (or threads) it lets go of the runs that finished, and the idle threads that
 * changed, more than {@code LINGER} ago, so a worker's memory does not grow with the runs it has
 * served (their rows are read again when asked for).
 */
public final class Registry {
    /** On a shared database: how many runs, and threads, are held before idle ones are let go. */
    static final int KEEP = 10_000;

    /**
     * How long a finished run or an idle thread stays cached after its last change: a client that
     * waited for a run here reads it from memory, not from a row whose outcome may still be on
     * its way.
     */
    static final Duration LINGER = Duration.ofMinutes(1);

    private final Map<String, ThreadRow> threads = new ConcurrentHashMap<>();
    private final RunCache runs = new RunCache();
    private final RowStore store;
    private final boolean shared;
    private final int keep;
    private final Duration linger;
    /** The sizes past which the next call lets go of finished runs, and of idle threads. */
    private volatile int runLimit;

    private volatile int threadLimit;
    /** Resolves a stored row's graph id; set by {@link #load}. */
    private Function<String, ServedGraph> graphs = id -> null;

    /**
     * The tables of a server.
     *
     * @param store where rows are written through
     * @param shared whether other JVMs share the store (PostgreSQL)
     */
    public Registry(RowStore store, boolean shared) {
        this(store, shared, KEEP, LINGER);
    }

    Registry(RowStore store, boolean shared, int keep, Duration linger) {
        this.store = store;
        this.shared = shared;
        this.keep = keep;
        this.linger = linger;
        this.runLimit = keep;
        this.threadLimit = keep;
    }

    /**
     * On a shared database, lets go of the finished runs and idle threads that last changed more
     * than {@code linger} ago once more than {@code keep} are held; the next time when twice as
     * many as are left are held, so each costs a scan only now and then.
     */
    private void trim() {
        if (!shared) {
            return;
        }
        if (runs.size() > runLimit) {
            runs.forgetFinishedBefore(Instant.now().minus(linger));
            runLimit = Math.max(keep, 2 * runs.size());
        }
        if (threads.size() > threadLimit) {
            Instant before = Instant.now().minus(linger);
            // a temporary thread has no row to be read again from; one with runs held stays with them
            threads.values()
                    .removeIf(t -> !t.temporary()
                            && t.status() != ThreadStatus.BUSY
                            && t.updatedAt().isBefore(before)
                            && !runs.holdsThread(t.id()));
            threadLimit = Math.max(keep, 2 * threads.size());
        }
    }

    /** @return how many runs and threads are held in memory, for tests */
    int[] held() {
        return new int[] {runs.size(), threads.size()};
    }

    /**
     * Reads the stored rows back (on a shared database they are read when asked for, and only the
     * graphs are taken); the runs of a graph no longer served are left in the store untouched.
     * Answers the runs that had not finished, oldest first.
     *
     * @param graphs resolves a stored row's graph id
     * @return the unfinished runs
     */
    public List<RunRow> load(Function<String, ServedGraph> graphs) {
        this.graphs = graphs;
        if (shared) {
            return List.of();
        }
        for (ObjectNode row : store.threads()) {
            ThreadRow t = ThreadRow.restore(row);
            threads.put(t.id(), t);
        }
        List<RunRow> unfinished = new ArrayList<>();
        for (ObjectNode row : store.runs()) {
            ServedGraph g = graphs.apply(Json.text(row, "graph_id"));
            if (g != null && threads.containsKey(Json.text(row, "thread_id"))) {
                RunRow r = RunRow.restore(row, g);
                runs.put(r);
                if (!r.finished()) {
                    unfinished.add(r);
                }
            }
        }
        return unfinished;
    }

    /**
     * Runs {@code work} with its row writes committed as one (see {@link RowStore#transaction}).
     * On a shared database each write stays its own: another JVM's queue and rows are locked by
     * other connections, which a longer transaction here could wait on in turn.
     *
     * @param work the writes
     */
    public void transaction(Runnable work) {
        if (shared) {
            work.run();
        } else {
            store.transaction(work);
        }
    }

    /**
     * Whether the stored rows are read by other JVMs too; else this JVM alone reads them, once, at
     * its start.
     *
     * @return true on a shared database
     */
    public boolean shared() {
        return shared;
    }

    /**
     * Adds {@code row} unless a thread of that id exists.
     *
     * @param row the new thread
     * @return the thread now stored
     */
    public ThreadRow addThread(ThreadRow row) {
        trim();
        ThreadRow prev = threads.putIfAbsent(row.id(), row);
        if (prev != null) {
            return prev;
        }
        if (!row.temporary()) {
            store.putThread(row.id(), row.stored());
        }
        return row;
    }

    /**
     * Writes the thread's state (status, values, interrupts, updated_at) through to the store, not
     * its metadata (call after changing the state, holding the thread's monitor).
     *
     * @param t the thread
     */
    public void save(ThreadRow t) {
        if (!t.temporary()) {
            store.updateThread(t.id(), t.stateFields(), Json.object());
        }
    }

    /**
     * Sets the {@code patch} keys in the thread's metadata, here and in its stored row (with its
     * updated_at); on a shared database the thread then takes the whole row as stored (keys another JVM set
     * included). Call holding the thread's monitor.
     *
     * @param t the thread
     * @param patch the keys to set
     */
    public void mergeMetadata(ThreadRow t, ObjectNode patch) {
        patch.properties().forEach(e -> t.metadata().set(e.getKey(), e.getValue()));
        if (t.temporary()) {
            return;
        }
        ObjectNode fields = Json.object().put("updated_at", IsoInstant.format(t.updatedAt()));
        ObjectNode row = store.updateThread(t.id(), fields, patch);
        if (row != null && shared) {
            t.reload(row);
        }
    }

    /**
     * Sets a thread's time to live, here and in its stored row.
     *
     * @param t the thread
     * @param ttl {@code {ttl: minutes, strategy}}, or null to keep it
     */
    public void ttl(ThreadRow t, ObjectNode ttl) {
        t.ttl(ttl);
        if (!t.temporary()) {
            ObjectNode fields = Json.object();
            fields.set("ttl", ttl == null ? Json.MAPPER.nullNode() : ttl);
            store.updateThread(t.id(), fields, Json.object());
        }
    }

    /**
     * The threads whose time to live is over, whoever owns them (on a shared database, every
     * stored one, whichever JVM made it).
     *
     * @param now the time
     * @return the threads
     */
    public List<ThreadRow> expired(java.time.Instant now) {
        List<ThreadRow> out = new ArrayList<>();
        if (shared) {
            for (ObjectNode row : store.threads()) {
                if (row.get("ttl") instanceof ObjectNode) {
                    ThreadRow t = cached(row);
                    if (t.expired(now)) {
                        out.add(t);
                    }
                }
            }
            return out;
        }
        for (ThreadRow t : threads.values()) {
            if (!t.temporary() && t.expired(now)) {
                out.add(t);
            }
        }
        return out;
    }

    /**
     * Writes a run's row as given, and its thread's state fields as given (an outcome not yet shown
     * in this JVM's objects), as one where the store allows it.
     *
     * @param run the run
     * @param row its row
     * @param thread its thread
     * @param fields the thread's state fields
     */
    public void saveOutcome(RunRow run, ObjectNode row, ThreadRow thread, ObjectNode fields) {
        transaction(() -> {
            if (!run.temporary() && runs.contains(run.id())) {
                store.putRun(run.id(), run.threadId(), row);
            }
            if (!thread.temporary()) {
                store.updateThread(thread.id(), fields, Json.object());
            }
        });
    }

    /**
     * Writes the run's row through to the store (call after changing it).
     *
     * @param r the run
     */
    public void save(RunRow r) {
        if (!r.temporary() && runs.contains(r.id())) {
            store.putRun(r.id(), r.threadId(), r.stored());
        }
    }

    /**
     * The owner's thread as stored now (read again on a shared database).
     *
     * @param id the thread id
     * @param owner the caller
     * @return the thread, or null when it does not exist for the caller
     */
    public ThreadRow thread(String id, String owner) {
        ThreadRow t = shared ? fresh(id) : thread(id);
        if (t == null || t.temporary() || !Objects.equals(t.owner(), owner)) {
            return null;
        }
        return t;
    }

    /**
     * A thread by id whoever owns it.
     *
     * @param id the thread id
     * @return the thread, or null
     */
    public ThreadRow thread(String id) {
        trim();
        ThreadRow t = threads.get(id);
        if (t != null || !shared) {
            return t;
        }
        ObjectNode row = store.thread(id);
        return row == null ? null : threads.computeIfAbsent(id, k -> ThreadRow.restore(row));
    }

    /**
     * The thread as its stored row says now, cached; a thread this JVM made temporary is never
     * stored. A thread whose row is gone (deleted by another JVM) is null.
     */
    private ThreadRow fresh(String id) {
        ThreadRow t = threads.get(id);
        if (t != null && t.temporary()) {
            return t;
        }
        ObjectNode row = store.thread(id);
        return row == null ? null : cached(row);
    }

    /** The cached thread of a stored row, refreshed from it (or added). */
    private ThreadRow cached(ObjectNode row) {
        trim();
        ThreadRow t = threads.computeIfAbsent(Json.text(row, "thread_id"), k -> ThreadRow.restore(row));
        t.reload(row);
        return t;
    }

    /**
     * The cached run of a stored row, refreshed from it (or added); null when its graph is not
     * served here. A run finished here keeps its state: the row may not show that yet.
     */
    private RunRow cachedRun(ObjectNode row) {
        trim();
        ServedGraph g = graphs.apply(Json.text(row, "graph_id"));
        if (g == null) {
            return null;
        }
        RunRow r = runs.computeIfAbsent(Json.text(row, "run_id"), () -> RunRow.restore(row, g));
        if (!r.finished()) {
            r.reload(row);
        }
        return r;
    }

    /**
     * A run by id, read through from the store when another JVM created it.
     *
     * @param runId the run id
     * @return the run, or null
     */
    public RunRow run(String runId) {
        trim();
        RunRow r = runs.get(runId);
        if (r != null || !shared) {
            return r;
        }
        ObjectNode row = store.run(runId);
        ServedGraph g = row == null ? null : graphs.apply(Json.text(row, "graph_id"));
        return g == null ? null : runs.computeIfAbsent(runId, () -> RunRow.restore(row, g));
    }

    /**
     * A run by id as {@link #run(String)} finds it, except that when this JVM has not seen it, it
     * is made from {@code stored}, its row as the caller just read it from the store (a claim
     * answers it), rather than read again.
     *
     * @param runId the run id
     * @param stored the row's JSON, or null to read it as {@link #run(String)} does
     * @return the run, or null
     */
    public RunRow runAsStored(String runId, String stored) {
        trim();
        RunRow r = runs.get(runId);
        if (r != null || !shared || stored == null) {
            return r != null ? r : run(runId);
        }
        ObjectNode row = (ObjectNode) Json.MAPPER.readTree(stored);
        ServedGraph g = graphs.apply(Json.text(row, "graph_id"));
        return g == null ? null : runs.computeIfAbsent(runId, () -> RunRow.restore(row, g));
    }

    /**
     * A thread by id as {@link #thread(String)} finds it, except that when this JVM has not seen
     * it, it is made from {@code stored}, its row as the caller just read it, rather than read
     * again.
     *
     * @param id the thread id
     * @param stored the row's JSON, or null to read it as {@link #thread(String)} does
     * @return the thread, or null
     */
    public ThreadRow threadAsStored(String id, String stored) {
        trim();
        ThreadRow t = threads.get(id);
        if (t != null || !shared || stored == null) {
            return t != null ? t : thread(id);
        }
        ObjectNode row = (ObjectNode) Json.MAPPER.readTree(stored);
        return threads.computeIfAbsent(id, k -> ThreadRow.restore(row));
    }

    /**
     * A run this JVM holds in memory (it created, ran or read it), without reading the store.
     *
     * @param runId the run id
     * @return the run, or null when this JVM has not seen it
     */
    public RunRow cachedRun(String runId) {
        return runs.get(runId);
    }

    /**
     * Reads a run and its thread again from the store after another JVM changed them.
     *
     * @param r the run
     */
    public void reload(RunRow r) {
        ThreadRow t = threads.get(r.threadId());
        ObjectNode[] rows = t == null
                ? new ObjectNode[] {store.run(r.id()), null}
                : store.runAndThread(r.id(), t.id()); // one read: every run another JVM finishes costs it
        if (rows[0] != null) {
            r.reload(rows[0]);
        }
        if (rows[1] != null) {
            t.reload(rows[1]);
        }
    }

    /**
     * Keeps a run in memory only (its row is written by the queue).
     *
     * @param r the run
     */
    public void track(RunRow r) {
        trim();
        runs.put(r);
    }

    /**
     * Forgets a run kept by {@link #track} that was refused.
     *
     * @param r the run
     */
    public void untrack(RunRow r) {
        runs.remove(r);
    }

    /**
     * Deletes a thread and its runs, here and in the store.
     *
     * @param t the thread
     */
    public void dropThread(ThreadRow t) {
        threads.remove(t.id());
        runs.dropThread(t.id());
        if (!t.temporary()) {
            store.deleteThread(t.id());
        }
    }

    /**
     * The page of threads a search asks for; on a shared database found by the database (filters,
     * order and page in SQL: only the page's rows are read), whichever JVM made them.
     *
     * @param q the query
     * @return the page
     */
    public List<ThreadRow> search(ThreadQuery q) {
        if (shared) {
            return store.searchThreads(q).stream().map(this::cached).toList();
        }
        return q.page(threads(q.owner()));
    }

    /**
     * How many threads pass the query's filters (counted by the database when shared).
     *
     * @param q the query
     * @return the count
     */
    public int count(ThreadQuery q) {
        if (shared) {
            return store.countThreads(q);
        }
        return (int) threads(q.owner()).stream().filter(q::matches).count();
    }

    /**
     * The owner's threads; on a shared database, every stored one (whichever JVM made it).
     *
     * @param owner the caller
     * @return the threads
     */
    public List<ThreadRow> threads(String owner) {
        List<ThreadRow> out = new ArrayList<>();
        if (shared) {
            for (ObjectNode row : store.threads()) {
                if (Objects.equals(Json.text(row, "owner"), owner)) {
                    out.add(cached(row));
                }
            }
            return out;
        }
        for (ThreadRow t : threads.values()) {
            if (!t.temporary() && Objects.equals(t.owner(), owner)) {
                out.add(t);
            }
        }
        return out;
    }

    /**
     * Adds a run here and in the store.
     *
     * @param r the run
     */
    public void addRun(RunRow r) {
        trim();
        runs.put(r);
        save(r);
    }

    /**
     * A thread's run as stored now (read again on a shared database).
     *
     * @param threadId the thread
     * @param runId the run
     * @return the run, or null when the thread has no such run
     */
    public RunRow run(String threadId, String runId) {
        RunRow r;
        if (shared) {
            ObjectNode row = store.run(runId);
            r = row == null ? null : cachedRun(row);
        } else {
            r = run(runId);
        }
        return r != null && r.threadId().equals(threadId) ? r : null;
    }

    /**
     * Deletes a run here and in the store.
     *
     * @param r the run
     */
    public void dropRun(RunRow r) {
        runs.remove(r.id());
        store.deleteRun(r.id());
    }

    /**
     * The thread's runs, oldest first (as LangGraph.js lists them); on a shared database, all stored.
     *
     * @param threadId the thread
     * @return the runs
     */
    public List<RunRow> runs(String threadId) {
        List<RunRow> out = new ArrayList<>();
        if (shared) {
            for (ObjectNode row : store.runs(threadId)) {
                RunRow r = cachedRun(row);
                if (r != null) {
                    out.add(r);
                }
            }
            return out;
        }
        out.addAll(runs.ofThread(threadId));
        out.sort(Comparator.comparing(RunRow::createdAt));
        return out;
    }
}
