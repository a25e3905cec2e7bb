package dev.switchboard.checkpoint.jdbc;

import dev.switchboard.runtime.checkpoint.Blob;
import dev.switchboard.runtime.checkpoint.Checkpoint;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.runtime.checkpoint.CheckpointTuple;
import dev.switchboard.runtime.checkpoint.ListOptions;
import dev.switchboard.runtime.checkpoint.PendingWrite;
import java.util.List;
import java.util.Optional;

/**
 * Puts checkpoints as the runtime did before compact headers, in format 1 (which a JDBC saver
 * stores in its self-contained JSON form), for the tests that edit that form field by field.
 */
final class FormatV1Saver implements CheckpointSaver {
    private final CheckpointSaver inner;

    FormatV1Saver(CheckpointSaver inner) {
        this.inner = inner;
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
        Checkpoint v1 = new Checkpoint(
                1, checkpoint.id(), checkpoint.timestamp(), checkpoint.channels(), checkpoint.versionsSeen());
        inner.put(threadId, namespace, v1, metadata, parentId, expectedHead, newBlobs);
    }

    @Override
    public void putWrites(String threadId, String namespace, String checkpointId, List<PendingWrite> writes) {
        inner.putWrites(threadId, namespace, checkpointId, writes);
    }

    @Override
    public Optional<CheckpointTuple> getTuple(String threadId, String namespace, String checkpointId) {
        return inner.getTuple(threadId, namespace, checkpointId);
    }

    @Override
    public List<CheckpointTuple> list(String threadId, String namespace, ListOptions options) {
        return inner.list(threadId, namespace, options);
    }

    @Override
    public void deleteThread(String threadId) {
        inner.deleteThread(threadId);
    }
}
