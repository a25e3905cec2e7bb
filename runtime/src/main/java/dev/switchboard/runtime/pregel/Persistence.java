package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.Durability;
import dev.switchboard.runtime.Interrupt;
import dev.switchboard.runtime.Overwrite;
import dev.switchboard.runtime.RunInfo;
import dev.switchboard.runtime.channel.Channel;
import dev.switchboard.runtime.checkpoint.Blob;
import dev.switchboard.runtime.checkpoint.ChannelVersion;
import dev.switchboard.runtime.checkpoint.Checkpoint;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.runtime.checkpoint.CheckpointTuple;
import dev.switchboard.runtime.checkpoint.PendingWrite;
import dev.switchboard.runtime.checkpoint.ReservedNames;
import dev.switchboard.runtime.serde.DecodeBudget;
import dev.switchboard.runtime.serde.JsonSerde;
import dev.switchboard.runtime.serde.SerdeException;
import dev.switchboard.runtime.serde.ValueType;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * How one run talks to its checkpointer: what is stored for each checkpoint (only channels whose
 * version changed since the last stored checkpoint; accumulating channels as deltas while the delta
 * chain is smaller than its snapshot), the pending writes of each finished task, and the durability
 * mode (synchronous, in order on a background thread, or only at exit). Used by the loop's thread
 * only, except that task threads store pending writes.
 */
final class Persistence implements ChannelState.DeltaTracker {
    /**
     * Negative write indices mark a task's latest state rather than its writes: a saver replaces
     * them, so a task that pauses or fails again overwrites its previous interrupt or error.
     */
    static final int ERROR_INDEX = -1;

    static final int INTERRUPT_INDEX = -3;
    static final int RESUME_INDEX = -4;

    /** Deltas are replaced by a snapshot once the chain would outgrow its base, or this. */
    private static final long MIN_CHAIN_BYTES = 1024;

    final CheckpointSaver saver;
    final String threadId;
    final String namespace;
    final Durability durability;
    private final GraphSpec spec;
    private final Codecs codecs;
    private final JsonSerde serde;

    /** What the store holds for each channel as of the last stored checkpoint. */
    private final ChannelVersion[] stored;
    /**
     * {@link #stored} as checkpoint map entries, made once per stored version: most channels keep
     * their version from one checkpoint to the next.
     */
    private final Map.Entry<String, ChannelVersion>[] storedEntries;
    /** Writes of accumulating channels since their stored version, replayable as a delta. */
    private final List<Object>[] deltas;

    private final boolean[] needsSnapshot;
    /**
     * A synchronous run stores each checkpoint before it goes on, so one pair of arrays holds the
     * values and delta sizes of every checkpoint it makes; other modes keep a pair per checkpoint.
     */
    private Object[] syncValues;

    private int[] syncDeltaSizes;

    /** The thread's head as this run last saw it; the next put expects it. */
    volatile String head;

    private Pending unsaved;
    /**
     * The writes of the current step's last task to finish, held back to be stored in one
     * transaction with the step's checkpoint (see {@link #deferWrites}), and the checkpoint they
     * follow. Set on the thread that ran the task; read by the loop after the step's barrier.
     */
    private List<PendingWrite> deferred;

    private String deferredFor;

    private CompletableFuture<Void> inFlight = CompletableFuture.completedFuture(null);
    /** Told of each checkpoint stored; set before the run stores any, null when nobody listens. */
    private volatile Listeners listeners;

    private volatile RunInfo run;

    /** Entries for the thread's metadata, merged before the first checkpoint this run stores. */
    private volatile Map<String, Object> threadMetadata = Map.of();

    @SuppressWarnings({"unchecked", "rawtypes"})
    Persistence(
            CheckpointSaver saver,
            String threadId,
            String namespace,
            Durability durability,
            GraphSpec spec,
            Codecs codecs,
            JsonSerde serde) {
        this.serde = serde;
        this.saver = saver;
        this.threadId = threadId;
        this.namespace = namespace;
        this.durability = durability;
        this.spec = spec;
        this.codecs = codecs;
        int n = spec.channels.length;
        this.stored = new ChannelVersion[n];
        this.storedEntries = new Map.Entry[n];
        this.deltas = new List[n];
        this.needsSnapshot = new boolean[n];
    }

