package dev.switchboard.checkpoint.jdbc;

import dev.switchboard.runtime.checkpoint.Blob;
import dev.switchboard.runtime.checkpoint.Checkpoint;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.runtime.checkpoint.ForwardingCheckpointSaver;
import dev.switchboard.runtime.checkpoint.PendingWrite;
import java.util.List;

/**
 * Puts checkpoints as the runtime did before compact headers, in format 1 (which a JDBC saver
 * stores in its self-contained JSON form), for the tests that edit that form field by field.
 */
final class FormatV1Saver extends ForwardingCheckpointSaver {

    FormatV1Saver(CheckpointSaver inner) {
        super(inner);
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
        delegate().put(threadId, namespace, v1(checkpoint), metadata, parentId, expectedHead, newBlobs);
    }

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
        delegate().putStep(threadId, namespace, writes, v1(checkpoint), metadata, parentId, expectedHead, newBlobs);
    }

    private static Checkpoint v1(Checkpoint checkpoint) {
        return new Checkpoint(
                1, checkpoint.id(), checkpoint.timestamp(), checkpoint.channels(), checkpoint.versionsSeen(), 1);
    }
}
