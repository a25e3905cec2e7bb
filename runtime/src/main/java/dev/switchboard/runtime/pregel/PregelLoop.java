package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.EmptyInputException;
import dev.switchboard.runtime.ErrorCode;
import dev.switchboard.runtime.GraphException;
import dev.switchboard.runtime.GraphRecursionException;
import dev.switchboard.runtime.Interrupt;
import dev.switchboard.runtime.NodeException;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.StreamPart;
import dev.switchboard.runtime.channel.Channel;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata.Source;
import dev.switchboard.runtime.checkpoint.CheckpointTuple;
import dev.switchboard.runtime.checkpoint.PendingWrite;
import dev.switchboard.runtime.internal.NodeDispatcher;
import dev.switchboard.runtime.internal.ReservedNames;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One run of a graph: LangGraph's {@code PregelLoop}. Each superstep prepares the tasks whose
 * trigger channels have a version newer than the one the node last saw (plus one push task per
 * pending {@code Send}), runs them in parallel, and applies all their writes at the barrier in task
 * path order: pull tasks by node name, then push tasks by send index. With a checkpointer the run
 * starts from the thread's stored state and stores a checkpoint per superstep.
 *
 * <p>All channel state lives in arrays indexed by channel and node number. Only the loop's thread
 * changes channels; tasks read them while a superstep runs.
 */
final class PregelLoop {
    static final Object NO_RESUME = new Object();

    final GraphSpec spec;
    final RunConfig config;
    final EventSink sink;
    final Persistence persistence;
    private final Cancellation cancellation;
    private final TaskRunner runner;

    private final ChannelState state;

    private List<Task> tasks = List.of();
    private List<PendingWrite> storedWrites = List.of();
    int step = -1;
    int stop;
    String checkpointId;
    private String parentCheckpointId;
    private CheckpointMetadata metadata;
    private Instant createdAt;
    private boolean hasState;
    private boolean replaying;
    private boolean paused;
    /** Whether tasks of the current step paused: their step's checkpoint is where the run resumes. */
    private boolean pausedInStep;

    private List<Interrupt> interrupts = List.of();
    private final Breakpoints breakpoints;
    private final AtomicReference<Object> nullResume = new AtomicReference<>(NO_RESUME);
    private Map<String, ?> resumeMap = Map.of();
    private List<String> namespacePath = List.of();
    private EventSink rootSink;
    private boolean nested;

    PregelLoop(
            GraphSpec spec,
            NodeDispatcher dispatcher,
            Executor executor,
            NodePolicies policies,
            RunConfig config,
            EventSink sink,
            Cancellation cancellation,
            Persistence persistence,
            Breakpoints breakpoints) {
        this.spec = spec;
        this.breakpoints = breakpoints;
        this.config = config;
        this.sink = sink;
        this.cancellation = cancellation;
        this.persistence = persistence;
        this.state = new ChannelState(spec);
        this.runner = new TaskRunner(this, dispatcher, executor, policies);
    }

    // ---------------------------------------------------------------- run

    /** Makes this the loop of a subgraph running in a task of {@code parent}. */
    void nestUnder(PregelLoop parent, List<String> namespace) {
        this.nested = true;
        this.namespacePath = List.copyOf(namespace);
        this.rootSink = parent.rootSink();
    }

    boolean nested() {
        return nested;
    }

    List<String> namespacePath() {
        return namespacePath;
    }

    EventSink rootSink() {
        return rootSink == null ? sink : rootSink;
    }

    Map<String, ?> resumeMap() {
        return resumeMap;
    }

    Cancellation cancellation() {
        return cancellation;
    }

    /** Runs the graph with an input (a state update, a command, or {@code null} to resume). */
    Object run(Object input) {
        load();
        return runLoaded(input);
    }

    /** {@link #run} after {@link #load()}. */
    Object runLoaded(Object input) {
        boolean ok = false;
        try {
            first(input);
            loop();
            ok = true;
        } finally {
            if (persistence != null) {
                finishPersistence(ok);
            }
        }
        return readOutput();
    }

