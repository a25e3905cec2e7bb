package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.InvalidUpdateException;
import dev.switchboard.runtime.Send;
import dev.switchboard.runtime.channel.Channel;
import dev.switchboard.runtime.checkpoint.ChannelVersion;
import dev.switchboard.runtime.checkpoint.Checkpoint;
import dev.switchboard.runtime.checkpoint.ReservedNames;
import dev.switchboard.runtime.managed.ManagedContext;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The channels of one graph and their bookkeeping: versions, the versions each node last saw and
 * those seen at the last resume. It holds LangGraph's {@code _algo} functions as methods: which
 * tasks a superstep runs ({@link #prepareTasks}), how their writes reach the channels at the barrier
 * ({@link #apply}), whether anything changed since a pause ({@link #changedSinceInterrupt}), and
 * the versions a checkpoint of this state records. It knows nothing of runs, threads or storage, so
 * a snapshot of a stored checkpoint is this class restored, and it can be tested on its own.
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
    private final long[] versions;
    /**
     * Each channel's version suffix; {@code null} for versions this state made (see {@link
     * #runSuffix()}). The array, like the other string and interrupt bookkeeping below, is created
     * when first needed: a run without a checkpointer never formats a version.
     */
    private String[] suffix;

    /** The versions each node last saw of its triggers, all nodes in one array (see {@link GraphSpec#seenOffset}). */
    private final long[] seen;
    /** The versions seen at the last resume; {@code null} until then (all 0). */
    private long[] interruptSeen;

    private long maxVersion;
    private String runSuffix;
    private String[] versionText;
    private long[] versionTextOf;
    private String[] versionTextSuffix;
    /**
     * The version string formatted last: the channels a step changes all get the same counter and
     * (but for restored ones) the run's suffix, so one string serves them all.
     */
    private String lastText;

    private long lastTextCounter;
    private String lastTextSuffix;

    /**
     * Each node's versions seen as the last checkpoint recorded them, and at index {@code
     * nodeNames.length} those seen at the last resume; an entry is {@code null} once they changed.
     * A step changes only its own tasks' nodes, so a checkpoint rebuilds only those.
     */
    private Map.Entry<String, Map<String, String>>[] seenEntries;

    private final boolean[] updated;
    /** Scratch for {@link #prepareTasks}: the nodes an updated channel triggers, all false between steps. */
    private final boolean[] candidate;

    private final int[] updatedList;
    private int updatedCount;
    private final PendingWrites pending;

    ChannelState(GraphSpec spec) {
        this.spec = spec;
        int n = spec.channels.length;
        this.channels = new Channel[n];
        for (int c = 0; c < n; c++) {
            channels[c] = spec.channels[c].create();
        }
        this.versions = new long[n];
        this.seen = new long[spec.seenOffset[spec.nodeNames.length]];
        this.updated = new boolean[n];
        this.candidate = new boolean[spec.nodeNames.length];
        this.updatedList = new int[n];
        this.pending = new PendingWrites(n);
    }

    GraphSpec spec() {
        return spec;
    }

    /** The channels themselves: a checkpoint restores their values into them, a checkpointer reads them. */
    Channel[] channels() {
        return channels;
    }

    // ---------------------------------------------------------------- restore

    /** Takes the checkpoint's versions and versions seen; its channel values are restored separately. */
    void restoreVersions(Checkpoint checkpoint) {
        for (Map.Entry<String, ChannelVersion> e : checkpoint.channels().entrySet()) {
            Integer c = spec.channelIndex.get(e.getKey());
            if (c != null) {
                String v = e.getValue().version();
                versions[c] = ChannelVersion.counter(v);
                suffixes()[c] = v.substring(v.indexOf('.') + 1);
                maxVersion = Math.max(maxVersion, versions[c]);
            }
        }
        for (Map.Entry<String, Map<String, String>> e :
                checkpoint.versionsSeen().entrySet()) {
            restoreSeen(e.getKey(), e.getValue());
        }
    }

    private void restoreSeen(String node, Map<String, String> seenVersions) {
        if (node.equals(ReservedNames.INTERRUPT)) {
            seenVersions.forEach((channel, v) -> {
                Integer c = spec.channelIndex.get(channel);
                if (c != null) {
                    interruptSeen()[c] = ChannelVersion.counter(v);
                }
            });
            staleSeen(spec.nodeNames.length);
            return;
        }
        Integer n = spec.nodeIndex.get(node);
        if (n == null) {
            return;
        }
        staleSeen(n);
        int[] trig = spec.triggers[n];
        for (int t = 0; t < trig.length; t++) {
            String v = seenVersions.get(spec.channels[trig[t]].name());
            if (v != null) {
                seen[spec.seenOffset[n] + t] = ChannelVersion.counter(v);
            }
        }
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
                int node = spec.node(send.node());
                out.add(Task.push(node, spec.nodeNames[node], i, send.payload(), ids));
            }
        }
        boolean[] nodes = null;
        if (onlyUpdated && updatedCount > 0) {
            nodes = candidates();
        }
        for (int n : spec.nameOrder) {
            if ((nodes == null || nodes[n]) && triggered(n)) {
                out.add(Task.pull(n, spec.nodeNames[n], spec.triggers[n], ids));
            }
        }
        if (nodes != null) {
            clearCandidates();
        }
    }

    /** Unmarks only the nodes {@link #candidates()} marked: a step touches few of a large graph's nodes. */
    private void clearCandidates() {
        for (int u = 0; u < updatedCount; u++) {
            for (int n : spec.triggerToNodes[updatedList[u]]) {
                candidate[n] = false;
            }
        }
    }

    private boolean[] candidates() {
        for (int u = 0; u < updatedCount; u++) {
            for (int n : spec.triggerToNodes[updatedList[u]]) {
                candidate[n] = true;
            }
        }
        return candidate;
    }

    private boolean triggered(int node) {
        int[] trig = spec.triggers[node];
        int at = spec.seenOffset[node];
        for (int t = 0; t < trig.length; t++) {
            int c = trig[t];
            if (channels[c].isAvailable() && versions[c] > seen[at + t]) {
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
            int at = spec.seenOffset[t.node];
            for (int i = 0; i < t.triggers.length; i++) {
                seen[at + i] = versions[t.triggers[i]];
            }
            staleSeen(t.node);
        }
        long next = maxVersion + 1;
        for (int k = 0; k < ordered.size(); k++) {
            for (int c : ordered.get(k).triggers) {
                if (channels[c].consume()) {
                    bump(c, next);
                }
            }
        }
        for (int k = 0; k < ordered.size(); k++) {
            Task t = ordered.get(k);
            for (int i = 0; i < t.writeCount; i++) {
                pending.add(t.writeChannels[i], t.writeValues[i]);
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
        maxVersion = next;
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
        versions[c] = next;
        if (suffix != null) {
            suffix[c] = null;
        }
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

    // ---------------------------------------------------------------- interrupts

    /** LangGraph's {@code should_interrupt}, first half: a channel changed since the last resume. */
    boolean changedSinceInterrupt() {
        for (int c = 0; c < versions.length; c++) {
            if (versions[c] > (interruptSeen == null ? 0 : interruptSeen[c])) {
                return true;
            }
        }
        return false;
    }

    /** At a resume: what the channels hold now has been seen, so a breakpoint does not fire on it again. */
    void markInterruptSeen() {
        System.arraycopy(versions, 0, interruptSeen(), 0, versions.length);
        staleSeen(spec.nodeNames.length);
    }

    private void staleSeen(int node) {
        if (seenEntries != null) {
            seenEntries[node] = null;
        }
    }

    private long[] interruptSeen() {
        if (interruptSeen == null) {
            interruptSeen = new long[versions.length];
        }
        return interruptSeen;
    }

    private String[] suffixes() {
        if (suffix == null) {
            suffix = new String[versions.length];
        }
        return suffix;
    }

    // ---------------------------------------------------------------- checkpoint

    /**
     * Each channel's version string as a checkpoint of this state records it, by channel number;
     * {@code null} for a channel never written. A new array the caller may keep.
     */
    String[] versionStrings() {
        String[] out = new String[channels.length];
        for (int c = 0; c < channels.length; c++) {
            if (versions[c] > 0) {
                out[c] = versionText(c);
            }
        }
        return out;
    }

    /** A channel's version string, formatted again only when its version changed since the last checkpoint. */
    private String versionText(int c) {
        if (versionText == null) {
            versionText = new String[versions.length];
            versionTextOf = new long[versions.length];
            versionTextSuffix = new String[versions.length];
        }
        String s = suffix == null || suffix[c] == null ? runSuffix() : suffix[c];
        if (versionText[c] == null || versionTextOf[c] != versions[c] || versionTextSuffix[c] != s) {
            versionText[c] = format(versions[c], s);
            versionTextOf[c] = versions[c];
            versionTextSuffix[c] = s;
        }
        return versionText[c];
    }

    private String format(long counter, String suffix) {
        if (lastText == null || lastTextCounter != counter || lastTextSuffix != suffix) {
            lastText = ChannelVersion.format(counter, suffix);
            lastTextCounter = counter;
            lastTextSuffix = suffix;
        }
        return lastText;
    }

    /**
     * The suffix of the versions this state makes, drawn when a version string is first needed:
     * only checkpoints show it, so a run without a checkpointer never pays for the secure random.
     */
    private String runSuffix() {
        if (runSuffix == null) {
            runSuffix = Uuids.runSuffix();
        }
        return runSuffix;
    }

    /**
     * The versions each node saw (and those seen at the last resume, under {@code __interrupt__}),
     * as an immutable map of immutable maps in trigger order. Only the nodes whose versions seen
     * changed since the last call are formatted again.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    Map<String, Map<String, String>> seenStrings() {
        int nodes = spec.nodeNames.length;
        if (seenEntries == null) {
            seenEntries = new Map.Entry[nodes + 1];
        }
        int count = 0;
        for (int n = 0; n <= nodes; n++) {
            if (seenEntries[n] == null) {
                seenEntries[n] = Map.entry(n == nodes ? ReservedNames.INTERRUPT : spec.nodeNames[n], seenOf(n));
            }
            count += seenEntries[n].getValue().isEmpty() ? 0 : 1;
        }
        Map.Entry<String, Map<String, String>>[] present = new Map.Entry[count];
        count = 0;
        for (Map.Entry<String, Map<String, String>> e : seenEntries) {
            if (!e.getValue().isEmpty()) {
                present[count++] = e;
            }
        }
        return Map.ofEntries(present);
    }

    private Map<String, String> seenOf(int node) {
        Map<String, String> m = new LinkedHashMap<>();
        if (node == spec.nodeNames.length) {
            for (int c = 0; interruptSeen != null && c < channels.length; c++) {
                if (interruptSeen[c] > 0) {
                    m.put(spec.channels[c].name(), ChannelVersion.format(interruptSeen[c], ""));
                }
            }
        } else {
            int at = spec.seenOffset[node];
            for (int t = 0; t < spec.triggers[node].length; t++) {
                if (seen[at + t] > 0) {
                    m.put(spec.channels[spec.triggers[node][t]].name(), ChannelVersion.format(seen[at + t], ""));
                }
            }
        }
        return m.isEmpty() ? Map.of() : Collections.unmodifiableMap(m);
    }

    /** The node that wrote last, for updateState without a node: LangGraph's rule. */
    Optional<String> lastWriter() {
        long best = 0;
        String node = null;
        boolean tie = false;
        for (int n = 1; n < spec.nodeNames.length; n++) {
            for (int t = spec.seenOffset[n]; t < spec.seenOffset[n + 1]; t++) {
                long v = seen[t];
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
