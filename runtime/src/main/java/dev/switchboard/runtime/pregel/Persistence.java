package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.Durability;
import dev.switchboard.runtime.RunInfo;
import dev.switchboard.runtime.channel.Channel;
import dev.switchboard.runtime.checkpoint.Blob;
import dev.switchboard.runtime.checkpoint.Checkpoint;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.runtime.checkpoint.CheckpointTuple;
import dev.switchboard.runtime.checkpoint.PendingWrite;
import dev.switchboard.runtime.serde.JsonSerde;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * How one run talks to its checkpointer: when each checkpoint is stored (the durability mode:
 * synchronously, in order on a background thread, or only at exit), with the blobs {@link
 * StoredChannels} makes of its channels, and the pending writes of each finished task as {@link
 * TaskRecords} encodes them. Used by the loop's thread only, except that task threads store
 * pending writes.
 */
final class Persistence implements ChannelState.DeltaTracker {
    final CheckpointSaver saver;
    final String threadId;
    final String namespace;
    final Durability durability;
    /** What the store holds of each channel: where the next checkpoint's blobs start from. */
    private final StoredChannels stored;
    /** How tasks are stored as pending writes and read back. */
    final TaskRecords records;

    private final Upgrades upgrades;

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

    Persistence(
            CheckpointSaver saver,
            String threadId,
            String namespace,
            Durability durability,
            GraphSpec spec,
            Codecs codecs,
            JsonSerde serde) {
        this.saver = saver;
        this.threadId = threadId;
        this.namespace = namespace;
        this.durability = durability;
        this.stored = new StoredChannels(spec, codecs, serde);
        this.records = new TaskRecords(spec, codecs, serde);
        this.upgrades = codecs.upgrades;
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

    /**
     * A stored checkpoint as the graph's version of its stored schema reads it; one of a newer
     * version fails here, before anything is written.
     */
    Upgrades.Upgraded upgrade(CheckpointTuple tuple) {
        return upgrades.apply(tuple);
    }

    /**
     * Sets each channel ({@code decode} marks which; {@code null}: all) to its stored value and
     * remembers what is stored, for deltas later; the channels of {@code restore} are not stored as
     * the tuple has them (their names or values changed reading it), so the next checkpoint stores them.
     */
    void restore(CheckpointTuple tuple, Channel[] into, boolean[] decode, Set<String> restore) {
        stored.restore(tuple, into, decode, restore);
    }

    /** Records the writes an accumulating channel received, so the next checkpoint can store a delta. */
    @Override
    public void track(int channel, List<?> values) {
        stored.track(channel, values);
    }

    // ---------------------------------------------------------------- checkpoints

    /**
     * Records a new checkpoint: stores it now (sync), on a background thread once the previous one
     * is stored (async: at most one in flight), or keeps it to store at exit.
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
            deltaSizes[c] = stored.deltaSize(c);
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
        Checkpoint checkpoint =
                stored.checkpoint(p.id(), p.timestamp(), p.versions(), p.seen(), p.values(), p.deltaSizes(), blobs);
        // Either way the previous checkpoint must be stored first: an async run keeps at most one
        // checkpoint in flight (stored while the next superstep runs), so the store never falls
        // more than one step behind and a crash loses at most the checkpoint being stored.
        awaitInFlight();
        if (!async) {
            store(checkpoint, p, blobs);
        } else {
            inFlight = CompletableFuture.runAsync(() -> store(checkpoint, p, blobs), RuntimePools.CHECKPOINTS);
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
        deferred = records.encode(task, taskId, stored::remember);
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

    /**
     * Stores a durable step's record as a pending write of its task, before the step returns: after
     * the checkpoint it refers to (an async run may still be storing it). With exit durability
     * nothing is stored until the run stops, when a paused or failed task's records go with it.
     */
    void putStep(String checkpointId, PendingWrite record) {
        if (durability == Durability.EXIT || checkpointId == null) {
            return;
        }
        awaitInFlight();
        saver.putWrites(threadId, namespace, checkpointId, List.of(record));
    }

    /** At the exit of an exit-durability run that failed: the finished tasks' writes. */
    void putWritesAtExit(String checkpointId, Task task, String taskId) {
        if (durability == Durability.EXIT && checkpointId != null) {
            saveWrites(checkpointId, task, taskId);
        }
    }

    private void saveWrites(String checkpointId, Task task, String taskId) {
        List<PendingWrite> writes = records.encode(task, taskId, stored::remember);
        awaitInFlight();
        saver.putWrites(threadId, namespace, checkpointId, writes);
    }
}
