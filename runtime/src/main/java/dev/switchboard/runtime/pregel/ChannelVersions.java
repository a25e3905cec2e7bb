package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.checkpoint.ChannelVersion;
import dev.switchboard.runtime.checkpoint.Checkpoint;
import dev.switchboard.runtime.checkpoint.ReservedNames;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The version bookkeeping of one graph's channels, LangGraph's {@code channel_versions} and {@code
 * versions_seen}: each channel's version, the versions each node last saw of its triggers, those
 * seen at the last resume, and their string forms as a checkpoint records them. {@link
 * ChannelState} moves them at the barrier; only checkpoints format them, and only what changed.
 *
 * <p>Everything is an array indexed by channel and node number; a version is a counter, with a
 * suffix that tells the runs that made it apart.
 */
final class ChannelVersions {
    private final GraphSpec spec;
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

    ChannelVersions(GraphSpec spec) {
        this.spec = spec;
        this.versions = new long[spec.channels.length];
        this.seen = new long[spec.seenOffset[spec.nodeNames.length]];
    }

    /** Back to what the constructor made, for the next run of a {@link ChannelState} reused across runs. */
    void reset() {
        Arrays.fill(versions, 0);
        Arrays.fill(seen, 0);
        suffix = null;
        interruptSeen = null;
        maxVersion = 0;
        runSuffix = null;
        versionText = null;
        versionTextOf = null;
        versionTextSuffix = null;
        lastText = null;
        lastTextCounter = 0;
        lastTextSuffix = null;
        seenEntries = null;
    }

    // ---------------------------------------------------------------- restore

    /** Takes the checkpoint's versions and versions seen. */
    void restore(Checkpoint checkpoint) {
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

    // ---------------------------------------------------------------- the barrier

    /** Whether trigger {@code t} of {@code node} (its channel {@code c}) has a version the node has not seen. */
    boolean unseen(int node, int t, int c) {
        return versions[c] > seen[spec.seenOffset[node] + t];
    }

    /** A task of {@code node} ran on {@code triggers}: the node has seen their current versions. */
    void sawTriggers(int node, int[] triggers) {
        int at = spec.seenOffset[node];
        for (int i = 0; i < triggers.length; i++) {
            seen[at + i] = versions[triggers[i]];
        }
        staleSeen(node);
    }

    /** The version the barrier in progress gives every channel it changes. */
    long next() {
        return maxVersion + 1;
    }

    /** Gives a channel the barrier's version. */
    void bump(int c, long next) {
        versions[c] = next;
        if (suffix != null) {
            suffix[c] = null;
        }
    }

    /** Ends a barrier that handed out {@code next}. */
    void barrierDone(long next) {
        maxVersion = next;
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
        String[] out = new String[versions.length];
        for (int c = 0; c < versions.length; c++) {
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
            lastText = suffix == runSuffix ? ownVersion(counter, suffix) : ChannelVersion.format(counter, suffix);
            lastTextCounter = counter;
            lastTextSuffix = suffix;
        }
        return lastText;
    }

    /**
     * A version this state just made, as {@link ChannelVersion#format} writes it, but not through
     * that method's table of recent versions: a step's new counter is never in it, and replacing a
     * slot of that shared table (a store into an old array, far from the cache) cost more than the
     * formatting itself.
     */
    static String ownVersion(long counter, String suffix) {
        if (counter < 0) {
            return ChannelVersion.format(counter, suffix);
        }
        String digits = Long.toString(counter);
        StringBuilder out = new StringBuilder(17 + Math.max(0, digits.length() - 16) + suffix.length());
        for (int i = digits.length(); i < 16; i++) {
            out.append('0');
        }
        return out.append(digits).append('.').append(suffix).toString();
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
        if (node < spec.nodeNames.length && spec.triggers[node].length == 1) { // the usual node: one entry
            int at = spec.seenOffset[node];
            return seen[at] > 0
                    ? Map.of(spec.channels[spec.triggers[node][0]].name(), ChannelVersion.format(seen[at], ""))
                    : Map.of();
        }
        Map<String, String> m = new LinkedHashMap<>();
        if (node == spec.nodeNames.length) {
            for (int c = 0; interruptSeen != null && c < versions.length; c++) {
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
}
