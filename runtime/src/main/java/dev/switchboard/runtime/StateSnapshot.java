package dev.switchboard.runtime;

import dev.switchboard.runtime.checkpoint.CheckpointMetadata;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The state of a thread at one checkpoint, as {@link CompiledGraph#getState} and
 * {@link CompiledGraph#getStateHistory} return it.
 *
 * @param values the state record at this checkpoint; for a functional workflow its entrypoint's last
 *     return value, {@code null} before it first returned
 * @param channels every state and private channel with a value, by name
 * @param next the nodes that run next (one entry per task, so {@code Send}s repeat names), in
 *     declaration order; empty when the run is finished
 * @param config a configuration pointing at this checkpoint: pass it to resume, replay or fork
 * @param parentCheckpointId the previous checkpoint, or {@code null}
 * @param metadata how this checkpoint came to be, or {@code null} for a thread without checkpoints
 * @param createdAt when it was created, or {@code null} for a thread without checkpoints
 * @param tasks the tasks of the next superstep, with the error or writes of those that already ran
 * @param <S> the state record type
 */
public record StateSnapshot<S>(
        S values,
        Map<String, Object> channels,
        List<String> next,
        RunConfig config,
        String parentCheckpointId,
        CheckpointMetadata metadata,
        Instant createdAt,
        List<PregelTask> tasks) {
    /**
     * The interrupts pending at this checkpoint, in task order.
     *
     * @return the interrupts of all tasks
     */
    public List<Interrupt> interrupts() {
        return tasks.stream().flatMap(t -> t.interrupts().stream()).toList();
    }

    /**
     * Checks the fields.
     *
     * @param values the state record ({@code null} only for a workflow that has not returned yet)
     * @param channels the channel values
     * @param next the next nodes
     * @param config the configuration of this checkpoint
     * @param parentCheckpointId the parent or {@code null}
     * @param metadata the metadata or {@code null}
     * @param createdAt the creation time or {@code null}
     * @param tasks the next tasks
     */
    public StateSnapshot {
        Objects.requireNonNull(channels, "channels");
        next = List.copyOf(next);
        Objects.requireNonNull(config, "config");
        tasks = List.copyOf(tasks);
    }

    /**
     * The id of this checkpoint.
     *
     * @return the id, or empty for a thread without checkpoints
     */
    public Optional<String> checkpointId() {
        return config.checkpointId();
    }

    /**
     * How a task failed, as stored: the simple name of the exception type (never loaded as a class)
     * and its message.
     *
     * @param type the exception's simple class name
     * @param message its message
     */
    public record TaskError(String type, String message) {}

    /**
     * A task of the next superstep.
     *
     * @param id the deterministic task id
     * @param name the node
     * @param path LangGraph's task path: {@code ["__pregel_pull", node]} or
     *     {@code ["__pregel_push", index, false]}
     * @param error the failure of the task's last attempt, or of the superstep's barrier when the
     *     task's writes could not be combined with its siblings' (then in the head's snapshot
     *     only); {@code null} if none
     * @param writes what the task wrote if it already ran, by channel, or {@code null}
     * @param interrupts the interrupt the task is paused at, if any; its value is read back as plain
     *     JSON (maps, lists, strings, numbers)
     * @param state for a subgraph node, the subgraph's own state under this task, when asked for
     *     with {@code getState(config, true)}; otherwise {@code null}
     */
    public record PregelTask(
            String id,
            String name,
            List<Object> path,
            TaskError error,
            Map<String, Object> writes,
            List<Interrupt> interrupts,
            StateSnapshot<?> state) {
        /**
         * Checks the fields.
         *
         * @param id the task id
         * @param name the node
         * @param path the task path
         * @param error the error or {@code null}
         * @param writes the writes or {@code null}
         * @param interrupts the interrupts
         * @param state the subgraph's state, or {@code null}
         */
        public PregelTask {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(name, "name");
            path = List.copyOf(path);
            interrupts = List.copyOf(interrupts);
        }
    }
}