    /** A checkpoint that is created but maybe not stored yet, with the channel values of its time. */
    private record Pending(
            String id,
            Instant timestamp,
            String[] versions,
            Map<String, Map<String, String>> seen,
            CheckpointMetadata metadata,
            String parentId,
            Object[] values,
            int[] deltaSizes,
            List<PendingWrite> writes) {}

    // ---------------------------------------------------------------- restore

    /**
     * Sets each channel ({@code decode} marks which; {@code null}: all) to its stored value and
     * remembers what is stored, for deltas later.
     */
    void restore(CheckpointTuple tuple, Channel[] channels, boolean[] decode) {
        DecodeBudget budget = DecodeBudget.of(serde.limits());
        Map<String, Blob> blobs = new HashMap<>();
        for (Blob b : tuple.blobs()) {
            blobs.put(b.channel() + '\u0000' + b.version(), b);
        }
        for (Map.Entry<String, ChannelVersion> e : tuple.checkpoint().channels().entrySet()) {
            Integer c = spec.channelIndex.get(e.getKey());
            if (c == null) {
                continue; // a channel the graph no longer has
            }
            if (decode != null && !decode[c]) {
                continue;
            }
            restoreChannel(c, e.getValue(), channels[c], blobs, budget);
            stored[c] = e.getValue();
            storedEntries[c] = null;
        }
    }

    private void restoreChannel(
            int c, ChannelVersion version, Channel channel, Map<String, Blob> blobs, DecodeBudget budget) {
        List<Blob> chain = chain(channel.name(), version, blobs);
        try {
            if (chain.get(0).kind() == Blob.Kind.SNAPSHOT) {
                channel.restore(codecs.decodeValue(c, chain.get(0).data(), budget));
            }
            for (int i = 1; i < chain.size(); i++) {
                channel.update(codecs.decodeWrites(c, chain.get(i).data(), budget));
            }
        } catch (SerdeException e) {
            throw e;
        } catch (RuntimeException e) {
            throw corruptChain(channel.name(), version, e.toString());
        }
    }

    /**
     * The blobs from the channel's snapshot to its version, oldest first. A chain that is broken,
     * loops, or whose deltas do not add up to the size the checkpoint recorded (a delta skipped or
     * dropped) is refused rather than restored to a value the run never had.
     */
    private static List<Blob> chain(String name, ChannelVersion version, Map<String, Blob> blobs) {
        List<Blob> chain = new ArrayList<>();
        long deltaBytes = 0;
        String v = version.version();
        while (true) {
            Blob b = blobs.get(name + '\u0000' + v);
            if (b == null) {
                throw corruptChain(name, version, "its stored value at version " + v + " is missing");
            }
            chain.add(0, b);
            if (b.kind() != Blob.Kind.DELTA) {
                break;
            }
            deltaBytes += b.data().length;
            if (chain.size() > blobs.size()) {
                throw corruptChain(name, version, "its deltas' previous versions form a loop");
            }
            v = b.previous();
        }
        if (!chain.get(0).version().equals(version.base())) {
            throw corruptChain(
                    name,
                    version,
                    "its chain starts at version " + chain.get(0).version() + ", not at the checkpoint's snapshot base "
                            + version.base());
        }
        if (chain.size() > 1 && deltaBytes != version.chainBytes()) {
            throw corruptChain(
                    name,
                    version,
                    "its deltas hold " + deltaBytes + " bytes, but the checkpoint recorded " + version.chainBytes()
                            + " (a delta was skipped, dropped or replaced)");
        }
        return chain;
    }

    private static SerdeException corruptChain(String name, ChannelVersion version, String problem) {
        return new SerdeException(
                "the stored value of channel '" + name + "' at version " + version.version() + " cannot be read: "
                        + problem + "; the store is incomplete or was modified",
                null);
    }

