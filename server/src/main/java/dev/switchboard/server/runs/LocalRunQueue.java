package dev.switchboard.server.runs;

import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.server.rows.Registry;
import dev.switchboard.server.rows.RunRow;
import dev.switchboard.server.rows.ThreadRow;
import dev.switchboard.server.wire.RunStatus;
import dev.switchboard.server.wire.ThreadStatus;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@link RunQueue} of a server that alone runs its threads (SQLite, or a checkpointer of its
 * own), and of every server's stateless runs: each thread's pending runs and its running one, in
 * this JVM's memory, the rows written through the {@link Registry}. Its monitor guards the lanes
 * only; rows are written outside it, so that it never waits for the row store, which callers may
 * hold in a transaction while they submit.
 */
public final class LocalRunQueue implements RunQueue {
    private final Registry registry;
    /** Each thread's runs, by thread id; a thread with none has no lane. */
    private final Map<String, Lane> lanes = new HashMap<>();
    /** How many times each queued or running run was claimed so far. */
    private final Map<String, Integer> attempts = new HashMap<>();

    private long seq;

    /** One thread's runs: pending oldest first, and the running one. */
    private static final class Lane {
        final Deque<Entry> pending = new ArrayDeque<>();
        Entry running;
    }

    /**
     * A queued run, its thread, its place in the order of all queued runs, and when it may start
     * (epoch milliseconds: its creation time, later for a run asked to wait).
     */
    private record Entry(String runId, String threadId, long seq, long due) {
        boolean isDue(long now) {
            return due <= now;
        }
    }

    /**
     * A queue writing rows through {@code registry}.
     *
     * @param registry the server's rows
     */
    public LocalRunQueue(Registry registry) {
        this.registry = registry;
    }

    /**
     * Queues again the runs a previous server left unfinished, oldest first: each continues from its
     * thread's last checkpoint when claimed (its claim's attempt is more than 1).
     *
     * @param unfinished the runs, read back from the rows
     */
    public synchronized void restore(List<RunRow> unfinished) {
        for (RunRow r : unfinished) {
            r.status(RunStatus.PENDING);
            lanes.computeIfAbsent(r.threadId(), k -> new Lane())
                    .pending
                    .add(new Entry(r.id(), r.threadId(), ++seq, r.createdAt().toEpochMilli()));
            attempts.put(r.id(), 1);
        }
    }

    @Override
    public Submitted submit(RunRow run, ThreadRow thread, ObjectNode metadata, String claimFor) {
        Multitask.Decision d;
        Claim claim = null;
        synchronized (this) {
            Lane lane = lanes.computeIfAbsent(thread.id(), k -> new Lane());
            d = Multitask.decide(
                    run.request().multitaskStrategy(),
                    ids(lane.pending),
                    lane.running == null ? null : lane.running.runId);
            lane.pending.removeIf(e -> d.ended().contains(e.runId));
            d.ended().forEach(attempts::remove);
            Entry entry =
                    new Entry(run.id(), run.threadId(), ++seq, run.createdAt().toEpochMilli());
            lane.pending.add(entry);
            attempts.put(run.id(), 0);
            if (claimFor != null
                    && lane.running == null
                    && lane.pending.size() == 1
                    && entry.isDue(System.currentTimeMillis())) {
                claim = take(lane);
            }
        }
        Stop stop = d.action() == null ? null : Stop.of(d.action(), false);
        for (String id : d.ended()) {
            RunRow ended = registry.run(id);
            if (ended != null) {
                ended.outcome(stop.runStatus(), stop.result(null));
                registry.save(ended);
            }
        }
        registry.save(run);
        if (claim != null) {
            thread.status(ThreadStatus.BUSY);
            registry.save(thread);
        }
        registry.mergeMetadata(thread, metadata);
        return new Submitted(d, claim);
    }

    private static List<String> ids(Deque<Entry> pending) {
        List<String> out = new ArrayList<>(pending.size());
        pending.forEach(e -> out.add(e.runId));
        return out;
    }

