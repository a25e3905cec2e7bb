package dev.switchboard.runtime.checkpoint;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
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
 *
 * <p>Thread lifecycle ({@link #listThreads}, {@link #updateThreadMetadata}, {@link #prune}, {@link
 * #deleteThreadsInactiveSince}, {@link #copyThread}, {@link #storage}) is implemented by every saver Switchboard
 * ships; a saver of your own that does not implement it throws {@link
 * UnsupportedOperationException} from those methods.
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
     * Stores the writes that ended a superstep and the checkpoint that follows it, as one unit: the
     * writes against {@code parentId}, which must be the thread's head, then the checkpoint as
     * {@link #put} stores it. The loop calls it with the writes of the step's last task to finish,
     * when that task succeeded and durability is sync or async; the writes of a step's other tasks
     * are stored by {@link #putWrites} as each finishes, so that a step that fails, pauses or is
     * killed later never runs them again.
     *
     * <p>The default stores the writes, then the checkpoint, each atomically: a crash between the
     * two leaves the writes pending against the parent, as a crash right after {@link #putWrites}
     * would. A saver with transactions overrides it to store both in one, so that a superstep costs
     * one transaction; a {@link ConcurrentRunException} then stores neither.
     *
     * @param threadId the thread
     * @param namespace the namespace
     * @param writes writes of one or more tasks against {@code parentId}, as {@link #putWrites}
     *     takes them; may be empty
     * @param checkpoint the checkpoint
     * @param metadata its metadata
     * @param parentId the checkpoint it follows, against which the writes are stored
     * @param expectedHead the current head the caller has seen
     * @param newBlobs blobs for the channel versions this checkpoint introduces
     * @throws ConcurrentRunException if the head has moved or is not {@code parentId}
     */
    default void putStep(
            String threadId,
            String namespace,
            List<PendingWrite> writes,
            Checkpoint checkpoint,
            CheckpointMetadata metadata,
            String parentId,
            String expectedHead,
            List<Blob> newBlobs) {
        if (!Objects.requireNonNull(writes, "writes").isEmpty()) {
            putWrites(threadId, namespace, parentId, writes);
        }
        put(threadId, namespace, checkpoint, metadata, parentId, expectedHead, newBlobs);
    }

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

    /**
     * The namespaces a thread has checkpoints in: {@code ""} for the graph itself, one more per
     * subgraph run that checkpointed.
     *
     * @param threadId the thread
     * @return the namespaces, sorted; empty for an unknown thread
     */
    default List<String> namespaces(String threadId) {
        throw unsupported("namespaces");
    }

    /**
     * One thread's metadata and activity times.
     *
     * @param threadId the thread
     * @return the thread, or empty if the saver has neither a checkpoint nor metadata of it
     */
    default Optional<ThreadInfo> getThread(String threadId) {
        throw unsupported("getThread");
    }

    /**
     * Finds threads by their metadata, most recently active first, a page at a time.
     *
     * @param query the filter, limit and offset
     * @return the page
     */
    default List<ThreadInfo> listThreads(ThreadQuery query) {
        throw unsupported("listThreads");
    }

    /**
     * Merges entries into a thread's metadata (an entry with a key already set replaces it), at any
     * time, also while the thread runs; creates the thread's record if it has none yet, and counts
     * as activity for the thread TTL.
     *
     * @param threadId the thread
     * @param metadata strings, numbers and booleans
     * @throws IllegalArgumentException if a value is of another type, or a key or a string value holds
     *     NUL or an unpaired surrogate ({@link CheckpointKeys#checkValue}): stored as UTF-8 text it
     *     could not be kept or filtered on apart from another value; nothing is stored then
     */
    default void updateThreadMetadata(String threadId, Map<String, ?> metadata) {
        throw unsupported("updateThreadMetadata");
    }

    /**
     * Deletes all but the newest {@code keepLatest} checkpoints of each of a thread's namespaces
     * (with their pending writes, and the stored values no kept checkpoint needs); every kept
     * checkpoint still restores exactly, also of channels stored as deltas. {@code prune(id, 1)}
     * keeps only the heads. A kept checkpoint's parent may be gone afterwards.
     *
     * @param threadId the thread
     * @param keepLatest how many checkpoints to keep per namespace, at least 1
     * @return how many checkpoints were deleted
     * @throws IllegalArgumentException if {@code keepLatest < 1}
     */
    default int prune(String threadId, int keepLatest) {
        throw unsupported("prune");
    }

    /**
     * Deletes every thread last active before {@code cutoff}, as {@link #deleteThread} would: what
     * a thread TTL sweeper ({@link ThreadSweeper}) calls.
     *
     * @param cutoff threads whose {@link ThreadInfo#updatedAt()} is before it are deleted
     * @return how many threads were deleted
     */
    default int deleteThreadsInactiveSince(Instant cutoff) {
        throw unsupported("deleteThreadsInactiveSince");
    }

    /**
     * Copies a thread to a new id: every namespace's checkpoints with their ids, parents, metadata
     * and pending writes, and the thread's metadata, so that runs on the copy branch off the whole
     * conversation while the source stays as it is. Not atomic: a failure midway deletes the
     * partial copy again.
     *
     * @param from the source thread
     * @param to the new thread's id
     * @throws IllegalArgumentException if {@code from} does not exist, or {@code to} already does
     */
    default void copyThread(String from, String to) {
        ThreadCopy.copy(this, from, to);
    }

    /**
     * What a thread costs as stored: bytes and counts of its checkpoints, and per channel of its
     * stored values and pending writes, per namespace (see {@link ThreadStorage}). For operators
     * and for users who want to see what a conversation takes, like Agent Server's {@code GET
     * /threads/{id}/storage}.
     *
     * @param threadId the thread
     * @return its storage; no namespaces for an unknown thread
     */
    default ThreadStorage storage(String threadId) {
        throw unsupported("storage");
    }

    private UnsupportedOperationException unsupported(String operation) {
        return new UnsupportedOperationException(
                getClass().getName() + " does not implement " + operation + "; use a saver that does");
    }
}