    // ---------------------------------------------------------------- tracking

    /** Records the writes an accumulating channel received, so the next checkpoint can store a delta. */
    @Override
    public void track(int channel, List<?> values) {
        if (needsSnapshot[channel]) {
            return;
        }
        for (Object v : values) {
            if (v instanceof Overwrite<?>) {
                needsSnapshot[channel] = true;
                deltas[channel] = null;
                return;
            }
        }
        if (deltas[channel] == null) {
            deltas[channel] = new ArrayList<>(values.size());
        }
        deltas[channel].addAll(values);
    }

    // ---------------------------------------------------------------- checkpoints

    /**
     * Records a new checkpoint: stores it now (sync), in order on a background thread (async), or
     * keeps it to store at exit.
     */
    void put(
            String id,
            Instant timestamp,
            String[] versions,
            Map<String, Map<String, String>> seen,
            CheckpointMetadata metadata,
            String parentId,
            Channel[] channels) {
        // Values are immutable, so keeping references is enough; delta lists only grow until
        // stored, so their current size marks this checkpoint's share.
        boolean sync = durability == Durability.SYNC;
        if (sync && syncValues == null) {
            syncValues = new Object[channels.length];
            syncDeltaSizes = new int[channels.length];
        }
        Object[] values = sync ? syncValues : new Object[channels.length];
        int[] deltaSizes = sync ? syncDeltaSizes : new int[channels.length];
        for (int c = 0; c < channels.length; c++) {
            values[c] = channels[c].checkpoint();
            deltaSizes[c] = deltas[c] == null ? -1 : deltas[c].size();
        }
        unsaved = new Pending(
                id, timestamp, versions, seen, metadata, parentId, values, deltaSizes, takeDeferred(parentId));
        if (durability == Durability.EXIT) {
            return;
        }
        storeUnsaved(durability == Durability.ASYNC);
    }

    private void storeUnsaved(boolean async) {
        Pending p = unsaved;
        unsaved = null;
        List<Blob> blobs = new ArrayList<>();
        Checkpoint checkpoint = finish(p, blobs);
        if (!async) {
            awaitInFlight();
            store(checkpoint, p, blobs);
        } else {
            inFlight = inFlight.thenRunAsync(() -> store(checkpoint, p, blobs), RuntimePools.CHECKPOINTS);
        }
    }

    private void store(Checkpoint checkpoint, Pending p, List<Blob> blobs) {
        Listeners observers = listeners;
        long started = 0;
        if (observers != null) {
            observers.checkpointStarted(run, p.metadata().step());
            started = System.nanoTime();
        }
        Map<String, Object> labels = threadMetadata;
        if (!labels.isEmpty()) {
            saver.updateThreadMetadata(threadId, labels);
            threadMetadata = Map.of();
        }
        if (p.writes().isEmpty()) {
            saver.put(threadId, namespace, checkpoint, p.metadata(), p.parentId(), head, blobs);
        } else {
            saver.putStep(threadId, namespace, p.writes(), checkpoint, p.metadata(), p.parentId(), head, blobs);
        }
        head = checkpoint.id();
        if (observers != null) {
            observers.checkpointSaved(run, checkpoint.id(), p.metadata().step(), started);
        }
    }

    /** Merges entries into the thread's metadata with the first checkpoint this run stores. */
    void threadMetadata(Map<String, Object> entries) {
        this.threadMetadata = entries;
    }

    /** Tells listeners of every checkpoint this run stores. */
    void observe(Listeners listeners, RunInfo run) {
        this.listeners = listeners;
        this.run = run;
    }

    /** Stores what has not been stored yet and waits for background writes; rethrows their failure. */
    void flush() {
        storeDeferredWrites();
        if (unsaved != null) {
            storeUnsaved(false);
        }
        awaitInFlight();
    }

    private void awaitInFlight() {
        try {
            inFlight.join();
        } catch (CompletionException e) {
            inFlight = CompletableFuture.completedFuture(null);
            throw e.getCause() instanceof RuntimeException r ? r : e;
        }
    }

