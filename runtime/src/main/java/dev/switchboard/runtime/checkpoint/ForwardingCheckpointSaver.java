package dev.switchboard.runtime.checkpoint;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A saver that hands every operation to another saver: the base for wrappers that change a few
 * operations (sealing values, refusing a stopped run's writes, counting or failing calls in a test)
 * and pass the rest through, so a wrapper names only what it changes and keeps every operation its
 * delegate implements, the thread operations included.
 *
 * <p>Each method forwards to the same method of the delegate, never to another method of this
 * saver. So a wrapper that overrides {@link #put} or {@link #putWrites} should also override {@link
 * #putStep}, which otherwise stores a step's writes and checkpoint through the delegate without
 * passing them through the wrapper's {@code put} and {@code putWrites}; and {@link #copyThread}
 * copies the delegate's rows as they are stored, so a wrapper whose stored form depends on the
 * thread id (as {@link EncryptedSaver}'s does) overrides it to copy through itself.
 */
public abstract class ForwardingCheckpointSaver implements CheckpointSaver {
    private final CheckpointSaver delegate;

    /**
     * Wraps a saver.
     *
     * @param delegate the saver every operation goes to unless a subclass overrides it
     */
    protected ForwardingCheckpointSaver(CheckpointSaver delegate) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
    }

    /**
     * The wrapped saver.
     *
     * @return the saver operations are forwarded to
     */
    protected final CheckpointSaver delegate() {
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
        delegate.put(threadId, namespace, checkpoint, metadata, parentId, expectedHead, newBlobs);
    }

    @Override
    public void putWrites(String threadId, String namespace, String checkpointId, List<PendingWrite> writes) {
        delegate.putWrites(threadId, namespace, checkpointId, writes);
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
        delegate.putStep(threadId, namespace, writes, checkpoint, metadata, parentId, expectedHead, newBlobs);
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

    @Override
    public List<String> namespaces(String threadId) {
        return delegate.namespaces(threadId);
    }

    @Override
    public Optional<ThreadInfo> getThread(String threadId) {
        return delegate.getThread(threadId);
    }

    @Override
    public List<ThreadInfo> listThreads(ThreadQuery query) {
        return delegate.listThreads(query);
    }

    @Override
    public void updateThreadMetadata(String threadId, Map<String, ?> metadata) {
        delegate.updateThreadMetadata(threadId, metadata);
    }

    @Override
    public int prune(String threadId, int keepLatest) {
        return delegate.prune(threadId, keepLatest);
    }

    @Override
    public int deleteThreadsInactiveSince(Instant cutoff) {
        return delegate.deleteThreadsInactiveSince(cutoff);
    }

    @Override
    public void copyThread(String from, String to) {
        delegate.copyThread(from, to);
    }

    @Override
    public ThreadStorage storage(String threadId) {
        return delegate.storage(threadId);
    }
}