    private void finishPersistence(boolean ok) {
        if (ok) {
            persistence.flush();
            if (pausedInStep) {
                putWritesAtExit(); // the interrupts, and the finished tasks a resume must not run again
            }
            return;
        }
        try {
            persistence.flush();
            putWritesAtExit();
        } catch (RuntimeException e) {
            // The run's own failure is the one to report; storing what it got done is best effort.
        }
    }

    /** With exit durability, stores the writes of the current step's finished (or paused) tasks. */
    private void putWritesAtExit() {
        for (Task t : tasks) {
            if (t.done()) {
                persistence.putWritesAtExit(checkpointId, t, taskId(t));
            }
        }
    }

    /** Loads the thread's checkpoint (or the one the config names), if there is a checkpointer. */
    void load() {
        if (persistence == null) {
            return;
        }
        Optional<String> wanted = config.checkpointId();
        Optional<CheckpointTuple> tuple =
                persistence.saver.getTuple(persistence.threadId, persistence.namespace, wanted.orElse(null));
        if (wanted.isPresent() && tuple.isEmpty()) {
            throw new GraphException("thread '" + persistence.threadId + "' has no checkpoint " + wanted.get());
        }
        if (wanted.isPresent()) {
            persistence.head = persistence
                    .saver
                    .getTuple(persistence.threadId, persistence.namespace, null)
                    .map(t -> t.checkpoint().id())
                    .orElse(null);
            replaying = !wanted.get().equals(persistence.head);
        } else {
            persistence.head = tuple.map(t -> t.checkpoint().id()).orElse(null);
        }
        tuple.ifPresent(this::restore);
    }

    void restore(CheckpointTuple tuple) {
        restore(tuple, null);
    }

    /** Restores the checkpoint, decoding only the channels {@code decode} marks ({@code null}: all). */
    void restore(CheckpointTuple tuple, boolean[] decode) {
        persistence.restore(tuple, state.channels(), decode);
        state.restoreVersions(tuple.checkpoint());
        CheckpointMetadata md = tuple.metadata();
        this.step = md.step() + 1;
        this.checkpointId = tuple.checkpoint().id();
        this.parentCheckpointId = tuple.parentId();
        this.metadata = md;
        this.createdAt = tuple.checkpoint().timestamp();
        this.storedWrites = tuple.pendingWrites();
        this.hasState = true;
    }

    /** LangGraph's {@code _first}: maps the input to writes, or prepares to resume. */
    private void first(Object input) {
        this.stop = step + config.recursionLimit() + 1;
        if (input instanceof Command<?> command) {
            firstCommand(command);
        } else if (input == null) {
            if (!hasState) {
                throw new EmptyInputException(
                        "Received no input for " + ReservedNames.START + ": there is nothing to resume"
                                + (persistence == null ? " because the graph has no checkpointer" : " on this thread")
                                + "; pass an input");
            }
            resume();
        } else {
            List<Task> order = new ArrayList<>();
            if (hasState) {
                order.addAll(prepareTasks(false)); // a new input discards the unfinished tasks
            }
            Task inputTask = Task.input();
            inputTask.add(spec.startChannel, input);
            order.add(inputTask);
            apply(order, order.size() > 1);
            storedWrites = List.of();
            putCheckpoint(Source.INPUT);
        }
    }

    private void firstCommand(Command<?> command) {
        if (command.update().isEmpty() && command.gotos().isEmpty() && !command.resumes()) {
            throw new EmptyInputException("Received empty Command input: give it an update, a goto or a resume value");
        }
        if (command.resumes()) {
            prepareResume(command);
        }
        Task writes = Task.input();
        command.update().ifPresent(u -> runner.writeUpdate(writes, u, ReservedNames.START));
        for (Object target : command.gotos()) {
            runner.writeGoto(writes, target, ReservedNames.START);
        }
        if (writes.writeCount > 0) {
            apply(List.of(writes), false);
        }
        if (hasState) {
            resume();
        } else {
            putCheckpoint(Source.INPUT);
            emitAllValues();
        }
    }

