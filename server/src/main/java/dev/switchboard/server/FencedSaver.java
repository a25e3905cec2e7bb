package dev.switchboard.server;

import dev.switchboard.runtime.checkpoint.Blob;
import dev.switchboard.runtime.checkpoint.Checkpoint;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.runtime.checkpoint.ForwardingCheckpointSaver;
import dev.switchboard.runtime.checkpoint.PendingWrite;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The saver the served graphs write through. A run that was cancelled, rolled back or interrupted
 * by a double text keeps computing until its next superstep boundary; this fence refuses what it
 * would still store: its checkpoints (they carry its {@code run_id} in their metadata) and the
 * pending writes of its unfinished step (a thread's pending writes while none of its runs is
 * running can only come from a stopped run). So a cancelled run's step never lands after the
 * cancel answered - a later read would show it, as LangGraph applies a checkpoint's pending writes
 * to the state it shows - and the next run on the thread starts from what was committed before.
 */
final class FencedSaver extends ForwardingCheckpointSaver {
    private final Set<String> stopped = ConcurrentHashMap.newKeySet();
    /** Threads whose last run was stopped and that run nothing now: their stray writes are refused. */
    private final Set<String> fencedThreads = ConcurrentHashMap.newKeySet();
    /** The server is closing: its runs stop where they are, and nothing they still compute is kept. */
    private volatile boolean shut;

    FencedSaver(CheckpointSaver delegate) {
        super(delegate);
    }

    void stop(String runId) {
        stopped.add(runId);
    }

    /** The thread's running run was stopped: refuse its writes until another run starts there. */
    void fence(String threadId) {
        fencedThreads.add(threadId);
    }

    /** A run starts on the thread: its writes are the thread's again. */
    void started(String threadId) {
        fencedThreads.remove(threadId);
    }

    /**
     * Refuses every later write: the server closes, and a run interrupted now (its node failing on
     * the interrupt) must not leave an error write that the resumed run would then see.
     */
    void shut() {
        shut = true;
    }

    void forget(String runId) {
        stopped.remove(runId);
    }

    /** The saver behind the fence, for the server's own copies and rollbacks, which no fence applies to. */
    CheckpointSaver unfenced() {
        return delegate();
    }

    @Override
    public void put(
            String threadId,
            String namespace,
            Checkpoint checkpoint,
            CheckpointMetadata metadata,
            String parentId,
            String expectedHead,
            List<Blob> newBlobs) {
        Object runId = metadata.extra().get("run_id");
        if (shut) {
            throw new CancellationException("the server is closing; the checkpoint is not committed");
        }
        if (runId != null && stopped.contains(runId.toString())) {
            throw new CancellationException("run " + runId + " was stopped; its checkpoint is not committed");
        }
        delegate().put(threadId, namespace, checkpoint, metadata, parentId, expectedHead, newBlobs);
    }

    @Override
    public void putWrites(String threadId, String namespace, String checkpointId, List<PendingWrite> writes) {
        refuseWritesOfStopped(threadId);
        delegate().putWrites(threadId, namespace, checkpointId, writes);
    }

    /**
     * A step's last writes and its checkpoint, fenced as both {@link #putWrites} and {@link #put}
     * are, then stored by the delegate as one unit (one transaction on a JDBC saver).
     */
    @Override
    public void putStep(
            String threadId,
            String namespace,
            List<PendingWrite> writes,
            Checkpoint checkpoint,
            CheckpointMetadata metadata,
            String parentId,
            String expectedHead,
            List<Blob> newBlobs) {
        refuseWritesOfStopped(threadId);
        Object runId = metadata.extra().get("run_id");
        if (runId != null && stopped.contains(runId.toString())) {
            throw new CancellationException("run " + runId + " was stopped; its checkpoint is not committed");
        }
        delegate().putStep(threadId, namespace, writes, checkpoint, metadata, parentId, expectedHead, newBlobs);
    }

    private void refuseWritesOfStopped(String threadId) {
        if (shut || fencedThreads.contains(threadId)) {
            throw new CancellationException("the run on thread " + threadId + " was stopped; its writes are not kept");
        }
    }

    // Reads and the thread operations pass through (ForwardingCheckpointSaver): they write no run's progress.
}