    /** The checkpoint as stored, and blobs for the channels whose version changed since the last one. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private Checkpoint finish(Pending p, List<Blob> blobs) {
        String[] versions = p.versions();
        int count = 0;
        for (int c = 0; c < versions.length; c++) {
            if (versions[c] != null) {
                storeVersion(c, versions[c], p, blobs);
                count++;
            }
        }
        Map.Entry<String, ChannelVersion>[] entries = new Map.Entry[count];
        count = 0;
        for (int c = 0; c < versions.length; c++) {
            if (versions[c] != null) {
                entries[count++] = storedEntries[c];
            }
        }
        return new Checkpoint(Checkpoint.FORMAT_VERSION, p.id(), p.timestamp(), Map.ofEntries(entries), p.seen());
    }

    /** Adds a blob for the channel if its version is not the stored one, and makes it the stored one. */
    private void storeVersion(int c, String version, Pending p, List<Blob> blobs) {
        ChannelVersion before = stored[c];
        if (before == null || !before.version().equals(version)) {
            List<Object> writes = p.deltaSizes()[c] < 0 ? null : deltas[c].subList(0, p.deltaSizes()[c]);
            Blob blob = blob(c, version, before, p.values()[c], writes);
            blobs.add(blob);
            boolean delta = blob.kind() == Blob.Kind.DELTA;
            stored[c] = new ChannelVersion(
                    version,
                    blob.base(),
                    delta ? before.baseBytes() : blob.data().length,
                    delta ? before.chainBytes() + blob.data().length : 0);
            storedEntries[c] = null;
            deltas[c] = null;
            needsSnapshot[c] = false;
        }
        if (storedEntries[c] == null) {
            storedEntries[c] = Map.entry(spec.channels[c].name(), stored[c]);
        }
    }

    private Blob blob(int c, String version, ChannelVersion before, Object value, List<Object> delta) {
        String name = spec.channels[c].name();
        if (value == Channel.MISSING) {
            return new Blob(name, version, version, "", Blob.Kind.EMPTY, new byte[0]);
        }
        boolean canDelta = spec.channels[c].storesDeltas()
                && delta != null
                && !needsSnapshot[c]
                && before != null
                && before.baseBytes() > 0;
        if (canDelta) {
            byte[] data = codecs.encodeWrites(c, delta);
            if (before.chainBytes() + data.length <= Math.max(before.baseBytes(), MIN_CHAIN_BYTES)) {
                return new Blob(name, version, before.base(), before.version(), Blob.Kind.DELTA, data);
            }
        }
        return new Blob(name, version, version, "", Blob.Kind.SNAPSHOT, codecs.encodeValue(c, value));
    }

    // ---------------------------------------------------------------- pending writes

    /** Stores a finished task's writes (or its error) against the checkpoint its step started from. */
    void putWrites(String checkpointId, Task task, String taskId) {
        if (durability == Durability.EXIT || checkpointId == null) {
            return;
        }
        saveWrites(checkpointId, task, taskId);
    }

    /**
     * Whether a task that finished last in its step, all others done, may have its writes held back
     * for the step's checkpoint: only when checkpoints are stored as the run goes (sync or async),
     * and only if it succeeded, since a failed or paused step stores no checkpoint.
     */
    boolean defersWrites(String checkpointId, Task task) {
        return durability != Durability.EXIT && checkpointId != null && task.error == null && task.interrupts.isEmpty();
    }

    /**
     * Holds back the writes of the step's last task to finish, to store them in one transaction with
     * the step's checkpoint ({@link CheckpointSaver#putStep}). Safe for the guarantee that a resume
     * never runs a finished task again: every other task of the step has finished and stored its
     * writes already, so only this task's could be lost, and only by a crash in the moment before
     * the checkpoint, which is the same as a crash just before the task finished. LangGraph stores
     * each task's writes on a background thread, so it offers no more.
     */
    void deferWrites(String checkpointId, Task task, String taskId) {
        deferred = encodeWrites(task, taskId);
        deferredFor = checkpointId;
    }