    /** Takes the lane's oldest pending run; caller holds the monitor and checked it is free. */
    private Claim take(Lane lane) {
        Entry e = lane.pending.poll();
        lane.running = e;
        int attempt = attempts.merge(e.runId, 1, Integer::sum);
        return new Claim(e.runId, e.threadId, attempt);
    }

    @Override
    public synchronized Optional<Claim> claim(String owner) {
        Lane best = null;
        long now = System.currentTimeMillis();
        for (Lane lane : lanes.values()) {
            if (lane.running == null
                    && !lane.pending.isEmpty()
                    && lane.pending.peek().isDue(now)
                    && (best == null || lane.pending.peek().seq < best.pending.peek().seq)) {
                best = lane;
            }
        }
        return best == null ? Optional.empty() : Optional.of(take(best));
    }

    @Override
    public Cancelled cancel(RunRow run, Stop stop) {
        synchronized (this) {
            Lane lane = lanes.get(run.threadId());
            if (lane == null) {
                return Cancelled.NONE;
            }
            if (lane.running != null && lane.running.runId.equals(run.id())) {
                return Cancelled.RUNNING;
            }
            if (!lane.pending.removeIf(e -> e.runId.equals(run.id()))) {
                return Cancelled.NONE;
            }
            attempts.remove(run.id());
            dropIfEmpty(run.threadId(), lane);
        }
        run.outcome(stop.runStatus(), stop.result(null));
        registry.save(run);
        return Cancelled.ENDED;
    }

    @Override
    public boolean finish(Claim claim, RunRow run, ThreadRow thread, Outcome outcome) {
        // the rows, then the lane and what this JVM shows: a client that saw the run end finds the
        // thread free; the thread's next run starts after (the caller holds the thread's monitor)
        if (!run.temporary() || !thread.temporary()) { // a stateless run's rows are never stored
            registry.saveOutcome(run, outcome.runRow(run), thread, outcome.threadFields(thread));
        }
        free(claim);
        outcome.publish(run, thread);
        return true;
    }

    /**
     * Frees a claim's thread without writing anything: the run stopped for good in this JVM (the
     * server closes, or its outcome could not be stored).
     *
     * @param claim the claim
     */
    public synchronized void free(Claim claim) {
        Lane lane = lanes.get(claim.threadId());
        if (lane != null && lane.running != null && lane.running.runId.equals(claim.runId())) {
            lane.running = null;
            attempts.remove(claim.runId());
            dropIfEmpty(claim.threadId(), lane);
        }
    }

    @Override
    public synchronized void giveBack(Claim claim) {
        Lane lane = lanes.get(claim.threadId());
        if (lane != null && lane.running != null && lane.running.runId.equals(claim.runId())) {
            lane.pending.addFirst(lane.running);
            lane.running = null;
            attempts.merge(claim.runId(), -1, Integer::sum);
        }
    }

    private void dropIfEmpty(String threadId, Lane lane) {
        if (lane.running == null && lane.pending.isEmpty()) {
            lanes.remove(threadId);
        }
    }

    @Override
    public synchronized boolean busy(String threadId) {
        return lanes.containsKey(threadId);
    }

    @Override
    public synchronized List<String> active(String threadId) {
        Lane lane = lanes.get(threadId);
        if (lane == null) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        if (lane.running != null) {
            out.add(lane.running.runId);
        }
        out.addAll(ids(lane.pending));
        return out;
    }

    @Override
    public synchronized List<ActiveRun> activeRuns() {
        List<Entry> all = new ArrayList<>();
        List<ActiveRun> out = new ArrayList<>();
        for (Lane lane : lanes.values()) {
            if (lane.running != null) {
                out.add(new ActiveRun(lane.running.runId, lane.running.threadId, true));
            }
            all.addAll(lane.pending);
        }
        all.sort(java.util.Comparator.comparingLong(Entry::seq));
        all.forEach(e -> out.add(new ActiveRun(e.runId, e.threadId, false)));
        return out;
    }

    @Override
    public CheckpointSaver saver(Claim claim, CheckpointSaver base) {
        return base; // one JVM: nobody else can take the run over
    }

    @Override
    public void close() {}
}
