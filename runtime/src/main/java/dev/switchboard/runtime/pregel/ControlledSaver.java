package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.RunControl;
import dev.switchboard.runtime.checkpoint.Blob;
import dev.switchboard.runtime.checkpoint.Checkpoint;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.runtime.checkpoint.ForwardingCheckpointSaver;
import dev.switchboard.runtime.checkpoint.PendingWrite;
import java.util.List;

/**
 * The saver of a run with a {@link RunControl}: each commit of the run (checkpoint, pending
 * writes, a step's both) runs inside {@link RunControl#whileRunning}, so nothing is committed once
 * the run was cancelled, and a cancel waits for a commit in flight. Reads pass through.
 */
final class ControlledSaver extends ForwardingCheckpointSaver {
    private final RunControl control;

    ControlledSaver(CheckpointSaver delegate, RunControl control) {
        super(delegate);
        this.control = control;
    }

    /** The saver a run commits through: {@code saver}, controlled when the run's config has a control. */
    static CheckpointSaver of(CheckpointSaver saver, RunConfig config) {
        return saver == null || config.control().isEmpty()
                ? saver
                : new ControlledSaver(saver, config.control().get());
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
        control.whileRunning(
                () -> delegate().put(threadId, namespace, checkpoint, metadata, parentId, expectedHead, newBlobs));
    }

    @Override
    public void putWrites(String threadId, String namespace, String checkpointId, List<PendingWrite> writes) {
        control.whileRunning(() -> delegate().putWrites(threadId, namespace, checkpointId, writes));
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
        control.whileRunning(() -> delegate()
                .putStep(threadId, namespace, writes, checkpoint, metadata, parentId, expectedHead, newBlobs));
    }
}
