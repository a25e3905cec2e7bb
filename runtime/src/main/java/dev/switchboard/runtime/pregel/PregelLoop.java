package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.EmptyInputException;
import dev.switchboard.runtime.ErrorCode;
import dev.switchboard.runtime.GraphException;
import dev.switchboard.runtime.GraphRecursionException;
import dev.switchboard.runtime.Interrupt;
import dev.switchboard.runtime.InvalidUpdateException;
import dev.switchboard.runtime.NodeException;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.Send;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.StreamPart;
import dev.switchboard.runtime.channel.Channel;
import dev.switchboard.runtime.checkpoint.ChannelVersion;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata.Source;
import dev.switchboard.runtime.checkpoint.CheckpointTuple;
import dev.switchboard.runtime.checkpoint.PendingWrite;
import dev.switchboard.runtime.internal.NodeDispatcher;
import dev.switchboard.runtime.internal.ReservedNames;
import dev.switchboard.runtime.internal.ValueSource;
import dev.switchboard.runtime.store.Store;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
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
    private Store store;
    private String storeOwner;
    final EventSink sink;
    final Persistence persistence;
    private final Cancellation cancellation;
    private final TaskRunner runner;

    private final Channel[] channels;
    private final long[] versions;
    /** Each channel's version suffix; {@code null} for versions this run made (see {@link #runSuffix()}). */
    private final String[] suffix;

    private final long[][] seen;
    private final long[] interruptSeen;
    private long maxVersion;
    private String runSuffix;
    private final String[] versionText;
    private final long[] versionTextOf;
    private final String[] versionTextSuffix;

    private final boolean[] updated;
    /** Scratch for {@link #prepareTasks}: the nodes an updated channel triggers, all false between steps. */
    private final boolean[] candidate;

    private final int[] updatedList;
    private int updatedCount;
    private final PendingWrites pending;

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
        int n = spec.channels.length;
        this.channels = new Channel[n];
        for (int c = 0; c < n; c++) {
            channels[c] = spec.channels[c].create();
        }
        this.versions = new long[n];
        this.suffix = new String[n];
        this.versionText = new String[n];
        this.versionTextOf = new long[n];
        this.versionTextSuffix = new String[n];
        this.seen = new long[spec.nodeNames.length][];
        for (int i = 0; i < seen.length; i++) {
            seen[i] = new long[spec.triggers[i].length];
        }
        this.interruptSeen = new long[n];
        this.updated = new boolean[n];
        this.candidate = new boolean[spec.nodeNames.length];
        this.updatedList = new int[n];
        this.pending = new PendingWrites(n);
        this.runner = new TaskRunner(this, dispatcher, executor, policies);
    }

    // ---------------------------------------------------------------- run

    /** Makes this the loop of a subgraph running in a task of {@code parent}. */
    void nestUnder(PregelLoop parent, List<String> namespace) {
        this.nested = true;
        this.namespacePath = List.copyOf(namespace);
        this.rootSink = parent.rootSink();
        if (store == null) {
            this.store = parent.store;
            this.storeOwner = parent.storeOwner;
        }
    }

    /** Gives the loop the graph's store (LangGraph passes the parent's store down to subgraphs). */
    void useStore(Store store, String owner) {
        this.store = store;
        this.storeOwner = owner;
    }

    Store store() {
        if (store == null) {
            throw new IllegalStateException("graph '" + storeOwner + "' has no store: build it with"
                    + " .store(store) (for example .store(new InMemoryStore())) to use ctx.store() in its nodes");
        }
        return store;
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
        persistence.restore(tuple, channels, decode);
        for (Map.Entry<String, ChannelVersion> e : tuple.checkpoint().channels().entrySet()) {
            Integer c = spec.channelIndex.get(e.getKey());
            if (c != null) {
                String v = e.getValue().version();
                versions[c] = ChannelVersion.counter(v);
                suffix[c] = v.substring(v.indexOf('.') + 1);
                maxVersion = Math.max(maxVersion, versions[c]);
            }
        }
        for (Map.Entry<String, Map<String, String>> e :
                tuple.checkpoint().versionsSeen().entrySet()) {
            restoreSeen(e.getKey(), e.getValue());
        }
        CheckpointMetadata md = tuple.metadata();
        this.step = md.step() + 1;
        this.checkpointId = tuple.checkpoint().id();
        this.parentCheckpointId = tuple.parentId();
        this.metadata = md;
        this.createdAt = tuple.checkpoint().timestamp();
        this.storedWrites = tuple.pendingWrites();
        this.hasState = true;
    }

    private void restoreSeen(String node, Map<String, String> seenVersions) {
        if (node.equals(ReservedNames.INTERRUPT)) {
            seenVersions.forEach((channel, v) -> {
                Integer c = spec.channelIndex.get(channel);
                if (c != null) {
                    interruptSeen[c] = ChannelVersion.counter(v);
                }
            });
            return;
        }
        Integer n = spec.nodeIndex.get(node);
        if (n == null) {
            return;
        }
        int[] trig = spec.triggers[n];
        for (int t = 0; t < trig.length; t++) {
            String v = seenVersions.get(spec.channels[trig[t]].name());
            if (v != null) {
                seen[n][t] = ChannelVersion.counter(v);
            }
        }
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
        System.arraycopy(versions, 0, interruptSeen, 0, versions.length);
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
                for (Task t : applyOrder(tasks)) {
                    raised.addAll(t.interrupts);
                }
                pausedInStep = true;
                pause(raised);
                applyFinished(); // after the interrupt, as LangGraph streams them
                return;
            }
            apply(applyOrder(tasks), true);
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
        boolean changed = false;
        for (int c = 0; c < versions.length && !changed; c++) {
            changed = versions[c] > interruptSeen[c];
        }
        if (!changed) {
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

    /** The tasks of the next superstep: push tasks in send order, then pull tasks by node name. */
    List<Task> prepareTasks(boolean onlyUpdated) {
        List<Task> out = new ArrayList<>();
        Channel sends = channels[spec.tasksChannel];
        if (sends.isAvailable()) {
            List<?> list = (List<?>) sends.get();
            for (int i = 0; i < list.size(); i++) {
                Send<?> send = (Send<?>) list.get(i);
                out.add(Task.push(spec.node(send.node()), i, send.payload()));
            }
        }
        boolean[] candidate = null;
        if (onlyUpdated && updatedCount > 0) {
            candidate = this.candidate;
            for (int u = 0; u < updatedCount; u++) {
                for (int n : spec.triggerToNodes[updatedList[u]]) {
                    candidate[n] = true;
                }
            }
        } else if (onlyUpdated && !hasState) {
            return out;
        }
        for (int n : spec.nameOrder) {
            if ((candidate == null || candidate[n]) && triggered(n)) {
                out.add(Task.pull(n, spec.triggers[n]));
            }
        }
        if (candidate != null) {
            Arrays.fill(candidate, false);
        }
        return out;
    }

    private boolean triggered(int node) {
        int[] trig = spec.triggers[node];
        long[] nodeSeen = seen[node];
        for (int t = 0; t < trig.length; t++) {
            int c = trig[t];
            if (channels[c].isAvailable() && versions[c] > nodeSeen[t]) {
                return true;
            }
        }
        return false;
    }

    // ---------------------------------------------------------------- apply

    /**
     * Throws the failure of the step's first failed task in task order, with every other failed
     * task's failure attached as a suppressed {@link NodeException}: LangGraph reports all of a
     * superstep's failures together, so none of them is hidden by another.
     */
    private void throwFailures() {
        RuntimeException first = null;
        for (Task t : applyOrder(tasks)) {
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
        for (Task t : applyOrder(tasks)) {
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

    /** Pull tasks in node-name order, then push tasks in send order: LangGraph's task path order. */
    static List<Task> applyOrder(List<Task> tasks) {
        if (tasks.size() <= 1 || !tasks.get(0).isPush()) {
            return tasks;
        }
        List<Task> order = new ArrayList<>(tasks.size());
        for (Task t : tasks) {
            if (!t.isPush()) {
                order.add(t);
            }
        }
        for (Task t : tasks) {
            if (t.isPush()) {
                order.add(t);
            }
        }
        return order;
    }

    /** LangGraph's {@code apply_writes}. */
    void apply(List<Task> ordered, boolean bumpStep) {
        apply(ordered, bumpStep, true);
    }

    /** {@link #apply(List, boolean)}; {@code stored} false for writes no checkpoint of this run will hold. */
    private void apply(List<Task> ordered, boolean bumpStep, boolean stored) {
        for (int u = 0; u < updatedCount; u++) {
            updated[updatedList[u]] = false;
        }
        updatedCount = 0;
        for (Task t : ordered) {
            for (int i = 0; i < t.triggers.length; i++) {
                seen[t.node][i] = versions[t.triggers[i]];
            }
        }
        long next = maxVersion + 1;
        for (Task t : ordered) {
            for (int c : t.triggers) {
                if (channels[c].consume()) {
                    bump(c, next);
                }
            }
        }
        for (Task t : ordered) {
            for (int i = 0; i < t.writeCount; i++) {
                pending.add(t.writeChannels[i], t.writeValues[i]);
            }
        }
        try {
            for (int i = 0; i < pending.touchedCount; i++) {
                int c = pending.touched[i];
                List<?> values = pending.values(c);
                if (update(c, values, ordered)) {
                    bump(c, next);
                    if (stored && persistence != null && spec.channels[c].storesDeltas()) {
                        persistence.track(c, values);
                    }
                }
            }
        } finally {
            pending.clear();
        }
        if (bumpStep) {
            notifyNewStep(next);
        }
        maxVersion = next;
    }

    private boolean update(int c, List<?> values, List<Task> writers) {
        try {
            return channels[c].update(values);
        } catch (InvalidUpdateException e) {
            throw new InvalidUpdateException(
                    e.getMessage() + " Written in this step by " + writerNames(c, writers) + ".",
                    e.code().orElse(null));
        }
    }

    /** The nodes whose tasks wrote a channel, in task order: the channel alone does not say where to look. */
    private String writerNames(int c, List<Task> tasks) {
        Set<String> names = new LinkedHashSet<>();
        for (Task t : tasks) {
            for (int i = 0; i < t.writeCount; i++) {
                if (t.writeChannels[i] == c) {
                    names.add("'" + spec.nodeNames[t.node] + "'");
                }
            }
        }
        return (names.size() == 1 ? "node " : "nodes ") + String.join(", ", names);
    }

    private void notifyNewStep(long next) {
        for (int c : spec.clearable) {
            if (!updated[c] && channels[c].isAvailable() && channels[c].update(List.of())) {
                bump(c, next);
            }
        }
        for (int u = 0; u < updatedCount; u++) {
            if (spec.triggerToNodes[updatedList[u]].length > 0) {
                return;
            }
        }
        for (int c : spec.finishable) {
            if (channels[c].finish()) {
                bump(c, next);
            }
        }
    }

    private void bump(int c, long next) {
        versions[c] = next;
        suffix[c] = null;
        if (channels[c].isAvailable() && !updated[c]) {
            updated[c] = true;
            updatedList[updatedCount++] = c;
        }
    }

    // ---------------------------------------------------------------- checkpoints

    /** Creates the checkpoint of the current step (and stores it, with a checkpointer). */
    void putCheckpoint(Source source) {
        if (persistence != null) {
            String id = Uuids.next().toString();
            Instant now = Instant.now();
            CheckpointMetadata md = new CheckpointMetadata(source, step, Map.of(), config.metadata());
            persistence.put(id, now, versionStrings(), seenStrings(), md, checkpointId, channels);
            parentCheckpointId = checkpointId;
            checkpointId = id;
            metadata = md;
            createdAt = now;
            hasState = true;
        }
        step++;
    }

    private Map<String, String> versionStrings() {
        Map<String, String> out = new LinkedHashMap<>();
        for (int c = 0; c < channels.length; c++) {
            if (versions[c] > 0) {
                out.put(spec.channels[c].name(), versionText(c));
            }
        }
        return out;
    }

    /** A channel's version string, formatted again only when its version changed since the last checkpoint. */
    private String versionText(int c) {
        String s = suffix[c] == null ? runSuffix() : suffix[c];
        if (versionText[c] == null || versionTextOf[c] != versions[c] || versionTextSuffix[c] != s) {
            versionText[c] = ChannelVersion.format(versions[c], s);
            versionTextOf[c] = versions[c];
            versionTextSuffix[c] = s;
        }
        return versionText[c];
    }

    /**
     * The suffix of the versions this run makes, drawn when a version string is first needed: only
     * checkpoints show it, so a run without a checkpointer never pays for the secure random.
     */
    private String runSuffix() {
        if (runSuffix == null) {
            runSuffix = Uuids.runSuffix();
        }
        return runSuffix;
    }

    private Map<String, Map<String, String>> seenStrings() {
        Map<String, Map<String, String>> out = new LinkedHashMap<>();
        for (int n = 0; n < seen.length; n++) {
            Map<String, String> m = new LinkedHashMap<>();
            for (int t = 0; t < seen[n].length; t++) {
                if (seen[n][t] > 0) {
                    m.put(spec.channels[spec.triggers[n][t]].name(), ChannelVersion.format(seen[n][t], ""));
                }
            }
            if (!m.isEmpty()) {
                out.put(spec.nodeNames[n], m);
            }
        }
        Map<String, String> interrupts = new LinkedHashMap<>();
        for (int c = 0; c < channels.length; c++) {
            if (interruptSeen[c] > 0) {
                interrupts.put(spec.channels[c].name(), ChannelVersion.format(interruptSeen[c], ""));
            }
        }
        if (!interrupts.isEmpty()) {
            out.put(ReservedNames.INTERRUPT, interrupts);
        }
        return out;
    }

    // ---------------------------------------------------------------- reads

    Channel[] channels() {
        return channels;
    }

    Object channelValue(int c) {
        return channels[c].isAvailable() ? channels[c].get() : null;
    }

    Object input(Task t, TaskContext ctx) {
        if (t.isPush()) {
            return t.payload;
        }
        return read(spec.readSchema[t.node], channels, ctx);
    }

    Object read(int schema, Channel[] source, TaskContext ctx) {
        return spec.schemas[schema].read(new Reader(source, spec.slots[schema], ctx));
    }

    Object readOutput() {
        return read(spec.schemaIndex(spec.output), channels, null);
    }

    Object readState() {
        return read(0, channels, null);
    }

    Map<String, Object> streamValues() {
        Map<String, Object> values = new LinkedHashMap<>();
        for (int c : spec.streamChannels) {
            if (channels[c].isAvailable()) {
                values.put(spec.channels[c].name(), channels[c].get());
            }
        }
        return Collections.unmodifiableMap(values);
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
        long best = 0;
        String node = null;
        boolean tie = false;
        for (int n = 1; n < seen.length; n++) {
            for (long v : seen[n]) {
                if (v > best) {
                    best = v;
                    node = spec.nodeNames[n];
                    tie = false;
                } else if (v == best && v > 0 && !spec.nodeNames[n].equals(node)) {
                    tie = true;
                }
            }
        }
        return tie ? Optional.empty() : Optional.ofNullable(node);
    }

    // ---------------------------------------------------------------- events

    private void emitValues() {
        if (!sink.wants(StreamMode.VALUES)) {
            return;
        }
        for (int u = 0; u < updatedCount; u++) {
            if (spec.isStreamChannel[updatedList[u]]) {
                sink.accept(new StreamPart.Values<>(readState(), streamValues()));
                return;
            }
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

    /**
     * Reads record components from channels and managed values. Without a task context (outputs,
     * stream values, snapshots) a managed value is {@code null}, its type's neutral value: it is
     * defined only for a task, as LangGraph leaves managed values out of everything but a node's
     * input.
     */
    private final class Reader implements ValueSource {
        private final Channel[] source;
        private final int[] slots;
        private final TaskContext context;

        Reader(Channel[] source, int[] slots, TaskContext context) {
            this.source = source;
            this.slots = slots;
            this.context = context;
        }

        @Override
        public Object value(int component) {
            int slot = slots[component];
            if (slot < 0) {
                return context == null ? null : spec.managed[-slot - 1].get(context);
            }
            Channel c = source[slot];
            return c.isAvailable() ? c.get() : null;
        }
    }

    /** Same-step writes grouped by channel, reused across supersteps. */
    private static final class PendingWrites {
        final int[] touched;
        int touchedCount;
        private final ArrayList<?>[] byChannel;

        PendingWrites(int channels) {
            this.touched = new int[channels];
            this.byChannel = new ArrayList<?>[channels];
        }

        @SuppressWarnings("unchecked")
        void add(int channel, Object value) {
            ArrayList<Object> list = (ArrayList<Object>) byChannel[channel];
            if (list == null) {
                list = new ArrayList<>(2);
                byChannel[channel] = list;
            }
            if (list.isEmpty()) {
                touched[touchedCount++] = channel;
            }
            list.add(value);
        }

        List<?> values(int channel) {
            return byChannel[channel];
        }

        void clear() {
            for (int i = 0; i < touchedCount; i++) {
                byChannel[touched[i]].clear();
            }
            touchedCount = 0;
        }
    }
}