    /** Stores held-back writes alone, for a step that ends without a checkpoint (it failed or paused). */
    void storeDeferredWrites() {
        List<PendingWrite> writes = deferred;
        if (writes != null) {
            deferred = null;
            awaitInFlight();
            saver.putWrites(threadId, namespace, deferredFor, writes);
        }
    }

    /** The held-back writes, if they follow {@code parentId}, to store with its successor. */
    private List<PendingWrite> takeDeferred(String parentId) {
        if (deferred == null) {
            return List.of();
        }
        if (!deferredFor.equals(parentId)) {
            storeDeferredWrites();
            return List.of();
        }
        List<PendingWrite> writes = deferred;
        deferred = null;
        return writes;
    }

    /** At the exit of an exit-durability run that failed: the finished tasks' writes. */
    void putWritesAtExit(String checkpointId, Task task, String taskId) {
        if (durability == Durability.EXIT && checkpointId != null) {
            saveWrites(checkpointId, task, taskId);
        }
    }

    private void saveWrites(String checkpointId, Task task, String taskId) {
        List<PendingWrite> writes = encodeWrites(task, taskId);
        awaitInFlight();
        saver.putWrites(threadId, namespace, checkpointId, writes);
    }

    private List<PendingWrite> encodeWrites(Task task, String taskId) {
        List<PendingWrite> writes = new ArrayList<>();
        if (!task.interrupts.isEmpty()) {
            if (!task.resumes().isEmpty()) {
                writes.add(new PendingWrite(
                        taskId, RESUME_INDEX, ReservedNames.RESUME, serde.encodeTree(resumesTree(task))));
            }
            ArrayNode all = serde.nodes().arrayNode();
            for (Interrupt interrupt : task.interrupts) {
                ObjectNode i = all.addObject();
                i.put("id", interrupt.id());
                i.set("value", serde.untypedTree(interrupt.value()));
            }
            writes.add(new PendingWrite(taskId, INTERRUPT_INDEX, ReservedNames.INTERRUPT, serde.encodeTree(all)));
        } else if (task.error != null) {
            writes.add(new PendingWrite(taskId, ERROR_INDEX, ReservedNames.ERROR, codecs.encodeError(task.error)));
        } else {
            for (int i = 0; i < task.writeCount; i++) {
                int c = task.writeChannels[i];
                if (spec.channels[c].tracked()) {
                    writes.add(new PendingWrite(
                            taskId,
                            writes.size(),
                            spec.channels[c].name(),
                            codecs.encodeWrite(c, task.writeValues[i])));
                }
            }
            if (writes.isEmpty()) {
                // A task that wrote nothing must still be known to have finished.
                writes.add(new PendingWrite(taskId, 0, ReservedNames.NO_WRITES, new byte[0]));
            }
        }
        return writes;
    }

    private ArrayNode resumesTree(Task task) {
        ArrayNode array = serde.nodes().arrayNode();
        for (Object r : task.resumes()) {
            array.add(r instanceof JsonNode stored ? stored : serde.untypedTree(r));
        }
        return array;
    }

    /** A resume value as the node asked for it: stored ones are read back as that type. */
    <T> T resumeValue(Object resume, Class<T> type) {
        ValueType want = ValueType.of(type);
        if (resume instanceof JsonNode stored) {
            return cast(serde.fromTree(want, stored), want);
        }
        if (want.accepts(resume)) {
            return cast(resume, want);
        }
        return cast(serde.fromTree(want, serde.untypedTree(resume)), want);
    }

    @SuppressWarnings("unchecked")
    private static <T> T cast(Object value, ValueType type) {
        if (value != null && !type.accepts(value)) {
            throw new SerdeException("resume value " + value + " is not a " + type, null);
        }
        return (T) value;
    }

    /**
     * Decodes the stored writes of tasks, by task id, in write order. A write that does not decode
     * fails as a {@link SerdeException} naming its task, index and channel.
     */
    Map<String, StoredTask> decodeWrites(List<PendingWrite> pending) {
        return StoredTask.decode(pending, spec, codecs, serde);
    }
}
