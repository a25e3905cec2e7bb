package dev.switchboard.runtime.checkpoint;

import java.util.List;
import java.util.Optional;

/**
 * Where a graph keeps its checkpoints: the SPI that {@link MemorySaver} and the JDBC saver
 * implement. Histories are kept per thread and namespace; every operation is atomic; implementations
 * are thread-safe.
 *
 * <p>A thread has a head, its newest checkpoint. {@link #put} commits only if the head is still
 * the one the caller expects, so two runs on one thread can never fork its history or lose a
 * superstep: the loser gets a {@link ConcurrentRunException} and nothing of its write is stored.
 *
 * <p>Every id, namespace, channel name, version and task id is a key and follows {@link
 * CheckpointKeys}: one with NUL or an unpaired surrogate is rejected with an {@link
 * IllegalArgumentException} on every saver, before anything is stored.
 */
public interface CheckpointSaver {
    /**
     * Stores a checkpoint with its new blobs, if the thread's head is {@code expectedHead}.
     *
     * @param threadId the thread
     * @param namespace the namespace
     * @param checkpoint the checkpoint
     * @param metadata its metadata
     * @param parentId the checkpoint it follows in this history, or {@code null}
     * @param expectedHead the current head the caller has seen, or {@code null} for a new thread
     * @param newBlobs blobs for the channel versions this checkpoint introduces
     * @throws ConcurrentRunException if the head has moved; nothing is stored then
     */
    void put(
            String threadId,
            String namespace,
            Checkpoint checkpoint,
            CheckpointMetadata metadata,
            String parentId,
            String expectedHead,
            List<Blob> newBlobs);

    /**
     * Stores a task's writes against a checkpoint. Idempotent: a write with a (task, index) already
     * stored is ignored, so a retried call stores nothing twice. Writes with a negative index record
     * a task's latest error, pause or resume values; one with a (task, index) already stored
     * replaces it.
     *
     * @param threadId the thread
     * @param namespace the namespace
     * @param checkpointId the checkpoint the writes follow
     * @param writes the writes of one task
     * @throws ConcurrentRunException if {@code checkpointId} is no longer the thread's head
     */
    void putWrites(String threadId, String namespace, String checkpointId, List<PendingWrite> writes);

    /**
     * Loads a checkpoint.
     *
     * @param threadId the thread
     * @param namespace the namespace
     * @param checkpointId the checkpoint, or {@code null} for the head
     * @return the checkpoint, or empty if the thread, namespace or id is unknown
     */
    Optional<CheckpointTuple> getTuple(String threadId, String namespace, String checkpointId);

    /**
     * Lists the checkpoints of a thread and namespace, newest first.
     *
     * @param threadId the thread
     * @param namespace the namespace
     * @param options filter, bound and limit
     * @return the checkpoints
     */
    List<CheckpointTuple> list(String threadId, String namespace, ListOptions options);

    /**
     * Deletes everything stored for a thread, in all namespaces.
     *
     * @param threadId the thread
     */
    void deleteThread(String threadId);
}
