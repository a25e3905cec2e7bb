package dev.switchboard.runtime;

import dev.switchboard.runtime.checkpoint.CheckpointMetadata;
import dev.switchboard.runtime.checkpoint.ReservedNames;
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
                StreamPart.Tool,
                StreamPart.Message,
                StreamPart.TaskStart,
                StreamPart.TaskResult,
                StreamPart.Checkpoint,
                StreamPart.Interrupted,
                StreamPart.Debug,
                StreamPart.Namespaced {
    /**
     * The stream mode this event belongs to.
     *
     * @return the mode
     */
    StreamMode mode();

    /**
     * The state after a superstep that wrote to it ({@link StreamMode#VALUES}).
     *
     * @param state the state record; for a functional workflow its entrypoint's return value,
     *     {@code null} before it first returned
     * @param channels every state and private channel that has a value, by name, in declaration
     *     order; this includes private channels the record does not have
     * @param <S> the state record type
     */
    record Values<S>(S state, Map<String, Object> channels) implements StreamPart<S> {
        /**
         * Creates the event.
         *
         * @param state the state record ({@code null} only for a workflow that has not returned yet)
         * @param channels the channel values by name
         */
        public Values {
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
     * @param cached whether the writes came from the node cache or were stored by an earlier run of
     *     the thread (a resumed run reuses its finished tasks' writes), the node not running
     * @param <S> the state record type
     */
    record Updates<S>(String node, Map<String, Object> writes, boolean cached) implements StreamPart<S> {
        /**
         * Creates the event.
         *
         * @param node the node name
         * @param writes the writes by channel name
         * @param cached whether the writes came from the node cache or an earlier run (the node did
         *     not run)
         */
        public Updates {
            Objects.requireNonNull(node, "node");
            Objects.requireNonNull(writes, "writes");
        }

        /**
         * Creates the event of a node that ran.
         *
         * @param node the node name
         * @param writes the writes by channel name
         */
        public Updates(String node, Map<String, Object> writes) {
            this(node, writes, false);
        }

        /**
         * Whether this is the update of a functional workflow's entrypoint or task: its writes are
         * then the one entry {@code "__return__"}, the value it returned, which LangGraph streams
         * bare ({@code {"double": 6}}).
         *
         * @return true for a workflow's return value
         */
        public boolean isReturn() {
            return writes.size() == 1 && writes.containsKey(ReservedNames.RETURN);
        }

        /** Mentions {@code cached} only for reused writes, to keep the common event short. */
        @Override
        public String toString() {
            return "Updates[node=" + node + ", writes=" + writes + (cached ? ", cached=true]" : "]");
        }

        @Override
        public StreamMode mode() {
            return StreamMode.UPDATES;
        }
    }

    /**
     * A message chunk a node streamed through {@link NodeContext#emitMessage} ({@link
     * StreamMode#MESSAGES}), as LangGraph's {@code [chunk, metadata]} pairs.
     *
     * @param chunk the chunk (a token, a partial message)
     * @param node the node that streamed it
     * @param step the superstep
     * @param taskId the id of the task (node execution) that streamed it
     * @param attempt the task's attempt, from 1 (above 1 when a retry repeats chunks)
     * @param triggers the channels that triggered the task
     * @param metadata the run's metadata ({@link RunConfig#metadata()}) merged with the chunk's own
     * @param namespace the subgraph path of the task ({@code node:taskId} per level), empty for a
     *     node of the graph that was run; chunks from subgraphs are streamed whether or not
     *     subgraph streaming is on, as in LangGraph
     * @param <S> the state record type
     */
    record Message<S>(
            Object chunk,
            String node,
            int step,
            String taskId,
            int attempt,
            List<String> triggers,
            Map<String, Object> metadata,
            List<String> namespace)
            implements StreamPart<S> {
        /**
         * Creates the event.
         *
         * @param chunk the chunk
         * @param node the node
         * @param step the superstep
         * @param taskId the task id
         * @param attempt the attempt
         * @param triggers the triggering channels
         * @param metadata the metadata
         * @param namespace the subgraph path
         */
        public Message {
            namespace = List.copyOf(namespace);
            Objects.requireNonNull(chunk, "chunk");
            Objects.requireNonNull(node, "node");
            Objects.requireNonNull(taskId, "taskId");
            triggers = List.copyOf(triggers);
            metadata = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(metadata));
        }

        @Override
        public StreamMode mode() {
            return StreamMode.MESSAGES;
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
     * A moment of a tool call a node runs ({@link StreamMode#TOOLS}), reported through {@link
     * NodeContext#emitTool}: what LangGraph's {@code tools} mode streams as {@code on_tool_start},
     * {@code on_tool_event}, {@code on_tool_end} and {@code on_tool_error}. A call is one {@link
     * Phase#STARTED}, any number of {@link Phase#OUTPUT} chunks, then one {@link Phase#FINISHED} or
     * {@link Phase#FAILED}.
     *
     * @param node the node that runs the tool
     * @param phase what happened
     * @param toolCallId the call's id as the model gave it, or null for a call without one
     * @param name the tool's name
     * @param data by phase: the call's input (its arguments as the model wrote them), a chunk the
     *     tool streamed, the tool's output, or the error's message
     * @param <S> the state record type
     */
    record Tool<S>(String node, Phase phase, String toolCallId, String name, Object data) implements StreamPart<S> {
        /**
         * Creates the event.
         *
         * @param node the node
         * @param phase what happened
         * @param toolCallId the call's id, or null
         * @param name the tool's name
         * @param data the input, chunk, output or error message
         */
        public Tool {
            Objects.requireNonNull(node, "node");
            Objects.requireNonNull(phase, "phase");
            Objects.requireNonNull(name, "name");
        }

        @Override
        public StreamMode mode() {
            return StreamMode.TOOLS;
        }

        /** The moments of a tool call. */
        public enum Phase {
            /** The call starts; the data is its input. */
            STARTED,
            /** The tool streamed a chunk of its output; the data is the chunk. */
            OUTPUT,
            /** The call returned; the data is its output. */
            FINISHED,
            /** The call failed; the data is the error's message. */
            FAILED
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
     * @param interrupts the interrupt it paused with, if it did
     * @param <S> the state record type
     */
    record TaskResult<S>(
            String id, String node, int step, Map<String, Object> writes, Throwable error, List<Interrupt> interrupts)
            implements StreamPart<S> {
        /**
         * Creates the event.
         *
         * @param id the task id
         * @param node the node
         * @param step the superstep
         * @param writes the writes
         * @param error the failure or {@code null}
         * @param interrupts the interrupts
         */
        public TaskResult {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(node, "node");
            Objects.requireNonNull(writes, "writes");
            interrupts = List.copyOf(interrupts);
        }

        @Override
        public StreamMode mode() {
            return StreamMode.TASKS;
        }
    }

    /**
     * A checkpoint was created ({@link StreamMode#CHECKPOINTS}).
     *
     * @param checkpointId its id
     * @param parentCheckpointId the previous checkpoint, or {@code null}
     * @param state the state record at this checkpoint
     * @param channels every state and private channel with a value, by name
     * @param metadata how it came to be
     * @param next the nodes that run next, in declaration order
     * @param tasks the tasks of the next superstep
     * @param <S> the state record type
     */
    record Checkpoint<S>(
            String checkpointId,
            String parentCheckpointId,
            S state,
            Map<String, Object> channels,
            CheckpointMetadata metadata,
            List<String> next,
            List<TaskRef> tasks)
            implements StreamPart<S> {
        /**
         * Creates the event.
         *
         * @param checkpointId the id
         * @param parentCheckpointId the parent or {@code null}
         * @param state the state
         * @param channels the channel values
         * @param metadata the metadata
         * @param next the next nodes
         * @param tasks the next tasks
         */
        public Checkpoint {
            Objects.requireNonNull(checkpointId, "checkpointId");
            Objects.requireNonNull(metadata, "metadata");
            next = List.copyOf(next);
            tasks = List.copyOf(tasks);
        }

        @Override
        public StreamMode mode() {
            return StreamMode.CHECKPOINTS;
        }

        /**
         * A task of the next superstep.
         *
         * @param id the task id
         * @param name the node
         * @param path the task path, as in {@link StateSnapshot.PregelTask#path()}
         */
        public record TaskRef(String id, String name, List<Object> path) {
            /**
             * Creates the reference.
             *
             * @param id the task id
             * @param name the node
             * @param path the task path
             */
            public TaskRef {
                path = List.copyOf(path);
            }
        }
    }

    /**
     * The run paused at a breakpoint or an interrupt; sent in the {@link StreamMode#VALUES} and
     * {@link StreamMode#UPDATES} streams (LangGraph's {@code {"__interrupt__": [...]}} chunk).
     *
     * @param mode the stream it is sent in
     * @param interrupts the interrupts raised by nodes; empty for breakpoints
     * @param <S> the state record type
     */
    record Interrupted<S>(StreamMode mode, List<Interrupt> interrupts) implements StreamPart<S> {
        /**
         * Creates the event.
         *
         * @param mode the stream it is sent in
         * @param interrupts the interrupts
         */
        public Interrupted {
            Objects.requireNonNull(mode, "mode");
            interrupts = List.copyOf(interrupts);
        }
    }

    /**
     * An event of a subgraph, streamed when the run config asks for subgraph events
     * ({@link RunConfig#withSubgraphStreaming()}): the event and where it comes from.
     *
     * @param namespace the path to the subgraph, one {@code node:taskId} entry per level
     * @param part the subgraph's event
     * @param <S> the (root) state record type
     */
    record Namespaced<S>(List<String> namespace, StreamPart<?> part) implements StreamPart<S> {
        /**
         * Creates the event.
         *
         * @param namespace the path to the subgraph
         * @param part the event
         */
        public Namespaced {
            namespace = List.copyOf(namespace);
            Objects.requireNonNull(part, "part");
        }

        @Override
        public StreamMode mode() {
            return part.mode();
        }
    }

    /**
     * A debug event ({@link StreamMode#DEBUG}): another event with its superstep and time.
     *
     * @param step the superstep
     * @param timestamp when it happened
     * @param payload the wrapped event ({@link Checkpoint}, {@link TaskStart} or {@link TaskResult})
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
         * The LangGraph debug event type: {@code checkpoint}, {@code task} or {@code task_result}.
         *
         * @return the type name
         */
        public String type() {
            if (payload instanceof Checkpoint<?>) {
                return "checkpoint";
            }
            return payload instanceof TaskResult<?> ? "task_result" : "task";
        }

        @Override
        public StreamMode mode() {
            return StreamMode.DEBUG;
        }
    }
}
