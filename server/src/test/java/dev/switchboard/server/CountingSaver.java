package dev.switchboard.server;

import dev.switchboard.runtime.checkpoint.Blob;
import dev.switchboard.runtime.checkpoint.Checkpoint;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata;
import dev.switchboard.runtime.checkpoint.CheckpointTuple;
import dev.switchboard.runtime.checkpoint.ForwardingCheckpointSaver;
import dev.switchboard.runtime.checkpoint.ListOptions;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.runtime.checkpoint.PendingWrite;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A {@link MemorySaver} that counts the checkpoint reads and writes made through it; the thread
 * operations are not counted (a run makes none of them).
 */
final class CountingSaver extends ForwardingCheckpointSaver {
    final AtomicInteger reads = new AtomicInteger();
    final AtomicInteger writes = new AtomicInteger();

    CountingSaver() {
        super(new MemorySaver());
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
        writes.incrementAndGet();
        super.put(threadId, namespace, checkpoint, metadata, parentId, expectedHead, newBlobs);
    }

    @Override
    public void putWrites(String threadId, String namespace, String checkpointId, List<PendingWrite> pending) {
        writes.incrementAndGet();
        super.putWrites(threadId, namespace, checkpointId, pending);
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
        super.putStep(threadId, namespace, pending, checkpoint, metadata, parentId, expectedHead, newBlobs);
    }

    @Override
    public Optional<CheckpointTuple> getTuple(String threadId, String namespace, String checkpointId) {
        reads.incrementAndGet();
        return super.getTuple(threadId, namespace, checkpointId);
    }

    @Override
    public List<CheckpointTuple> list(String threadId, String namespace, ListOptions options) {
        reads.incrementAndGet();
        return super.list(threadId, namespace, options);
    }

    @Override
    public void deleteThread(String threadId) {
        writes.incrementAndGet();
        super.deleteThread(threadId);
    }

    /** Reads and writes so far, as one pair to compare. */
    List<Integer> counts() {
        return List.of(reads.get(), writes.get());
    }
}
