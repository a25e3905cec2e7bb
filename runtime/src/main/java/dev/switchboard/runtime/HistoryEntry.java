package dev.switchboard.runtime;

import dev.switchboard.runtime.checkpoint.CheckpointMetadata;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * One checkpoint of a thread as {@link CompiledGraph#listStateHistory} lists it: what can be read
 * without decoding the state (ids, metadata, step, creation time and the next nodes) is here at
 * once, while the state itself is decoded only when {@link #snapshot()} or {@link #values()} is
 * first called, and then kept. Browsing a long history of a big state thus costs a few control
 * values per checkpoint instead of every full state; {@link CompiledGraph#getStateHistory} decodes
 * them all up front. A snapshot read later is the same as the one {@code getStateHistory} gives
 * for this checkpoint.
 *
 * @param <S> the state record type
 */
public final class HistoryEntry<S> {
    private final RunConfig config;
    private final String parentCheckpointId;
    private final CheckpointMetadata metadata;
    private final Instant createdAt;
    private final List<String> next;
    private Supplier<StateSnapshot<S>> decode;
    private StateSnapshot<S> snapshot;

    /**
     * Creates an entry; the runtime lists them, users have no need to.
     *
     * @param config a configuration pointing at this checkpoint
     * @param parentCheckpointId the previous checkpoint, or {@code null}
     * @param metadata how this checkpoint came to be
     * @param createdAt when it was created
     * @param next the nodes that run next, as {@link StateSnapshot#next()}
     * @param decode reads the full snapshot; called at most once
     */
    public HistoryEntry(
            RunConfig config,
            String parentCheckpointId,
            CheckpointMetadata metadata,
            Instant createdAt,
            List<String> next,
            Supplier<StateSnapshot<S>> decode) {
        this.config = Objects.requireNonNull(config, "config");
        this.parentCheckpointId = parentCheckpointId;
        this.metadata = Objects.requireNonNull(metadata, "metadata");
        this.createdAt = Objects.requireNonNull(createdAt, "createdAt");
        this.next = List.copyOf(next);
        this.decode = Objects.requireNonNull(decode, "decode");
    }

    /**
     * A configuration pointing at this checkpoint: pass it to resume, replay, fork or
     * {@code getState}.
     *
     * @return the configuration
     */
    public RunConfig config() {
        return config;
    }

    /**
     * The id of this checkpoint.
     *
     * @return the id
     */
    public String checkpointId() {
        return config.checkpointId().orElseThrow();
    }

    /**
     * The previous checkpoint.
     *
     * @return its id, or empty for the first checkpoint of the thread
     */
    public Optional<String> parentCheckpointId() {
        return Optional.ofNullable(parentCheckpointId);
    }

    /**
     * How this checkpoint came to be (source, step, writes, run metadata).
     *
     * @return the metadata
     */
    public CheckpointMetadata metadata() {
        return metadata;
    }

    /**
     * The superstep of this checkpoint, as in its metadata.
     *
     * @return the step
     */
    public int step() {
        return metadata.step();
    }

    /**
     * When this checkpoint was created.
     *
     * @return the creation time
     */
    public Instant createdAt() {
        return createdAt;
    }

    /**
     * The nodes that run after this checkpoint, one entry per task, in declaration order.
     *
     * @return the next nodes; empty where the run finished
     */
    public List<String> next() {
        return next;
    }

    /**
     * The full snapshot of this checkpoint, decoded on the first call and kept.
     *
     * @return the snapshot
     * @throws dev.switchboard.runtime.serde.SerdeException if a stored value cannot be decoded
     */
    public synchronized StateSnapshot<S> snapshot() {
        if (snapshot == null) {
            snapshot = decode.get();
            decode = null; // lets the stored bytes go once decoded
        }
        return snapshot;
    }

    /**
     * The state record at this checkpoint: {@code snapshot().values()}.
     *
     * @return the state
     */
    public S values() {
        return snapshot().values();
    }

    @Override
    public String toString() {
        return "HistoryEntry[" + checkpointId() + ", step " + step() + ", next " + next + "]";
    }
}
