package dev.switchboard.server;

import dev.switchboard.runtime.checkpoint.Blob;
import dev.switchboard.runtime.checkpoint.Checkpoint;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.runtime.checkpoint.CheckpointTuple;
import dev.switchboard.runtime.checkpoint.ListOptions;
import dev.switchboard.runtime.checkpoint.PendingWrite;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The saver the served graphs write through. A run that was cancelled, rolled back or interrupted
 * by a double text keeps computing until its next superstep boundary; this fence refuses the
 * checkpoints it would still commit (they carry its {@code run_id} in their metadata), so a
 * cancelled run's unfinished step never lands after the cancel answered, and the next run on the
 * thread starts from what was committed before.
 */
final class FencedSaver implements CheckpointSaver {
    private final CheckpointSaver delegate;
    private final Set<String> stopped = ConcurrentHashMap.newKeySet();

    FencedSaver(CheckpointSaver delegate) {
        this.delegate = delegate;
    }

    void stop(String runId) {
        stopped.add(runId);
    }

    void forget(String runId) {
        stopped.remove(runId);
    }

    CheckpointSaver delegate() {
        return delegate;
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
        if (runId != null && stopped.contains(runId.toString())) {
            throw new CancellationException("run " + runId + " was stopped; its checkpoint is not committed");
        }
        delegate.put(threadId, namespace, checkpoint, metadata, parentId, expectedHead, newBlobs);
    }

    @Override
    public void putWrites(String threadId, String namespace, String checkpointId, List<PendingWrite> writes) {
        delegate.putWrites(threadId, namespace, checkpointId, writes);
    }

    @Override
    public Optional<CheckpointTuple> getTuple(String threadId, String namespace, String checkpointId) {
        return delegate.getTuple(threadId, namespace, checkpointId);
    }

    @Override
    public List<CheckpointTuple> list(String threadId, String namespace, ListOptions options) {
        return delegate.list(threadId, namespace, options);
    }

    @Override
    public void deleteThread(String threadId) {
        delegate.deleteThread(threadId);
    }
}
