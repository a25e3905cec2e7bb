package dev.switchboard.runtime.checkpoint;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A checkpoint as a saver returns it: with its metadata, its parent, the blobs needed to rebuild
 * its channel values, and the pending writes made after it.
 *
 * @param threadId the thread
 * @param namespace the namespace ({@code ""} for the root graph)
 * @param checkpoint the checkpoint
 * @param metadata its metadata
 * @param parentId the previous checkpoint of this history, or {@code null} for the first
 * @param blobs every blob of the delta chains of its channels (possibly more; callers pick by
 *     version)
 * @param pendingWrites writes stored against it, in task and index order
 */
public record CheckpointTuple(
        String threadId,
        String namespace,
        Checkpoint checkpoint,
        CheckpointMetadata metadata,
        String parentId,
        List<Blob> blobs,
        List<PendingWrite> pendingWrites) {
    /**
     * Checks the fields.
     *
     * @param threadId the thread
     * @param namespace the namespace
     * @param checkpoint the checkpoint
     * @param metadata the metadata
     * @param parentId the parent id or {@code null}
     * @param blobs the blobs
     * @param pendingWrites the pending writes
     */
    public CheckpointTuple {
        Objects.requireNonNull(threadId, "threadId");
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(checkpoint, "checkpoint");
        Objects.requireNonNull(metadata, "metadata");
        blobs = List.copyOf(blobs);
        pendingWrites = List.copyOf(pendingWrites);
    }

    /**
     * The parent checkpoint id.
     *
     * @return the id, or empty for the first checkpoint of a thread
     */
    public Optional<String> parent() {
        return Optional.ofNullable(parentId);
    }
}
