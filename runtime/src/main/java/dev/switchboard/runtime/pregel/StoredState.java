package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.checkpoint.CheckpointTuple;
import dev.switchboard.runtime.error.GraphException;
import java.util.List;
import java.util.Optional;

/**
 * A thread's state at one stored checkpoint, for the state API: the channels restored and the
 * cursor at the checkpoint, with no run around them (LangGraph's {@code _prepare_state_snapshot}
 * reads checkpoints the same way, without a loop).
 */
final class StoredState {
    final GraphSpec spec;
    final Persistence persistence;
    final ChannelState state;
    final Cursor cursor = new Cursor();

    private StoredState(GraphSpec spec, Persistence persistence) {
        this.spec = spec;
        this.persistence = persistence;
        this.state = new ChannelState(spec);
    }

    /** The state at a listed checkpoint, decoding only the channels {@code decode} marks ({@code null}: all). */
    static StoredState of(GraphSpec spec, Persistence persistence, CheckpointTuple tuple, boolean[] decode) {
        StoredState s = new StoredState(spec, persistence);
        s.cursor.restore(tuple, s.state, persistence, decode);
        return s;
    }

    /**
     * The state at the checkpoint {@code checkpointId} names, or at the thread's head; empty state
     * for a thread with no checkpoint.
     */
    static StoredState load(GraphSpec spec, Persistence persistence, Optional<String> checkpointId) {
        StoredState s = new StoredState(spec, persistence);
        find(persistence, checkpointId).ifPresent(t -> s.cursor.restore(t, s.state, persistence, null));
        return s;
    }

    /**
     * The checkpoint {@code checkpointId} names (which must exist), or the thread's head; the
     * thread's head is remembered for the next put.
     */
    static Optional<CheckpointTuple> find(Persistence persistence, Optional<String> checkpointId) {
        Optional<CheckpointTuple> tuple =
                persistence.saver.getTuple(persistence.threadId, persistence.namespace, checkpointId.orElse(null));
        if (checkpointId.isPresent() && tuple.isEmpty()) {
            throw new GraphException("thread '" + persistence.threadId + "' has no checkpoint " + checkpointId.get());
        }
        Optional<CheckpointTuple> head = checkpointId.isEmpty()
                ? tuple
                : persistence.saver.getTuple(persistence.threadId, persistence.namespace, null);
        persistence.head = head.map(t -> t.checkpoint().id()).orElse(null);
        return tuple;
    }

    /** The tasks the checkpoint leads to. */
    List<Task> nextTasks() {
        return state.prepareTasks(false, cursor.taskIds(spec, persistence));
    }
}