    private void prepareResume(Command<?> command) {
        if (persistence == null) {
            throw new GraphException(
                    "Cannot resume without a checkpointer: build the graph with .checkpointer(...)",
                    ErrorCode.MISSING_CHECKPOINTER,
                    null);
        }
        if (!hasState) {
            throw new EmptyInputException("thread '" + persistence.threadId + "' has no paused run to resume");
        }
        List<Interrupt> pending = new ArrayList<>();
        persistence.decodeWrites(storedWrites).values().forEach(t -> pending.addAll(t.pendingInterrupts()));
        requirePausedRun(pending);
        Optional<Map<String, ?>> byId = command.resumeValues();
        if (byId.isPresent()) {
            resumeMap = byId.get();
            return;
        }
        if (pending.size() > 1) {
            throw new GraphException("several interrupts are pending ("
                    + pending.stream().map(Interrupt::id).toList()
                    + "); resume them by id with Command.resumeAll(Map)");
        }
        nullResume.set(command.resumeValue().orElseThrow());
    }

    /** Whether the loaded checkpoint has a task paused at an interrupt. */
    boolean waitsAtInterrupt() {
        if (persistence == null) {
            return false;
        }
        for (Persistence.StoredTask t : persistence.decodeWrites(storedWrites).values()) {
            if (!t.pendingInterrupts().isEmpty()) {
                return true;
            }
        }
        return false;
    }

    /**
     * A resume value needs a run to resume: a thread whose last run finished has nothing left to
     * run, and resuming it would silently drop the value. (A run stopped at a breakpoint or by a
     * failure still has tasks to run.) Subgraphs are resumed by their parent, which knows better.
     */
    private void requirePausedRun(List<Interrupt> pending) {
        if (nested || !pending.isEmpty() || !prepareTasks(false).isEmpty()) {
            return;
        }
        throw new EmptyInputException("thread '" + persistence.threadId + "' has no paused run to resume: its last"
                + " run finished, so nothing would take the resume value; start a new run with an input instead");
    }

    /**
     * The value that resumes a task's interrupt call number {@code call}: by that call's id, or the
     * single resume value. Like LangGraph, a map that only holds the id of the task's first call
     * still answers a later call, so ids taken from an older pause keep working.
     */
    Object takeResume(Task task, int call) {
        if (!task.resumedById) {
            Object byId = resumeMap.get(interruptId(task, call));
            if (byId == null && call > 0) {
                byId = resumeMap.get(interruptId(task, 0));
            }
            if (byId != null) {
                task.resumedById = true; // one value per task and run, like a single resume
                return byId;
            }
        }
        return nullResume.getAndSet(NO_RESUME);
    }

    /**
     * The id of a task's interrupt call number {@code call} (from 0): stable across resumes (the same
     * namespace, node, step and checkpoint give the same id) and distinct per call, so each of a
     * node's successive questions can be answered by id. LangGraph's rule: the first call hashes the
     * task's namespace, a later call the namespace with {@code "|" + call} appended.
     */
    String interruptId(Task task, int call) {
        String ns = persistence == null ? "" : persistence.namespace;
        String key = ns + "|" + spec.nodeNames[task.node] + ":" + taskId(task);
        return Digests.sha256Hex(call == 0 ? key : key + "|" + call, 16);
    }

    private void resume() {
        state.markInterruptSeen();
        if (replaying && metadata.source() != Source.UPDATE && metadata.source() != Source.FORK) {
            storedWrites = List.of();
            putCheckpoint(Source.FORK);
        }
        emitAllValues();
    }

    private void loop() {
        boolean first = true;
        while (true) {
            cancellation.check();
            if (step > stop) {
                throw new GraphRecursionException(config.recursionLimit());
            }
            tasks = prepareTasks(true);
            emitCheckpoint();
            if (tasks.isEmpty()) {
                return;
            }
            if (first && !storedWrites.isEmpty()) {
                reuseStoredWrites();
            }
            first = false;
            if (shouldInterrupt(breakpoints.before())) {
                applyFinished(); // LangGraph streams these values before a breakpoint's empty interrupt
                pause(List.of());
                return;
            }
            runner.prepare(tasks);
            runner.runAll(tasks);
            throwFailures();
            if (anyPaused()) {
                List<Interrupt> raised = new ArrayList<>();
                for (Task t : Task.applyOrder(tasks)) {
                    raised.addAll(t.interrupts);
                }
                pausedInStep = true;
                pause(raised);
                applyFinished(); // after the interrupt, as LangGraph streams them
                return;
            }
            apply(Task.applyOrder(tasks), true);
            storedWrites = List.of();
            emitValues();
            putCheckpoint(Source.LOOP);
            if (shouldInterrupt(breakpoints.after())) {
                pause(List.of());
                return;
            }
        }
    }

