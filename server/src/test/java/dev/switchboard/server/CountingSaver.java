package dev.switchboard.server;

import dev.switchboard.runtime.checkpoint.Blob;
import dev.switchboard.runtime.checkpoint.Checkpoint;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.runtime.checkpoint.CheckpointTuple;
import dev.switchboard.runtime.checkpoint.ListOptions;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.runtime.checkpoint.PendingWrite;
import dev.switchboard.runtime.checkpoint.ThreadInfo;
import dev.switchboard.runtime.checkpoint.ThreadQuery;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/** A {@link MemorySaver} that counts the checkpoint reads and writes made through it. */
final class CountingSaver implements CheckpointSaver {
    final MemorySaver delegate = new MemorySaver();
    final AtomicInteger reads = new AtomicInteger();
    final AtomicInteger writes = new AtomicInteger();

    @Override
    public void put(
            String threadId,
            String namespace,
            Checkpoint checkpoint,
            CheckpointMetadata metadata,
            String parentId,
            String expectedHead,
            List<Blob> newBlobs) {
        writes.incrementAndGet();
        delegate.put(threadId, namespace, checkpoint, metadata, parentId, expectedHead, newBlobs);
    }

    @Override
    public void putWrites(String threadId, String namespace, String checkpointId, List<PendingWrite> pending) {
        writes.incrementAndGet();
        delegate.putWrites(threadId, namespace, checkpointId, pending);
    }

    @Override
    public void putStep(
            String threadId,
            String namespace,
            List<PendingWrite> pending,
            Checkpoint checkpoint,
            CheckpointMetadata metadata,
            String parentId,
            String expectedHead,
            List<Blob> newBlobs) {
        writes.incrementAndGet();
        delegate.putStep(threadId, namespace, pending, checkpoint, metadata, parentId, expectedHead, newBlobs);
    }

    @Override
    public Optional<CheckpointTuple> getTuple(String threadId, String namespace, String checkpointId) {
        reads.incrementAndGet();
        return delegate.getTuple(threadId, namespace, checkpointId);
    }

    @Override
    public List<CheckpointTuple> list(String threadId, String namespace, ListOptions options) {
        reads.incrementAndGet();
        return delegate.list(threadId, namespace, options);
    }

    @Override
    public void deleteThread(String threadId) {
        writes.incrementAndGet();
        delegate.deleteThread(threadId);
    }

    // the thread operations are not counted: a run makes none of them

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
    public void copyThread(String from, String to) {
        delegate.copyThread(from, to);
    }

    /** Reads and writes so far, as one pair to compare. */
    List<Integer> counts() {
        return List.of(reads.get(), writes.get());
    }
}
