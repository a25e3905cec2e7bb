package dev.switchboard.server.runs;

import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.server.rows.Registry;
import dev.switchboard.server.rows.RunRow;
import dev.switchboard.server.rows.ThreadRow;
import dev.switchboard.server.wire.ApiException;
import dev.switchboard.server.wire.ThreadStatus;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The one path every run takes: created on a {@link RunQueue} (which applies the double-texting
 * rule), claimed by a JVM with room for it, executed there under a {@link
 * dev.switchboard.runtime.RunControl} and the checkpointer the queue gives its claim, its stream
 * parts turned into SSE events, its outcome recorded on the queue. A run is stopped (cancel,
 * double text, lost lease, server closing) by cancelling its control: it commits nothing from then
 * on, so the thread keeps exactly the steps it had finished.
 *
 * <p>Runs on temporary threads (stateless runs) always use this JVM's {@link LocalRunQueue}; the
 * others use the server's queue, which is the same one unless the database is shared. A stateless
 * wait runs on the thread of the request that waits for it ({@link #runHere}): nobody else can
 * see it, and the request would only wait meanwhile.
 *
 * <p>Every path that changes what runs (create, cancel, claim, finish) starts in this class, under
 * one locking rule: a thread's row monitor before a queue's, never a row's while holding a queue's.
 * Executing a run ({@link RunExecutor}), stopping it ({@link RunStops}, which holds the runs
 * executing here), storing its outcome ({@link OutcomeRecorder}), its events ({@link RunFeeds}) and
 * the shared queue's news ({@link SharedQueueNews}) are classes of their own.
 */
public final class RunPipeline implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RunPipeline.class);

    private final String owner;
    private final Registry registry;
    private final CheckpointSaver saver;
    private final RunQueue queue;
    private final LocalRunQueue local;
    private final int maxRuns;
    private final ExecutorService workers;
    /** Wakes the claimers when a run asked to wait is due. */
    private final ScheduledExecutorService timer;

    private final RunExecutor executor;
    /** Stores how each execution here ended. */
    private final OutcomeRecorder outcomes;
    /** The runs executing here and how they stop. */
    private final RunStops stops;

    private final RunFeeds feeds;
    private final RunMemory memory = RunMemory.ofHeap();
    /** Wakes the shared queue's claimer (a run is due, or was queued here). */
    private volatile Runnable wake = () -> {};
    /** Tells the shared queue's claimer a run ended here: it claims again if it stopped for want of room. */
    private volatile Runnable roomFreed = () -> {};
    /** Whether the shared queue's claimer stopped for want of room (not of work). */
    private volatile BooleanSupplier waitsForRoom = () -> false;

    private final SharedQueueNews news;

    private volatile boolean closing;

    /**
     * Tests only: this JVM starts no run, not even one created here with room for it (a front that
     * only inserts, for figures of the workers alone).
     */
    public volatile boolean startsNothing;

    /**
     * A pipeline.
     *
     * @param owner this JVM's owner id on the queues
     * @param registry the server's rows
     * @param saver the server's checkpointer, which each run's own checkpointer is made from
     * @param queue the server's queue: a {@link LocalRunQueue} unless the database is shared
     * @param local the queue of stateless runs: {@code queue} itself when that is local
     * @param maxRuns how many claimed runs this JVM executes at once
     * @param eventBytes how many bytes of SSE event data the runs of this JVM keep together for late
     *     readers
     */
    public RunPipeline(
            String owner,
            Registry registry,
            CheckpointSaver saver,
            RunQueue queue,
            LocalRunQueue local,
            int maxRuns,
            long eventBytes) {
        this.feeds = new RunFeeds(eventBytes);
        this.owner = owner;
        this.registry = registry;
        this.saver = saver;
        this.queue = queue;
        this.local = local;
        this.maxRuns = maxRuns;
        this.executor = new RunExecutor(registry, saver, local, this, memory);
        this.outcomes = new OutcomeRecorder(registry, local, this::claimNext);
        this.news = new SharedQueueNews(this, registry);
        this.stops = new RunStops(this, registry, queue, feeds, news);
        AtomicInteger n = new AtomicInteger();
        this.workers = Executors.newFixedThreadPool(maxRuns, r -> {
            Thread t = new Thread(r, "switchboard-run-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "switchboard-run-timer");
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * What the shared queue's worker tells this JVM: cancels, lost leases, runs finished elsewhere.
     *
     * @return the news handler
     */
    public SharedQueueNews news() {
        return news;
    }

    /**
     * Connects the shared queue's event log and claimer.
     *
     * @param events where this JVM writes the events of the runs it executes and reads others'
     * @param claimer wakes the shared queue's claimer
     * @param freed tells the claimer a run ended here
     * @param waitsForRoom whether the claimer stopped for want of room: then a run ending here
     *     claims the next with its outcome, in one transaction
     * @param stopWait how long a cancel waits for the JVM executing a run to stop it
     */
    public void shared(
            SharedEvents events, Runnable claimer, Runnable freed, BooleanSupplier waitsForRoom, Duration stopWait) {
        this.feeds.shared(events);
        this.wake = claimer;
        this.roomFreed = freed;
        this.waitsForRoom = waitsForRoom;
        this.news.stopWait(stopWait);
    }

    /**
     * This JVM's owner id on the queues.
     *
     * @return the id
     */
    public String owner() {
        return owner;
    }

    private RunQueue queueOf(RunRow run) {
        return run.temporary() ? local : queue;
    }

    /**
     * Queues again the runs a previous server left unfinished (single-JVM servers; the shared queue
     * keeps its own), then starts what it can.
     *
     * @param unfinished the runs read back
     */
    public void recover(List<RunRow> unfinished) {
        feeds.created(unfinished);
        local.restore(unfinished);
        pump();
        for (RunRow r : unfinished) {
            long delay = r.createdAt().toEpochMilli() - System.currentTimeMillis();
            if (delay > 0) {
                timer.schedule((Runnable) this::pump, delay + 1, TimeUnit.MILLISECONDS);
            }
        }
    }

    /**
     * What {@link #submit} left to do once the caller committed its rows: stopping the runs the new
     * one replaces (which waits for their commits in flight, so it must not hold a database lock
     * they may need) and starting it.
     */
    public interface Submission {
        /** Stops the replaced runs and starts the new one when it was claimed. */
        void go();
    }

    /**
     * Creates {@code run} on {@code thread} by its multitask strategy: the queue decides, under the
     * thread's lock, and writes the run's row; the runs it replaces and its start wait for {@link
     * Submission#go}, to be called once the caller's transaction (if any) committed.
     *
     * @param thread the run's thread
     * @param run the new run
     * @param here whether the caller runs it on its own thread ({@link #runHere}): a stateless wait
     * @param metadata the keys the run sets in its thread's metadata, stored with its row
     * @return what is left to do
     */
    public Submission submit(ThreadRow thread, RunRow run, boolean here, ObjectNode metadata) {
        if (!memory.admits(RunMemory.cost(run.bodyBytes()))) {
            throw ApiException.status(503, "the server is busy with large runs: retry later");
        }
        RunQueue q = queueOf(run);
        boolean local = q == this.local;
        if (local && !here) { // nobody streams a run its own request waits for: it keeps no events
            feeds.created(run.id());
        }
        RunQueue.Submitted s;
        registry.track(run); // the one object of the run in this JVM: whoever waits for it waits on it
        try {
            s = q.submit(run, thread, metadata, here || hasRoom() ? owner : null);
        } catch (RuntimeException e) {
            feeds.refused(run.id());
            registry.untrack(run);
            throw e;
        }
        return () -> {
            Stop stop =
                    s.decision().action() == null ? null : Stop.of(s.decision().action(), false);
            for (String id : s.decision().ended()) {
                stops.endedElsewhere(id);
            }
            String cancelled = s.decision().cancelled();
            if (cancelled != null) {
                stops.stopHere(cancelled, stop);
            }
            if (s.claim() != null) {
                start(s.claim(), here, false);
            } else {
                run.shelve(); // it waits in the queue: as bytes only until it starts
                if (!local) {
                    wake.run();
                }
            }
            long delay = run.createdAt().toEpochMilli() - System.currentTimeMillis();
            if (s.claim() == null && delay > 0) {
                // a run asked to wait (after_seconds): whoever has room claims it when it is due
                Runnable due = local ? this::pump : wake;
                timer.schedule(due, delay + 1, TimeUnit.MILLISECONDS);
            }
        };
    }

    /**
     * Cancels a run a client asked to cancel: a pending one ends at once, a running one stops at
     * its next step boundary (here or on the JVM running it), keeping its finished steps ({@code
     * interrupt}) or ending as an error ({@code rollback}). When this answers, nothing of the run
     * is committed any more, if it ran here; on another JVM that JVM stops it at its next commit.
     *
     * @param run the run
     * @param stop how it ends
     */
    public void cancel(RunRow run, Stop stop) {
        stops.cancel(run, stop, queueOf(run));
    }

    /** The runs executing here and how they stop (what the shared queue's news acts on). */
    RunStops stops() {
        return stops;
    }

    /**
     * Whether a thread has a pending or running run (its state cannot be updated meanwhile).
     *
     * @param thread the thread
     * @return true when busy
     */
    public boolean busy(ThreadRow thread) {
        return (thread.temporary() ? local : queue).busy(thread.id());
    }

    /**
     * The ids of a thread's unfinished runs, running first.
     *
     * @param thread the thread
     * @return the ids
     */
    public List<String> active(ThreadRow thread) {
        return (thread.temporary() ? local : queue).active(thread.id());
    }

    /**
     * Every run not yet finished, on every thread (stateless runs' included), oldest first.
     *
     * @return the runs
     */
    public List<RunQueue.ActiveRun> activeRuns() {
        List<RunQueue.ActiveRun> out = new java.util.ArrayList<>(queue.activeRuns());
        if (queue != local) {
            out.addAll(local.activeRuns());
        }
        return out;
    }

    /**
     * Deletes a thread: its unfinished runs are cancelled first (they commit nothing more), then
     * its rows and its checkpoints go. Call holding the thread's monitor.
     *
     * @param thread the thread
     */
    public void deleteThread(ThreadRow thread) {
        for (RunRow r : List.copyOf(registry.runs(thread.id()))) {
            if (!r.finished()) {
                cancel(r, Stop.of(dev.switchboard.server.wire.CancelAction.INTERRUPT, true));
            }
        }
        drop(thread);
    }

    /**
     * Where a stream of {@code run} reads its events: this JVM's own events of a run created or
     * executed here, else the shared event log that the JVM executing it writes. A run claimed
     * again streams the log even here: it holds the earlier attempts' events first, and the ids
     * clients resume from are its places in the log, the same on every JVM.
     *
     * @param run the run
     * @return the feed, to be released
     */
    public EventFeed feed(RunRow run) {
        return feeds.feed(run, stops.execution(run.id()));
    }

    // ------------------------------------------------------------------ claims and execution

    /**
     * Whether this JVM may take one more claimed run now.
     *
     * @return true below {@code maxRuns} and not closing
     */
    public boolean hasRoom() {
        return !closing && !startsNothing && running() < maxRuns;
    }

    /**
     * How many claimed runs execute here now (stateless waits on their requests' threads aside).
     *
     * @return the count
     */
    public int running() {
        int n = 0;
        for (Execution e : stops.executions()) {
            if (!e.here) {
                n++;
            }
        }
        return n;
    }

    /**
     * The ids of the runs of the shared queue executing here, whose leases this JVM renews.
     *
     * @return the ids
     */
    public List<String> runningIds() {
        return sharedExecutions().stream().map(e -> e.run.id()).toList();
    }

    /** The executions here of the shared queue's runs, whose leases this JVM holds. */
    List<Execution> sharedExecutions() {
        return queue == local ? List.of() : stops.executionsOf(queue);
    }

    /**
     * The owner to claim the next run for in the transaction of {@code e}'s outcome, or null: only
     * on the shared queue, when every slot here is busy (the ending run's included) and the claimer
     * waits for room, so that the run taking the freed slot costs no claim of its own. The next run
     * starts before the ending one lets its slot go ({@link #finish}), so the claimer, woken by the
     * end, finds no room and claims nothing more.
     */
    private String claimNext(Execution e) {
        return e.queue == queue
                        && queue != local
                        && !e.here
                        && !closing
                        && !startsNothing
                        && running() >= maxRuns
                        && waitsForRoom.getAsBoolean()
                ? owner
                : null;
    }

    /** Claims from the local queue(s) while this JVM has room. */
    private void pump() {
        pump(local);
        if (queue != local) {
            roomFreed.run();
        }
    }

    private void pump(RunQueue q) {
        while (hasRoom()) {
            var claim = q.claim(owner);
            if (claim.isEmpty() || !run(claim.get(), q)) {
                return;
            }
        }
    }

    /**
     * Starts a run the shared queue's claimer took for this JVM.
     *
     * @param claim the claim
     * @return false when this JVM cannot run it (its graph is not served here): it was given back
     */
    public boolean run(Claim claim) {
        return run(claim, queue);
    }

    private boolean run(Claim claim, RunQueue q) {
        Execution running = stops.execution(claim.runId());
        if (running != null) {
            return true; // still executing here from an earlier claim: it goes on under this one
        }
        RunRow run = registry.runAsStored(claim.runId(), claim.runRow());
        ThreadRow thread = registry.threadAsStored(claim.threadId(), claim.threadRow());
        if (run == null || thread == null) {
            q.giveBack(claim);
            return false;
        }
        start(claim, false, true);
        return true;
    }

    /**
     * Starts a claimed run; {@code markBusy} unless its thread's row already says busy. The shared
     * queue's claim stored the thread busy with the run running: only this JVM's copy changes.
     */
    private void start(Claim claim, boolean here, boolean markBusy) {
        RunRow run = registry.run(claim.runId());
        ThreadRow thread = registry.thread(claim.threadId());
        RunQueue q = queueOf(run);
        RunEvents events = here ? RunEvents.gone() : feeds.forExecution(run, q == local);
        Execution e = new Execution(claim, run, thread, q, events, here);
        Stop early = stops.started(e);
        if (markBusy) {
            thread.status(ThreadStatus.BUSY);
            if (q == local) {
                registry.save(thread);
            }
        }
        if (early != null) {
            stops.stop(e, early);
            return;
        }
        if (!here) {
            workers.execute(() -> executor.execute(e));
        }
    }

    /**
     * Runs on the caller's thread the run {@link #submit} left to it ({@code here}); returns when it
     * ended.
     *
     * @param run the run
     */
    public void runHere(RunRow run) {
        Execution e = stops.execution(run.id());
        if (e != null && e.here) {
            executor.execute(e);
        }
    }

    /**
     * After the answer of a run that ran on its request's thread: its temporary thread is deleted
     * now, off the answer's path.
     *
     * @param run the run
     */
    public void answered(RunRow run) {
        if (run.temporary() && run.finished()) {
            ThreadRow thread = registry.thread(run.threadId());
            if (thread != null && !local.busy(thread.id())) {
                drop(thread);
            }
        }
    }

    private void drop(ThreadRow thread) {
        registry.dropThread(thread);
        saver.deleteThread(thread.id());
    }

    /**
     * Records an execution's outcome, once, whoever calls first ({@link OutcomeRecorder}), then lets
     * it go: its events end, a stateless run's thread is deleted, and this JVM claims again. An
     * execution stopped by the server closing or by a lost lease records nothing: its row stays as
     * it was, for the queue to hand it on.
     */
    void finish(Execution e, Throwable failure, JsonNode endValues) {
        if (!e.finishing()) {
            return;
        }
        try {
            if (!closing && !e.lost) {
                outcomes.record(e, failure, endValues);
            }
        } finally {
            Claim next = e.next;
            if (next != null) {
                e.next = null;
                startNext(next);
            }
            stops.ended(e);
            e.events.close();
            if (e.thread.temporary() && !e.here && !local.busy(e.thread.id())) {
                drop(e.thread);
            }
            if (!closing) {
                pump();
            }
        }
    }

    /**
     * Starts the run claimed with an outcome. When this JVM closes meanwhile it is left as claimed:
     * the worker's close hands every run it holds back to the queue, with its attempt counted (a
     * give-back would un-count it, and the next claim would log the same attempt twice), or, if the
     * claim committed after that, its lease expires and a sweeper returns it, as after a crash.
     */
    private void startNext(Claim next) {
        if (closing) {
            return;
        }
        try {
            run(next, queue);
        } catch (RuntimeException failed) {
            LOG.warn(
                    "starting run {} claimed with an outcome failed; its lease returns it to the queue: {}",
                    next.runId(),
                    failed.toString());
        }
    }

    /**
     * Tells {@code listener} of each run this JVM executed to its end, once its outcome is stored
     * (the webhooks). It runs on the run's worker thread, so it must hand long work off.
     *
     * @param listener the run and how it ended
     */
    public void onEnded(BiConsumer<RunRow, Outcome> listener) {
        outcomes.onEnded(listener);
    }

    /**
     * Stops the runs of this JVM where they are: nothing they compute from now on is stored, so
     * each keeps its last committed checkpoint and stays unfinished in the rows, for the next
     * server (or another JVM of the shared queue) to continue.
     */
    @Override
    public void close() {
        closing = true;
        for (Execution e : stops.executions()) {
            e.control.cancel();
        }
        workers.shutdownNow();
        timer.shutdownNow();
    }
}