    private boolean anyPaused() {
        for (Task t : tasks) {
            if (t.paused()) {
                return true;
            }
        }
        return false;
    }

    /**
     * LangGraph's {@code should_interrupt}: a breakpoint applies if a channel changed since the last
     * pause was resumed and a task of the step runs one of the nodes.
     */
    private boolean shouldInterrupt(Breakpoints.Nodes nodes) {
        if (nodes.isEmpty()) {
            return false;
        }
        if (!state.changedSinceInterrupt()) {
            return false;
        }
        for (Task t : tasks) {
            if (nodes.matches(t.node)) {
                return true;
            }
        }
        return false;
    }

    private void pause(List<Interrupt> raised) {
        paused = true;
        interrupts = List.copyOf(raised);
        for (StreamMode mode : List.of(StreamMode.VALUES, StreamMode.UPDATES)) {
            if (sink.wants(mode)) {
                sink.accept(new StreamPart.Interrupted<>(mode, interrupts));
            }
        }
    }

    boolean paused() {
        return paused;
    }

    List<Interrupt> interrupts() {
        return interrupts;
    }

    /** Tasks whose writes were stored before a failure or pause do not run again. */
    private void reuseStoredWrites() {
        Map<String, Persistence.StoredTask> stored = persistence.decodeWrites(storedWrites);
        for (Task t : tasks) {
            Persistence.StoredTask s = stored.get(taskId(t));
            if (s != null && !s.pendingInterrupts().isEmpty()) {
                t.resumes.addAll(s.resumes);
            }
            if (s != null && s.finished) {
                for (int i = 0; i < s.channels.size(); i++) {
                    t.add(s.channels.get(i), s.values.get(i));
                }
                t.outcome = Task.Outcome.CACHED; // LangGraph streams a reused update as cached: the node did not run
                if (t.node != 0) {
                    runner.emitEnd(t, spec.nodeNames[t.node]);
                }
            }
        }
    }

    // ---------------------------------------------------------------- prepare

    /** The tasks of the next superstep: see {@link ChannelState#prepareTasks}. */
    List<Task> prepareTasks(boolean onlyUpdated) {
        return state.prepareTasks(onlyUpdated);
    }

    // ---------------------------------------------------------------- apply

    /**
     * Throws the failure of the step's first failed task in task order, with every other failed
     * task's failure attached as a suppressed {@link NodeException}: LangGraph reports all of a
     * superstep's failures together, so none of them is hidden by another.
     */
    private void throwFailures() {
        RuntimeException first = null;
        for (Task t : Task.applyOrder(tasks)) {
            if (t.error == null || (first != null && t.error instanceof ParentCommand)) {
                continue;
            }
            if (first == null) {
                first = rethrowable(t.error);
            } else if (t.error != first) {
                first.addSuppressed(
                        t.error instanceof NodeException n
                                ? n
                                : new NodeException(spec.nodeNames[t.node], step, t.error));
            }
        }
        if (first != null) {
            throw first;
        }
    }

    /**
     * At a pause of the root graph, applies the writes of the step's tasks that finished (to this
     * run's channels only: the checkpoint keeps them as pending writes, so a resume neither runs
     * those tasks again nor applies their writes twice) and streams the values: LangGraph returns
     * and streams a paused run's state with its finished tasks' writes. A subgraph leaves that to
     * its parent, which re-enters it on resume.
     */
    private void applyFinished() {
        if (nested) {
            return;
        }
        List<Task> finished = new ArrayList<>();
        for (Task t : Task.applyOrder(tasks)) {
            if (t.done() && !t.paused() && t.error == null && t.writeCount > 0) {
                finished.add(t);
            }
        }
        if (!finished.isEmpty()) {
            apply(finished, false, false);
            emitValues();
        }
    }

    private static RuntimeException rethrowable(Throwable e) {
        if (e instanceof RuntimeException r) {
            return r;
        }
        if (e instanceof Error err) {
            throw err;
        }
        return new GraphException(String.valueOf(e));
    }

