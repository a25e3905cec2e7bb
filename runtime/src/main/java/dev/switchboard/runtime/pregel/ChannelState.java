package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.InvalidUpdateException;
import dev.switchboard.runtime.Send;
import dev.switchboard.runtime.channel.AnyValueSpec;
import dev.switchboard.runtime.channel.Channel;
import dev.switchboard.runtime.channel.ChannelSpec;
import dev.switchboard.runtime.channel.EphemeralSpec;
import dev.switchboard.runtime.channel.LastValueSpec;
import dev.switchboard.runtime.managed.ManagedContext;
import dev.switchboard.runtime.spi.EntrypointCall;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The channels of one graph and their versions ({@link ChannelVersions}). It holds LangGraph's
 * {@code _algo} functions as methods: which tasks a superstep runs ({@link #prepareTasks}) and how
 * their writes reach the channels at the barrier ({@link #apply}); and it reads records of the
 * state from the channels. It knows nothing of runs, threads or storage, so a snapshot of a stored
 * checkpoint is this class restored, and it can be tested on its own.
 *
 * <p>Everything is an array indexed by channel and node number. Only one thread changes it; tasks
 * read channels while a superstep runs.
 */
final class ChannelState {
    /** Told of the writes an accumulating channel took, so a checkpoint can store them as a delta. */
    interface DeltaTracker {
        void track(int channel, List<?> values);
    }

    private final GraphSpec spec;
    private final Channel[] channels;
    /** The channels' versions and the versions each node saw: what a checkpoint records besides values. */
    final ChannelVersions versions;

    private final boolean[] updated;
    /** Scratch for {@link #prepareTasks}: the nodes an updated channel triggers, all false between steps. */
    private final boolean[] candidate;

    private final int[] updatedList;
    private int updatedCount;
    private final PendingWrites pending;
    /**
     * Per node, a pull task of an earlier step (or run) whose barrier has passed, for the node's
     * next pull task to reuse: a step then allocates no task, and a chain's run none once a run of
     * the graph has filled these (see {@link #reset}).
     */
    private final Task[] spareTasks;
    /** Per node, spare push tasks as a stack (at most {@link #MAX_SPARE_PUSHES}); made at the first. */
    private Task[][] sparePushes;

    private int[] sparePushCount;
    /** The most spare push tasks kept per node: a step of many sends does not pin them all for good. */
    static final int MAX_SPARE_PUSHES = 256;

    ChannelState(GraphSpec spec) {
        this.spec = spec;
        int n = spec.channels.length;
        this.channels = new Channel[n];
        for (int c = 0; c < n; c++) {
            channels[c] = spec.channels[c].create();
        }
        this.versions = new ChannelVersions(spec);
        this.updated = new boolean[n];
        this.candidate = new boolean[spec.nodeNames.length];
        this.updatedList = new int[n];
        this.pending = new PendingWrites(n);
        this.spareTasks = new Task[spec.nodeNames.length];
    }

    /**
     * Resets this state to what the constructor made (fresh channels, no versions), keeping its
     * spare tasks, for the graph's next run to reuse ({@link RunSpares}). Only for a run that ended
     * and whose state nothing reads any more.
     */
    ChannelState reset() {
        for (int c = 0; c < channels.length; c++) {
            if (channels[c].isAvailable() || !emptyIsFresh(spec.channels[c])) {
                channels[c] = spec.channels[c].create();
            }
        }
        versions.reset();
        for (int u = 0; u < updatedCount; u++) {
            updated[updatedList[u]] = false;
        }
        updatedCount = 0;
        Arrays.fill(candidate, false);
        pending.clear();
        return this;
    }

    /**
     * Whether an empty channel of {@code spec} is the same as a new one: these kinds keep nothing
     * but their value, so the many edge channels a run leaves empty serve the next run as they are.
     */
    private static boolean emptyIsFresh(ChannelSpec spec) {
        return spec instanceof EphemeralSpec || spec instanceof LastValueSpec || spec instanceof AnyValueSpec;
    }

    /** Keeps the {@link Task#reusable} task {@code t} of a step whose barrier has passed for one of its node's next tasks. */
    void recycle(Task t) {
        t.forget();
        if (!t.isPush()) {
            spareTasks[t.node] = t;
            return;
        }
        if (sparePushes == null) {
            sparePushes = new Task[spec.nodeNames.length][];
            sparePushCount = new int[spec.nodeNames.length];
        }
        int n = t.node;
        int count = sparePushCount[n];
        if (count == MAX_SPARE_PUSHES) {
            return;
        }
        Task[] stack = sparePushes[n];
        if (stack == null || count == stack.length) {
            stack = sparePushes[n] = Arrays.copyOf(
                    stack == null ? new Task[0] : stack, Math.min(MAX_SPARE_PUSHES, Math.max(8, count * 2)));
        }
        stack[count] = t;
        sparePushCount[n] = count + 1;
    }

    GraphSpec spec() {
        return spec;
    }

    /** The channels themselves: a checkpoint restores their values into them, a checkpointer reads them. */
    Channel[] channels() {
        return channels;
    }

    // ---------------------------------------------------------------- prepare

    /**
     * LangGraph's {@code prepare_next_tasks}: push tasks in send order, then pull tasks by node
     * name, for every node with a trigger channel that is available and newer than the version
     * the node last saw. With {@code onlyUpdated}, only nodes that a channel updated by the last
     * {@link #apply} triggers are checked (the rest cannot have become ready); if the last apply
     * updated nothing, every node is.
     */
    List<Task> prepareTasks(boolean onlyUpdated, TaskIds.Scope ids) {
        List<Task> out = new ArrayList<>();
        prepareTasks(onlyUpdated, ids, out);
        return out;
    }

    /** {@link #prepareTasks(boolean, TaskIds.Scope)} into {@code out}: the loop reuses one list for every step. */
    void prepareTasks(boolean onlyUpdated, TaskIds.Scope ids, List<Task> out) {
        Channel sends = channels[spec.tasksChannel];
        if (sends.isAvailable()) {
            List<?> list = (List<?>) sends.get();
            for (int i = 0; i < list.size(); i++) {
                Send<?> send = (Send<?>) list.get(i);
                int found = spec.sendTargets.find(send.node());
                int node = found < 0 ? spec.node(send.node()) : found; // spec.node names the missing node
                out.add(push(node, i, send.payload(), ids));
            }
        }
        if (onlyUpdated && updatedCount > 0) {
            prepareCandidates(ids, out);
            return;
        }
        for (int n : spec.nameOrder) {
            if (triggered(n)) {
                out.add(pull(n, ids));
            }
        }
    }

    private Task push(int node, int index, Object payload, TaskIds.Scope ids) {
        if (sparePushes != null && sparePushCount[node] > 0) {
            int top = --sparePushCount[node];
            Task spare = sparePushes[node][top];
            sparePushes[node][top] = null;
            return spare.reuse(index, payload, ids);
        }
        Task t = Task.push(node, spec.nodeNames[node], index, payload, ids);
        t.reserve(spec.writeHint[node]);
        return t;
    }

    private Task pull(int n, TaskIds.Scope ids) {
        Task spare = spareTasks[n];
        if (spare != null) {
            spareTasks[n] = null;
            return spare.reuse(-1, null, ids);
        }
        Task t = Task.pull(n, spec.nodeNames[n], spec.triggers[n], ids);
        t.reserve(spec.writeHint[n]);
        return t;
    }

    /**
     * The pull tasks of the nodes that a channel updated by the last apply triggers, in node-name
     * order: a step usually triggers one node of many, which then is the only one looked at.
     */
    private void prepareCandidates(TaskIds.Scope ids, List<Task> out) {
        int count = 0;
        int first = -1;
        for (int u = 0; u < updatedCount; u++) {
            for (int n : spec.triggerToNodes[updatedList[u]]) {
                if (!candidate[n]) {
                    candidate[n] = true;
                    first = count++ == 0 ? n : first;
                }
            }
        }
        if (count == 1) {
            int n = first;
            candidate[n] = false;
            if (triggered(n)) {
                out.add(pull(n, ids));
            }
            return;
        }
        for (int n : spec.nameOrder) { // several: in node-name order, as LangGraph prepares them
            if (candidate[n]) {
                candidate[n] = false;
                if (triggered(n)) {
                    out.add(pull(n, ids));
                }
            }
        }
    }

    private boolean triggered(int node) {
        int[] trig = spec.triggers[node];
        for (int t = 0; t < trig.length; t++) {
            int c = trig[t];
            if (channels[c].isAvailable() && versions.unseen(node, t, c)) {
                return true;
            }
        }
        return false;
    }

    // ---------------------------------------------------------------- apply

    /**
     * LangGraph's {@code apply_writes}: marks each task's triggers as seen, consumes them, hands
     * each channel all of the step's writes to it at once (so a reducer folds them in task order
     * and a plain channel written twice fails), and gives every channel that changed one new
     * version. With {@code newStep}, channels that clear without writes clear and, once nothing
     * triggers a node any more, channels that wait for the end of the run finish.
     *
     * @param ordered the tasks in {@link Task#applyOrder}
     * @param tracker told of accumulating channels' writes, or {@code null}
     */
    void apply(List<Task> ordered, boolean newStep, DeltaTracker tracker) {
        for (int u = 0; u < updatedCount; u++) {
            updated[updatedList[u]] = false;
        }
        updatedCount = 0;
        for (int k = 0; k < ordered.size(); k++) { // indexed, here and below: no iterator per step
            Task t = ordered.get(k);
            versions.sawTriggers(t.node, t.triggers);
        }
        long next = versions.next();
        for (int k = 0; k < ordered.size(); k++) {
            for (int c : ordered.get(k).triggers) {
                if (channels[c].consume()) {
                    bump(c, next);
                }
            }
        }
        int[] hints = spec.writeHint;
        for (int k = 0; k < ordered.size(); k++) {
            Task t = ordered.get(k);
            for (int i = 0; i < t.writeCount; i++) {
                pending.add(t.writeChannels[i], t.writeValues[i]);
            }
            if (t.writeCount > hints[t.node]) {
                hints[t.node] = t.writeCount;
            }
        }
        try {
            updateChannels(ordered, next, tracker);
        } finally {
            pending.clear();
        }
        if (newStep) {
            notifyNewStep(next);
        }
        versions.barrierDone(next);
    }

    private void updateChannels(List<Task> ordered, long next, DeltaTracker tracker) {
        for (int i = 0; i < pending.touchedCount; i++) {
            int c = pending.touched[i];
            List<?> values = pending.values(c);
            if (update(c, values, ordered)) {
                bump(c, next);
                if (tracker != null && spec.channels[c].storesDeltas()) {
                    tracker.track(c, values);
                }
            }
        }
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
        versions.bump(c, next);
        if (channels[c].isAvailable() && !updated[c]) {
            updated[c] = true;
            updatedList[updatedCount++] = c;
        }
    }

    /** Whether the last {@link #apply} changed a channel that the state's stream shows. */
    boolean streamChannelUpdated() {
        for (int u = 0; u < updatedCount; u++) {
            if (spec.isStreamChannel[updatedList[u]]) {
                return true;
            }
        }
        return false;
    }

    // ---------------------------------------------------------------- reads

    Object channelValue(int c) {
        return channels[c].isAvailable() ? channels[c].get() : null;
    }

    /** Reads record {@code schema} from {@code source} (these channels, or a task's fresh copy). */
    Object read(int schema, Channel[] source, ManagedContext ctx) {
        return spec.schemas[schema].read(new StateReader(spec, source, spec.slots[schema], ctx));
    }

    /**
     * Reads record {@code schema} from these channels for task {@code t}; with {@code ownWrites}, state channels the task wrote show its writes (what routes see).
     */
    Object readFor(Task t, int schema, ManagedContext ctx, boolean ownWrites) {
        return readWith(new StateReader(spec), t, schema, ctx, ownWrites);
    }

    /** {@link #readFor} through a given reader, which a thread that reads many inputs in turn reuses. */
    Object readWith(StateReader reader, Task t, int schema, ManagedContext ctx, boolean ownWrites) {
        reader.aim(channels, spec.slots[schema], ctx, ownWrites ? t : null);
        try {
            return spec.schemas[schema].read(reader);
        } finally {
            reader.aim(null, null, null, null); // holds no channel or task past the read
        }
    }

    /** What a workflow's entrypoint is called with: the run's input and the value its last run saved. */
    EntrypointCall entrypointCall() {
        return new EntrypointCall(channelValue(spec.startChannel), channelValue(spec.previousChannel));
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
}
