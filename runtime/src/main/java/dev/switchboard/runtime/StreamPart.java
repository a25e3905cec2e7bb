package dev.switchboard.runtime;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One event of a {@link CompiledGraph#stream} call. Each kind belongs to one {@link StreamMode};
 * match on the record types to handle them.
 *
 * @param <S> the graph's state record type
 */
public sealed interface StreamPart<S>
        permits StreamPart.Values,
                StreamPart.Updates,
                StreamPart.Custom,
                StreamPart.TaskStart,
                StreamPart.TaskResult,
                StreamPart.Debug {
    /**
     * The stream mode this event belongs to.
     *
     * @return the mode
     */
    StreamMode mode();

    /**
     * The state after a superstep that wrote to it ({@link StreamMode#VALUES}).
     *
     * @param state the state record
     * @param channels every state and private channel that has a value, by name, in declaration
     *     order; this includes private channels the record does not have
     * @param <S> the state record type
     */
    record Values<S>(S state, Map<String, Object> channels) implements StreamPart<S> {
        /**
         * Creates the event.
         *
         * @param state the state record
         * @param channels the channel values by name
         */
        public Values {
            Objects.requireNonNull(state, "state");
            Objects.requireNonNull(channels, "channels");
        }

        @Override
        public StreamMode mode() {
            return StreamMode.VALUES;
        }
    }

    /**
     * What one node wrote ({@link StreamMode#UPDATES}); empty writes for a node that wrote nothing.
     *
     * @param node the node name
     * @param writes the written values by channel name, in declaration order; an {@link Overwrite}
     *     stands for an overwrite of a reducer channel
     * @param <S> the state record type
     */
    record Updates<S>(String node, Map<String, Object> writes) implements StreamPart<S> {
        /**
         * Creates the event.
         *
         * @param node the node name
         * @param writes the writes by channel name
         */
        public Updates {
            Objects.requireNonNull(node, "node");
            Objects.requireNonNull(writes, "writes");
        }

        @Override
        public StreamMode mode() {
            return StreamMode.UPDATES;
        }
    }

    /**
     * A value a node emitted through {@link NodeContext#emit(Object)} ({@link StreamMode#CUSTOM}).
     *
     * @param node the emitting node
     * @param payload the emitted value
     * @param <S> the state record type
     */
    record Custom<S>(String node, Object payload) implements StreamPart<S> {
        /**
         * Creates the event.
         *
         * @param node the emitting node
         * @param payload the emitted value
         */
        public Custom {
            Objects.requireNonNull(node, "node");
        }

        @Override
        public StreamMode mode() {
            return StreamMode.CUSTOM;
        }
    }

    /**
     * A task is about to run ({@link StreamMode#TASKS}).
     *
     * @param id the task id
     * @param node the node it runs
     * @param step the superstep
     * @param input the node's input: the state record or a {@link Send} payload
     * @param triggers the channels that triggered it
     * @param <S> the state record type
     */
    record TaskStart<S>(String id, String node, int step, Object input, List<String> triggers)
            implements StreamPart<S> {
        /**
         * Creates the event.
         *
         * @param id the task id
         * @param node the node
         * @param step the superstep
         * @param input the input
         * @param triggers the trigger channels
         */
        public TaskStart {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(node, "node");
            Objects.requireNonNull(triggers, "triggers");
        }

        @Override
        public StreamMode mode() {
            return StreamMode.TASKS;
        }
    }

    /**
     * A task finished ({@link StreamMode#TASKS}).
     *
     * @param id the task id
     * @param node the node it ran
     * @param step the superstep
     * @param writes what it wrote to state channels, by channel name
     * @param error the failure, or {@code null} when it succeeded
     * @param <S> the state record type
     */
    record TaskResult<S>(String id, String node, int step, Map<String, Object> writes, Throwable error)
            implements StreamPart<S> {
        /**
         * Creates the event.
         *
         * @param id the task id
         * @param node the node
         * @param step the superstep
         * @param writes the writes
         * @param error the failure or {@code null}
         */
        public TaskResult {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(node, "node");
            Objects.requireNonNull(writes, "writes");
        }

        @Override
        public StreamMode mode() {
            return StreamMode.TASKS;
        }
    }

    /**
     * A debug event ({@link StreamMode#DEBUG}): another event with its superstep and time.
     *
     * @param step the superstep
     * @param timestamp when it happened
     * @param payload the wrapped event ({@link TaskStart} or {@link TaskResult})
     * @param <S> the state record type
     */
    record Debug<S>(int step, Instant timestamp, StreamPart<S> payload) implements StreamPart<S> {
        /**
         * Creates the event.
         *
         * @param step the superstep
         * @param timestamp the time
         * @param payload the wrapped event
         */
        public Debug {
            Objects.requireNonNull(timestamp, "timestamp");
            Objects.requireNonNull(payload, "payload");
        }

        /**
         * The LangGraph debug event type: {@code task} or {@code task_result}.
         *
         * @return the type name
         */
        public String type() {
            return payload instanceof TaskResult<?> ? "task_result" : "task";
        }

        @Override
        public StreamMode mode() {
            return StreamMode.DEBUG;
        }
    }
}
