package dev.switchboard.runtime.pregel;

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
import java.util.List;
import java.util.Map;

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
    /** Tasks of steps whose barrier has passed, for their nodes' next tasks. */
    private final SpareTasks spares;
    /**
     * The clearable channels that may hold a value, the first {@link #heldCount}: a barrier clears
     * those that were not written instead of asking every clearable channel (a graph has one edge
     * channel per node, a step writes one or two). Valid while {@link #heldKnown}; channels set
     * from outside ({@link #channels()}) make the next barrier look at all of them again.
     */
    private final int[] held;

    private int heldCount;
    private boolean heldKnown;
    /** Per channel, whether it is clearable. */
    private final boolean[] clearable;

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
        this.spares = new SpareTasks(spec);
        this.held = new int[spec.clearable.length];
        this.clearable = new boolean[n];
        for (int c : spec.clearable) {
            clearable[c] = true;
        }
    }

    /**
     * Resets this state to what the constructor made (fresh channels, no versions), keeping its
     * {@link SpareTasks}, for the graph's next run to reuse ({@link RunSpares}). Only for a run that ended
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
        heldKnown = false;
        return this;
    }

    /**
     * Whether an empty channel of {@code spec} is the same as a new one: these kinds keep nothing
     * but their value, so the many edge channels a run leaves empty serve the next run as they are.
     */
    private static boolean emptyIsFresh(ChannelSpec spec) {
        return spec instanceof EphemeralSpec || spec instanceof LastValueSpec || spec instanceof AnyValueSpec;
    }

    /** Keeps the {@link Task#reusable} task {@code t} of a step whose barrier has passed for its node's next tasks. */
    void recycle(Task t) {
        spares.keep(t);
    }

    GraphSpec spec() {
        return spec;
    }

    /** The channels themselves: a checkpoint restores their values into them, a checkpointer reads them. */
    Channel[] channels() {
        heldKnown = false; // whoever asks may set values: the next barrier looks at every clearable channel
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
                out.add(spares.push(node, i, send.payload(), ids));
            }
        }
        if (onlyUpdated && updatedCount > 0) {
            prepareCandidates(ids, out);
            return;
        }
        for (int n : spec.nameOrder) {
            if (triggered(n)) {
                out.add(spares.pull(n, ids));
            }
        }
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
                out.add(spares.pull(n, ids));
            }
            return;
        }
        for (int n : spec.nameOrder) { // several: in node-name order, as LangGraph prepares them
            if (candidate[n]) {
                candidate[n] = false;
                if (triggered(n)) {
                    out.add(spares.pull(n, ids));
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
        long next = versions.next();
        if (ordered.size() == 1 && ordered.get(0).writeCount <= SOLO_WRITES && distinctWrites(ordered.get(0))) {
            applySolo(ordered, next, tracker);
        } else {
            applyMany(ordered, next, tracker);
        }
        if (newStep) {
            notifyNewStep(next);
        }
        rememberHeld();
        versions.barrierDone(next);
    }

    /** The most writes of a lone task that {@link #applySolo} takes: beyond, a scan for repeats costs more than grouping. */
    private static final int SOLO_WRITES = 8;

    /** Whether task {@code t} wrote no channel twice: then each channel's writes are the one value. */
    private static boolean distinctWrites(Task t) {
        int[] chans = t.writeChannels;
        for (int i = 1; i < t.writeCount; i++) {
            for (int j = 0; j < i; j++) {
                if (chans[i] == chans[j]) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * {@link #apply} of a step's lone task that wrote no channel twice (a chain's or a loop's step):
     * what {@link #applyMany} does, in the same order, without grouping the writes by channel.
     */
    private void applySolo(List<Task> ordered, long next, DeltaTracker tracker) {
        Task t = ordered.get(0);
        versions.sawTriggers(t.node, t.triggers);
        for (int c : t.triggers) {
            if (channels[c].consume()) {
                bump(c, next);
            }
        }
        int[] hints = spec.writeHint;
        if (t.writeCount > hints[t.node]) {
            hints[t.node] = t.writeCount;
        }
        PendingWrites.One one = pending.one;
        try {
            for (int i = 0; i < t.writeCount; i++) {
                int c = t.writeChannels[i];
                one.value = t.writeValues[i];
                if (ConflictingWrites.update(spec, channels, c, one, ordered)) {
                    bump(c, next);
                    if (tracker != null && spec.channels[c].storesDeltas()) {
                        tracker.track(c, one);
                    }
                }
            }
        } finally {
            one.value = null;
        }
    }

    /** {@link #apply} of any step: every task's writes grouped by channel, in task order. */
    private void applyMany(List<Task> ordered, long next, DeltaTracker tracker) {
        for (int k = 0; k < ordered.size(); k++) { // indexed, here and below: no iterator per step
            Task t = ordered.get(k);
            versions.sawTriggers(t.node, t.triggers);
        }
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
    }

    private void updateChannels(List<Task> ordered, long next, DeltaTracker tracker) {
        for (int i = 0; i < pending.touchedCount; i++) {
            int c = pending.touched[i];
            List<?> values = pending.values(c);
            if (ConflictingWrites.update(spec, channels, c, values, ordered)) {
                bump(c, next);
                if (tracker != null && spec.channels[c].storesDeltas()) {
                    tracker.track(c, values);
                }
            }
        }
    }

    private void notifyNewStep(long next) {
        int[] clear = heldKnown ? held : spec.clearable;
        int count = heldKnown ? heldCount : clear.length;
        for (int i = 0; i < count; i++) {
            int c = clear[i];
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

    /**
     * After a barrier: the clearable channels that hold a value now are among those that held one
     * before and those the barrier changed (or, when not known, any of them). The updated list holds
     * each channel once and only channels the barrier changed, so the two parts never overlap.
     */
    private void rememberHeld() {
        int n = 0;
        if (!heldKnown) {
            for (int c : spec.clearable) {
                if (channels[c].isAvailable()) {
                    held[n++] = c;
                }
            }
        } else {
            for (int i = 0; i < heldCount; i++) { // those changed are in the updated list, once
                int c = held[i];
                if (!updated[c] && channels[c].isAvailable()) {
                    held[n++] = c;
                }
            }
            for (int u = 0; u < updatedCount; u++) {
                int c = updatedList[u];
                if (clearable[c] && channels[c].isAvailable()) {
                    held[n++] = c;
                }
            }
        }
        heldCount = n;
        heldKnown = true;
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

    /**
     * {@link #readFor} through a given reader, which a thread that reads many inputs in turn reuses.
     * The reader keeps what its last read was aimed at until the next: readers belong to one run,
     * which holds all of that anyway, and aiming one again at the same objects then stores nothing.
     */
    Object readWith(StateReader reader, Task t, int schema, ManagedContext ctx, boolean ownWrites) {
        reader.aim(channels, spec.slots[schema], ctx, ownWrites ? t : null);
        return spec.schemas[schema].read(reader);
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
