package dev.switchboard.server;

import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StateSnapshot;
import dev.switchboard.runtime.StateUpdate;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.StreamPart;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Runs the runs of this JVM: at most one active run per thread, the others queued (enqueue) or
 * refused (reject), or the active one stopped (interrupt, rollback) - LangGraph's multitask
 * strategies. A run streams its graph on a worker thread and records its events and result on
 * its {@link RunRow}; thread status and values follow each run's outcome.
 *
 * <p>With a {@link QueueWorker} (a PostgreSQL database shared by several server JVMs) the thread's
 * runs and the strategies are decided in the database instead ({@link PostgresQueue#submit}): a
 * new run is inserted pending, claimed at once by this JVM when it may run now (so a client
 * streaming it here sees its events as they come), else by whichever JVM is free when its thread
 * is. A cancel of a run another JVM runs marks it cancelling; that owner stops it at its next
 * step boundary. Stateless runs (temporary threads nobody else can see) still run in this JVM.
 */
final class RunExecutor implements AutoCloseable, QueueWorker.Runner {
    private final FencedSaver saver;
    private final Registry registry;
    private final ExecutorService workers;
    /** Set by {@link #close}: the runs of this JVM stop where they are and stay unfinished in the store. */
    private volatile boolean closing;
    /** The shared queue's worker, or null when runs are decided in this JVM alone. */
    private QueueWorker worker;
    /** The shared queue's run events, written for the streams on other JVMs; null with no queue. */
    private EventLog log;
    /** Fences the commits of the queued runs this JVM executes; null with no queue. */
    private QueueFence fence;
    /** The queued runs this JVM claimed and runs now, with the {@link System#nanoTime} of the claim. */
    private final Map<RunRow, Long> owned = new ConcurrentHashMap<>();

    RunExecutor(FencedSaver saver, Registry registry) {
        this.saver = saver;
        this.registry = registry;
        AtomicInteger n = new AtomicInteger();
        this.workers = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "switchboard-run-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    void worker(QueueWorker worker, EventLog log, QueueFence fence) {
        this.worker = worker;
        this.log = log;
        this.fence = fence;
    }

    /**
     * Where a stream of {@code run} reads its events: the run's own events while this JVM runs it
     * (or when there is no shared queue), else the {@link EventLog} that its owner writes.
     */
    EventFeed feed(RunRow run) {
        // a run claimed again streams the table here too: its rows hold the earlier attempts' events
        // first, and the ids clients resume from are the places of the rows, the same on every JVM
        return queued(run) && (!owned.containsKey(run) || run.recovered) ? log.tail(run.id) : run.events;
    }

    private boolean queued(RunRow run) {
        return worker != null && !run.request.temporary();
    }

    /** Starts or queues {@code run} on {@code thread} by the run's multitask strategy. */
    void submit(ThreadRow thread, RunRow run) {
        submit(thread, run, false);
    }

    /**
     * As {@link #submit(ThreadRow, RunRow)}; with {@code here}, a run on a temporary thread (a
     * stateless run: it always starts at once, nobody else sees it) is left to the caller to run on
     * its own thread by {@link #runHere}: a request that waits for it anyway then costs no hand-off
     * to a worker and back.
     */
    void submit(ThreadRow thread, RunRow run, boolean here) {
        if (queued(run)) {
            submitQueued(thread, run);
            return;
        }
        synchronized (thread) {
            if (thread.busy()) {
                switch (run.request.multitaskStrategy()) {
                    case "reject" ->
                        throw ApiException.status(
                                422,
                                "Thread is already running a task. Wait for it to finish or choose a different"
                                        + " multitask strategy.");
                    case "enqueue" -> {
                        registry.addRun(run);
                        thread.queue.add(run);
                        return;
                    }
                    default -> stopAll(thread, run.request.multitaskStrategy().equals("rollback"));
                }
            }
            registry.addRun(run);
            if (here && thread.temporary) {
                claim(thread, run);
                run.here = true;
            } else {
                start(thread, run);
            }
        }
    }

    /** Runs on the caller's thread the run {@link #submit(ThreadRow, RunRow, boolean)} left to it. */
    void runHere(RunRow run) {
        if (run.here) {
            execute(registry.thread(run.threadId), run);
        }
    }

    /**
     * After the answer of a run that ran here: its temporary thread is deleted now, off the
     * answer's path (the client no longer waits for that commit).
     */
    void answered(RunRow run) {
        if (!run.here) {
            return;
        }
        ThreadRow thread = registry.thread(run.threadId);
        if (thread == null) {
            return;
        }
        synchronized (thread) {
            if (run.finished() && !thread.busy()) {
                drop(thread);
            }
        }
    }

    private void stopAll(ThreadRow thread, boolean rollback) {
        for (RunRow queued : thread.queue) {
            stop(thread, queued, rollback, false);
        }
        thread.queue.clear();
        if (thread.active != null) {
            stop(thread, thread.active, rollback, false);
        }
    }

    /** Cancels a run: {@code interrupt} keeps its finished steps; {@code rollback} marks it an error. */
    void cancel(ThreadRow thread, RunRow run, boolean rollback) {
        if (queued(run)) {
            cancelQueued(thread, run, rollback ? "rollback" : "interrupt");
            return;
        }
        synchronized (thread) {
            if (run.finished()) {
                return;
            }
            boolean queued = thread.queue.remove(run);
            stop(thread, run, rollback, true);
            if (!queued) {
                thread.status = rollback ? "error" : "idle";
                registry.save(thread);
                startNext(thread, null);
            }
        }
    }

    /** Caller holds the thread's monitor. */
    private void stop(ThreadRow thread, RunRow run, boolean rollback, boolean byClient) {
        run.stopped = true;
        saver.stop(run.id);
        run.status(rollback ? "error" : "interrupted");
        if (rollback) {
            ObjectNode err = Json.object();
            err.set("__error__", Json.object().put("error", "Error").put("message", "the run was rolled back"));
            run.result = err;
        } else if (byClient) {
            run.result = Json.MAPPER.nullNode();
        }
        if (thread.active == run) {
            saver.fence(thread.id);
            thread.active = null;
            refresh(thread, run.graph);
            registry.save(thread);
        }
        registry.save(run);
        run.events.close();
    }

    private void start(ThreadRow thread, RunRow run) {
        claim(thread, run);
        workers.execute(() -> execute(thread, run));
    }

    /** Makes {@code run} the thread's active run; caller holds the thread's monitor. */
    private void claim(ThreadRow thread, RunRow run) {
        thread.active = run;
        saver.started(thread.id);
        thread.status = "busy";
        thread.touch();
        registry.save(thread);
    }

    /**
     * Starts the thread's next queued run after {@code ended} (null after a cancel); a temporary
     * thread with none is deleted, but after the answer when its run ran here ({@link #answered}).
     * Caller holds the thread's monitor.
     */
    private void startNext(ThreadRow thread, RunRow ended) {
        RunRow next = thread.queue.poll();
        if (next != null) {
            start(thread, next);
        } else if (thread.temporary && (ended == null || !ended.here)) {
            drop(thread);
        }
    }

    private void drop(ThreadRow thread) {
        registry.dropThread(thread);
        saver.deleteThread(thread.id);
    }

    private void execute(ThreadRow thread, RunRow run) {
        PostgresQueue.Claim claim = owned.containsKey(run) ? run.claim : null;
        if (claim == null) {
            executeRun(thread, run, null);
            return;
        }
        fence.began(claim);
        try {
            executeRun(thread, run, claim);
        } finally {
            fence.ended(claim);
        }
    }

    /** Runs {@code run} here; {@code claim} is the queue claim it runs under, null when not queued. */
    private void executeRun(ThreadRow thread, RunRow run, PostgresQueue.Claim claim) {
        synchronized (thread) {
            if (run.stopped) {
                return;
            }
            run.status("running");
            if (registry.shared()) {
                // other JVMs show it; a restart reads pending and running alike (see RunRow#restore)
                registry.save(run);
            }
        }
        run.events.add(
                "metadata", Json.object().put("run_id", run.id).put("attempt", claim == null ? 1 : claim.attempt()));
        EventMapper events = new EventMapper(run);
        try {
            Resumption from = run.recovered ? resumption(run) : Resumption.INPUT;
            RunConfig config = RunConfigs.of(thread, run, from == Resumption.INPUT);
            if (from == Resumption.DONE || resumesNothing(run, config)) {
                finish(thread, run, null, null);
                return;
            }
            Consumer<StreamPart<Object>> sink = p -> {
                if (run.stopped) {
                    throw new StoppedException();
                }
                events.emit(p);
            };
            if (from == Resumption.CHECKPOINT) {
                run.graph.graph.streamTo((StateUpdate) null, config, sink, modes(run));
            } else {
                stream(run, config, sink);
            }
            events.end();
            finish(thread, run, null, events.endValues());
        } catch (StoppedException e) {
            // cancelled meanwhile: cancel() already recorded the outcome
        } catch (RuntimeException | Error e) {
            if (QueueFence.refused(e)) {
                if (run.claim == claim) {
                    lost(run); // its row is another server's now: leave the outcome to that one
                }
            } else {
                finish(thread, run, e, null);
            }
        }
    }

    /**
     * A resume of a thread that is not waiting on an interrupt runs nothing (LangGraph answers with
     * the thread's values and writes no checkpoint).
     */
    private boolean resumesNothing(RunRow run, RunConfig config) {
        JsonNode cmd = run.request.command();
        if (cmd == null || !cmd.has("resume") || cmd.has("goto") || cmd.has("update")) {
            return false;
        }
        StateSnapshot<Object> s = run.graph.graph.getState(RunConfig.thread(run.threadId));
        return s.interrupts().isEmpty();
    }

    /** Where a run continues: from its input, from the checkpoint it last wrote, or nowhere. */
    private enum Resumption {
        INPUT,
        CHECKPOINT,
        DONE
    }

    /**
     * A recovered run whose thread's last checkpoint it wrote itself continues from there (its
     * finished tasks' writes are kept, so only unfinished tasks run again, and a step whose tasks all
     * finished is committed), or is done when that checkpoint ended the graph or stopped at an
     * interrupt; otherwise nothing of it was committed
     * and it starts from its input like a new run.
     */
    private static Resumption resumption(RunRow run) {
        StateSnapshot<Object> s = run.graph.graph.getState(RunConfig.thread(run.threadId));
        Object writer = s.metadata() == null ? null : s.metadata().extra().get("run_id");
        if (!run.id.equals(writer)) {
            return Resumption.INPUT;
        }
        // not s.next(): it leaves out the tasks whose writes are stored, and when those are all of
        // the step's tasks the step is still to be committed (else their writes would be lost)
        return s.tasks().isEmpty() || !s.interrupts().isEmpty() ? Resumption.DONE : Resumption.CHECKPOINT;
    }

    private static StreamMode[] modes(RunRow run) {
        return modes(run.request.streamModes());
    }

    /**
     * Runs the graph on this thread, its events straight to {@code sink}: a worker or a waiting
     * request thread has nothing else to do meanwhile, so a thread driving the run would only add a
     * hand-off per event.
     */
    private void stream(RunRow run, RunConfig config, Consumer<StreamPart<Object>> sink) {
        StreamMode[] modes = modes(run.request.streamModes());
        if (run.request.command() != null) {
            Command<StateUpdate> cmd = run.graph.command(run.request.command());
            run.graph.graph.streamTo(cmd, config, sink, modes);
            return;
        }
        JsonNode input = run.request.input();
        StateUpdate update = input == null || input.isNull() ? null : run.graph.input(input, config);
        run.graph.graph.streamTo(update, config, sink, modes);
    }

    private static StreamMode[] modes(Set<String> asked) {
        EnumSet<StreamMode> m = EnumSet.of(StreamMode.VALUES, StreamMode.UPDATES);
        for (String a : asked) {
            switch (a) {
                case "custom" -> m.add(StreamMode.CUSTOM);
                case "debug" -> m.add(StreamMode.DEBUG);
                case "tasks", "events" -> m.add(StreamMode.TASKS);
                case "checkpoints" -> m.add(StreamMode.CHECKPOINTS);
                case "messages", "messages-tuple" -> m.add(StreamMode.MESSAGES);
                default -> {}
            }
        }
        return m.toArray(StreamMode[]::new);
    }

    /**
     * Records a run's outcome. {@code endValues}, the values a run that ended the graph streamed
     * last, are its answer and the thread's values as they are (reading the checkpoint back would
     * decode the same state again); a failed or paused run's come from its thread's checkpoint.
     */
    private void finish(ThreadRow thread, RunRow run, Throwable failure, ObjectNode endValues) {
        synchronized (thread) {
            if (run.stopped || closing) {
                return; // closing: the run stays unfinished in the store, for the next server to resume
            }
            if (failure == null && endValues != null) {
                ended(thread, run, endValues);
            } else {
                outcome(thread, run, failure, refresh(thread, run.graph));
            }
            thread.active = null;
            thread.touch();
            if (owned.remove(run) != null) {
                log.flush(); // a reader on another JVM sees the run done only after its last event
                if (!worker.queue.finish(run.id, worker.owner, run, thread)) {
                    registry.reload(run); // the lease was lost: the run's new owner records its outcome
                    return;
                }
            } else {
                registry.transaction(() -> {
                    registry.save(run);
                    registry.save(thread);
                });
            }
            run.events.close();
            startNext(thread, run);
        }
    }

    /** A run that ended the graph: no task is pending, so the thread has no interrupts. */
    private static void ended(ThreadRow thread, RunRow run, ObjectNode endValues) {
        thread.values = endValues;
        thread.interrupts = Json.object();
        run.result = endValues;
        run.status("success");
        thread.status = "idle";
    }

    private static void outcome(ThreadRow thread, RunRow run, Throwable failure, StateSnapshot<Object> s) {
        if (failure != null) {
            ObjectNode err = Wire.error(failure);
            run.events.add("error", err);
            run.result = Json.object().set("__error__", err);
            run.status("error");
            thread.status = "error";
        } else {
            run.result = s != null && !s.next().isEmpty() ? interruptResult(s) : thread.values;
            run.status("success");
            thread.status = s != null && !s.next().isEmpty() ? "interrupted" : "idle";
        }
    }

    private static ObjectNode interruptResult(StateSnapshot<Object> s) {
        ObjectNode out = Json.object();
        out.set("__interrupt__", Wire.interrupts(s.interrupts()));
        return out;
    }

    void refreshValues(ThreadRow thread, ServedGraph graph) {
        synchronized (thread) {
            refresh(thread, graph);
        }
    }

    /** Reads the thread's latest checkpoint into its row (values, interrupts); caller holds the monitor. */
    private StateSnapshot<Object> refresh(ThreadRow thread, ServedGraph graph) {
        try {
            StateSnapshot<Object> s = graph.graph.getState(RunConfig.thread(thread.id));
            thread.values = graph.values(s.channels());
            thread.interrupts = Wire.threadInterrupts(s);
            return s;
        } catch (RuntimeException e) {
            thread.values = Json.object();
            thread.interrupts = Json.object();
            return null;
        }
    }

    /**
     * Starts again the runs a previous server left unfinished (read back by {@link Registry#load}):
     * per thread, the oldest one runs and the others queue behind it in their order.
     */
    void recover(List<RunRow> unfinished) {
        for (RunRow run : unfinished) {
            ThreadRow thread = registry.thread(run.threadId);
            synchronized (thread) {
                if (thread.active == null) {
                    start(thread, run);
                } else {
                    thread.queue.add(run);
                }
            }
        }
    }

    @Override
    public void close() {
        closing = true;
        if (worker != null) {
            worker.close();
            log.close();
        }
        workers.shutdownNow();
    }

    private void submitQueued(ThreadRow thread, RunRow run) {
        PostgresQueue.Decision d = worker.queue.submit(
                run, run.request.multitaskStrategy(), worker.mayClaimHere() ? worker.owner : null, worker.lease());
        registry.track(run);
        for (String id : d.cancelledPending()) {
            RunRow r = registry.run(id);
            if (r != null) {
                done(id);
            }
        }
        for (String id : d.cancelledRunning()) {
            cancelled(id, run.request.multitaskStrategy());
        }
        if (d.claimed() != null) {
            run(d.claimed());
        }
    }

    private void cancelQueued(ThreadRow thread, RunRow run, String action) {
        if (owned.containsKey(run)) {
            cancelled(run.id, action);
        } else if (!worker.queue.cancel(run.id, action)) {
            done(run.id); // it was pending (now ended) or had finished: take its row as stored
        }
        // else another JVM runs it: it stops at its next step boundary and notifies done
    }

    @Override
    public boolean run(PostgresQueue.Claim claim) {
        RunRow run = registry.run(claim.runId());
        if (run != null && owned.containsKey(run)) {
            return true; // still running here from an earlier claim of this JVM: it goes on under this one
        }
        ThreadRow thread = registry.thread(claim.threadId());
        if (run == null || thread == null) {
            worker.queue.giveBack(claim.runId(), worker.owner); // its graph is not served by this JVM
            return false;
        }
        synchronized (thread) {
            run.stopped = false;
            saver.forget(run.id); // this JVM may have stopped it once, when it lost the lease
            run.recovered = claim.attempt() > 1; // a run claimed again continues from its own checkpoint
            run.claim = claim;
            owned.put(run, System.nanoTime());
            run.events.mirror((name, data) -> log.add(run.id, name, data));
            start(thread, run);
        }
        return true;
    }

    @Override
    public int running() {
        return owned.size();
    }

    @Override
    public List<String> runningIds() {
        return owned.keySet().stream().map(r -> r.id).toList();
    }

    @Override
    public void cancelled(String runId, String action) {
        RunRow run = registry.run(runId);
        ThreadRow thread = run == null ? null : registry.thread(run.threadId);
        if (thread == null) {
            return;
        }
        synchronized (thread) {
            if (owned.remove(run) == null || run.stopped) {
                return;
            }
            boolean rollback = action.equals("rollback");
            thread.status = rollback ? "error" : "idle";
            stop(thread, run, rollback, true);
            log.flush();
            worker.queue.finish(run.id, worker.owner, run, thread);
        }
    }

    @Override
    public void lostExcept(Map<String, String> held, long since) {
        owned.forEach((run, claimedAt) -> {
            if (claimedAt - since < 0 && !held.containsKey(run.id)) {
                lost(run);
            }
        });
    }

    /** Stops a run whose lease this JVM lost, without touching its row (another JVM's now). */
    private void lost(RunRow run) {
        ThreadRow thread = registry.thread(run.threadId);
        synchronized (thread) {
            owned.remove(run);
            run.stopped = true; // its stream unwinds at the next part; nothing of it is stored
            saver.stop(run.id);
            saver.fence(thread.id);
            thread.active = null;
        }
    }

    @Override
    public void eventsWritten(String runId) {
        log.arrived(runId);
    }

    @Override
    public void done(String runId) {
        RunRow run = registry.run(runId);
        if (run != null && !run.finished() && !owned.containsKey(run)) {
            registry.reload(run);
        }
    }

    /** Unwinds a run's stream once the run was stopped from outside. */
    private static final class StoppedException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        StoppedException() {
            super(null, null, false, false);
        }
    }
}
