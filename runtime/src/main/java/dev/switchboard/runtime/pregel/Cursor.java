package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.checkpoint.CheckpointMetadata;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata.Source;
import dev.switchboard.runtime.checkpoint.CheckpointTuple;
import dev.switchboard.runtime.checkpoint.PendingWrite;
import dev.switchboard.runtime.error.ErrorCode;
import dev.switchboard.runtime.error.GraphException;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Where a {@link ChannelState} stands in its thread: the step, the checkpoint it was restored from
 * or last wrote (with that checkpoint's parent, metadata and time) and the pending writes stored
 * against it. A run advances it with each checkpoint; a snapshot reads it. Without a checkpointer
 * only the step moves.
 */
final class Cursor {
    int step = -1;
    String checkpointId;
    String parentCheckpointId;
    CheckpointMetadata metadata;
    Instant createdAt;
    /** The stored writes of tasks of the current step that finished, failed or paused. */
    List<PendingWrite> storedWrites = List.of();
    /** Whether the state came from, or was stored as, a checkpoint. */
    boolean hasState;
    /**
     * The nodes the restored checkpoint waits for that the graph no longer has: a run from it
     * fails rather than skip them.
     */
    List<String> stranded = List.of();

    /**
     * Restores the checkpoint's values and versions into {@code state}, decoding the channels
     * {@code decode} marks ({@code null}: all), and moves the cursor to it. A checkpoint of an older
     * version of the graph's stored schema is read as the graph's version.
     */
    void restore(CheckpointTuple stored, ChannelState state, Persistence persistence, boolean[] decode) {
        Upgrades.Upgraded upgraded = persistence.upgrade(stored);
        CheckpointTuple tuple = upgraded.tuple();
        persistence.restore(tuple, state.channels(), decode, upgraded.restore());
        state.versions.restore(tuple.checkpoint());
        CheckpointMetadata md = tuple.metadata();
        this.step = md.step() + 1;
        this.checkpointId = tuple.checkpoint().id();
        this.parentCheckpointId = tuple.parentId();
        this.metadata = md;
        this.createdAt = tuple.checkpoint().timestamp();
        this.storedWrites = tuple.pendingWrites();
        this.hasState = true;
        this.stranded = upgraded.stranded();
    }

    /** The scope of the current step's task ids. */
    TaskIds.Scope taskIds(GraphSpec spec, Persistence persistence) {
        if (checkpointId == null && persistence == null) {
            return spec.unstoredScopes.at(step); // the same for every run of the graph: shared, not made per step
        }
        String scope = checkpointId == null ? spec.name : checkpointId;
        return new TaskIds.Scope(scope, persistence == null ? "" : persistence.namespace, step);
    }

    /** Creates the checkpoint of the current step (and stores it, with a checkpointer), then moves to the next step. */
    void checkpoint(Source source, ChannelState state, Persistence persistence, Map<String, Object> userMetadata) {
        if (persistence != null) {
            String id = Uuids.next().toString();
            Instant now = Instant.now();
            CheckpointMetadata md = new CheckpointMetadata(source, step, Map.of(), userMetadata);
            persistence.put(
                    id,
                    now,
                    state.versions.versionStrings(),
                    state.versions.seenStrings(),
                    md,
                    checkpointId,
                    state.channels());
            parentCheckpointId = checkpointId;
            checkpointId = id;
            metadata = md;
            createdAt = now;
            hasState = true;
        }
        step++;
    }

    /** A thread that waits for nodes this graph no longer has: running it would skip them. */
    GraphException strandedNodes(String threadId, String graph) {
        return new GraphException(
                "checkpoint " + checkpointId + " of thread '" + threadId + "' waits for node"
                        + (stranded.size() == 1 ? " " : "s ") + String.join(", ", stranded)
                        + ", which graph " + graph + " no longer has, so a run would skip "
                        + (stranded.size() == 1 ? "it" : "them")
                        + "; run it with a build that has the node (or rename it with @Node(renamedFrom)), or drop the"
                        + " waiting work with updateState (nothing was written)",
                ErrorCode.SCHEMA_NODE_REMOVED,
                null);
    }
}