    /** LangGraph's {@code apply_writes}: see {@link ChannelState#apply}. */
    void apply(List<Task> ordered, boolean bumpStep) {
        apply(ordered, bumpStep, true);
    }

    /** {@link #apply(List, boolean)}; {@code stored} false for writes no checkpoint of this run will hold. */
    private void apply(List<Task> ordered, boolean bumpStep, boolean stored) {
        state.apply(ordered, bumpStep, stored ? persistence : null);
    }

    // ---------------------------------------------------------------- checkpoints

    /** Creates the checkpoint of the current step (and stores it, with a checkpointer). */
    void putCheckpoint(Source source) {
        if (persistence != null) {
            String id = Uuids.next().toString();
            Instant now = Instant.now();
            CheckpointMetadata md = new CheckpointMetadata(source, step, Map.of(), config.metadata());
            persistence.put(id, now, state.versionStrings(), state.seenStrings(), md, checkpointId, state.channels());
            parentCheckpointId = checkpointId;
            checkpointId = id;
            metadata = md;
            createdAt = now;
            hasState = true;
        }
        step++;
    }

    // ---------------------------------------------------------------- reads

    ChannelState state() {
        return state;
    }

    Channel[] channels() {
        return state.channels();
    }

    Object channelValue(int c) {
        return state.channelValue(c);
    }

    Object input(Task t, TaskContext ctx) {
        if (t.isPush()) {
            return t.payload;
        }
        return state.read(spec.readSchema[t.node], state.channels(), ctx);
    }

    Object read(int schema, Channel[] source, TaskContext ctx) {
        return state.read(schema, source, ctx);
    }

    Object readOutput() {
        return state.readOutput();
    }

    Object readState() {
        return state.readState();
    }

    Map<String, Object> streamValues() {
        return state.streamValues();
    }

    String taskId(Task t) {
        if (t.id == null) {
            String scope = checkpointId == null ? spec.name : checkpointId;
            String ns = persistence == null ? "" : persistence.namespace;
            t.id = TaskIds.of(scope, ns, step, spec.nodeNames[t.node], t.pushIndex);
        }
        return t.id;
    }

    TaskRunner runner() {
        return runner;
    }

    List<Task> tasks() {
        return tasks;
    }

    List<PendingWrite> storedWrites() {
        return storedWrites;
    }

    CheckpointMetadata metadata() {
        return metadata;
    }

    Instant createdAt() {
        return createdAt;
    }

    String parentCheckpointId() {
        return parentCheckpointId;
    }

    boolean hasState() {
        return hasState;
    }

    /** The node that wrote last, for updateState without a node: LangGraph's rule. */
    Optional<String> lastWriter() {
        return state.lastWriter();
    }

    // ---------------------------------------------------------------- events

    private void emitValues() {
        if (!sink.wants(StreamMode.VALUES)) {
            return;
        }
        if (state.streamChannelUpdated()) {
            sink.accept(new StreamPart.Values<>(readState(), streamValues()));
        }
    }

    private void emitAllValues() {
        if (sink.wants(StreamMode.VALUES)) {
            sink.accept(new StreamPart.Values<>(readState(), streamValues()));
        }
    }

    private void emitCheckpoint() {
        boolean checkpoints = sink.wants(StreamMode.CHECKPOINTS);
        boolean debug = sink.wants(StreamMode.DEBUG);
        if ((!checkpoints && !debug) || checkpointId == null) {
            return;
        }
        List<StreamPart.Checkpoint.TaskRef> refs = new ArrayList<>();
        for (Task t : Snapshots.declarationOrder(tasks)) {
            refs.add(new StreamPart.Checkpoint.TaskRef(taskId(t), spec.nodeNames[t.node], Snapshots.path(spec, t)));
        }
        var part = new StreamPart.Checkpoint<Object>(
                checkpointId,
                parentCheckpointId,
                readState(),
                streamValues(),
                metadata,
                Snapshots.names(spec, Snapshots.declarationOrder(tasks)),
                refs);
        if (checkpoints) {
            sink.accept(part);
        }
        if (debug) {
            sink.accept(new StreamPart.Debug<>(metadata.step(), Instant.now(), part));
        }
    }
}
