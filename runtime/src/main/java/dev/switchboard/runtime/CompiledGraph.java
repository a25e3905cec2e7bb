package dev.switchboard.runtime;

import dev.switchboard.runtime.checkpoint.ListOptions;
import dev.switchboard.runtime.error.GraphException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.Flow;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * A compiled, runnable graph; every generated {@code XxxGraph} implements it. Thread-safe: one
 * instance can run any number of invocations at once.
 *
 * @param <S> the state record type
 * @param <I> the input update type (the generated update of the input record)
 * @param <O> the output record type
 */
public interface CompiledGraph<S, I extends StateUpdate, O> {
    /**
     * The graph's name.
     *
     * @return the name
     */
    String name();

    /**
     * Runs the graph to completion with default configuration.
     *
     * @param input the input update
     * @return the output
     * @throws GraphException if the run fails; user exceptions arrive as {@link NodeException}
     */
    default GraphOutput<O> invoke(I input) {
        return invoke(input, RunConfig.defaults());
    }

    /**
     * Runs the graph to completion.
     *
     * @param input the input update; {@code null} resumes a paused run, which needs a checkpointer
     * @param config the run configuration
     * @return the output
     * @throws GraphException if the run fails; user exceptions arrive as {@link NodeException}
     */
    GraphOutput<O> invoke(I input, RunConfig config);

    /**
     * Runs the graph with a command as input: its update applies directly and its goto picks the
     * first nodes, instead of the edges from {@code START}.
     *
     * @param command the command
     * @param config the run configuration
     * @return the output
     * @throws GraphException if the run fails
     */
    GraphOutput<O> invoke(Command<?> command, RunConfig config);

    /**
     * Continues a paused run of the thread in {@code config} without new input, as LangGraph's
     * {@code invoke(null, config)}; on a finished thread it returns the current state.
     *
     * @param config the run configuration naming the thread
     * @return the output
     * @throws EmptyInputException if there is nothing to resume (no checkpointer, or no checkpoint)
     */
    default GraphOutput<O> resume(RunConfig config) {
        return invoke((I) null, config);
    }

    /**
     * Runs the graph and streams its events. The run happens on another thread as the stream is
     * consumed; closing the stream early stops the run at the next superstep boundary. A failure
     * is thrown from the stream's terminal operation, on the consumer's thread: a
     * {@link GraphException} as a copy of the same type, message and code made there
     * ({@link GraphException#rethrownHere()}), so the stack trace shows the consumer's frames, whose
     * cause is the exception the run raised (for a {@link NodeException}, the user's exception is
     * that cause's cause); any other exception as it was raised, with the consumer's frames attached
     * as a suppressed exception.
     *
     * @param input the input update; {@code null} resumes a paused run
     * @param config the run configuration
     * @param modes what to stream; none means {@link StreamMode#VALUES}
     * @return the events, to be closed (or fully consumed)
     */
    Stream<StreamPart<S>> stream(I input, RunConfig config, StreamMode... modes);

    /**
     * Streams a run that starts with a command as input.
     *
     * @param command the command
     * @param config the run configuration
     * @param modes what to stream; none means {@link StreamMode#VALUES}
     * @return the events, to be closed (or fully consumed)
     */
    Stream<StreamPart<S>> stream(Command<?> command, RunConfig config, StreamMode... modes);

    /**
     * Runs the graph on the calling thread and hands each event to {@code sink} as it is made, one
     * at a time: {@link #stream(StateUpdate, RunConfig, StreamMode...)} without a thread that drives the
     * run and a queue between it and the consumer, for a caller that would only wait on the stream.
     * Events of parallel tasks reach the sink from their threads, never two at once. A sink that
     * throws gets no further event and stops the run at the next superstep boundary, as closing a
     * stream early does; its exception is then thrown here. A failure of the run is thrown here as
     * raised.
     *
     * @param input the input update; {@code null} resumes a paused run
     * @param config the run configuration
     * @param sink what receives the events
     * @param modes what to stream; none means {@link StreamMode#VALUES}
     */
    default void streamTo(I input, RunConfig config, Consumer<? super StreamPart<S>> sink, StreamMode... modes) {
        try (Stream<StreamPart<S>> parts = stream(input, config, modes)) {
            parts.forEach(sink);
        }
    }

    /**
     * {@link #streamTo(StateUpdate, RunConfig, Consumer, StreamMode...)} of a run that starts with a
     * command as input.
     *
     * @param command the command
     * @param config the run configuration
     * @param sink what receives the events
     * @param modes what to stream; none means {@link StreamMode#VALUES}
     */
    default void streamTo(
            Command<?> command, RunConfig config, Consumer<? super StreamPart<S>> sink, StreamMode... modes) {
        try (Stream<StreamPart<S>> parts = stream(command, config, modes)) {
            parts.forEach(sink);
        }
    }

    /**
     * Runs the graph on another thread (a shared pool of daemon threads). Cancelling the future
     * stops the run at the next superstep boundary: the superstep under way finishes and is
     * checkpointed, no further one starts, so the thread can be resumed from there later.
     *
     * @param input the input update; {@code null} resumes a paused run
     * @param config the run configuration
     * @return the output, or the run's failure
     */
    CompletableFuture<GraphOutput<O>> invokeAsync(I input, RunConfig config);

    /**
     * {@link #invokeAsync(StateUpdate, RunConfig)} on a given executor, for example one of virtual
     * threads, or one a caller can shut down and await.
     *
     * @param input the input update; {@code null} resumes a paused run
     * @param config the run configuration
     * @param executor runs the run's loop (its parallel tasks use the graph's executor)
     * @return the output, or the run's failure
     */
    CompletableFuture<GraphOutput<O>> invokeAsync(I input, RunConfig config, Executor executor);

    /**
     * Runs the graph on another thread with a command as input (to resume, say).
     *
     * @param command the command
     * @param config the run configuration
     * @return the output, or the run's failure
     */
    CompletableFuture<GraphOutput<O>> invokeAsync(Command<?> command, RunConfig config);

    /**
     * Streams a run as a {@link Flow.Publisher} for reactive consumers. The run starts when the
     * (single) subscriber subscribes and proceeds at its own pace; events wait in a buffer until
     * requested. Cancelling the subscription stops the run at the next superstep boundary; a
     * failure arrives as {@code onError}.
     *
     * @param input the input update; {@code null} resumes a paused run
     * @param config the run configuration
     * @param modes what to stream; none means {@link StreamMode#VALUES}
     * @return a publisher for one subscriber
     */
    Flow.Publisher<StreamPart<S>> streamAsync(I input, RunConfig config, StreamMode... modes);

    /**
     * {@link #streamAsync(StateUpdate, RunConfig, StreamMode...)} with a command as input.
     *
     * @param command the command
     * @param config the run configuration
     * @param modes what to stream; none means {@link StreamMode#VALUES}
     * @return a publisher for one subscriber
     */
    Flow.Publisher<StreamPart<S>> streamAsync(Command<?> command, RunConfig config, StreamMode... modes);

    /**
     * Streams the continuation of a paused run, as {@link #resume(RunConfig)}.
     *
     * @param config the run configuration naming the thread
     * @param modes what to stream; none means {@link StreamMode#VALUES}
     * @return the events, to be closed (or fully consumed)
     */
    default Stream<StreamPart<S>> streamResume(RunConfig config, StreamMode... modes) {
        return stream((I) null, config, modes);
    }

    /**
     * The state of a thread: at its newest checkpoint, including the writes of tasks that finished
     * in a superstep that did not complete; or at the checkpoint the config names. An unknown thread
     * gives an empty snapshot. A thread whose last superstep failed gives its snapshot, not the
     * failure: a task that threw carries its error ({@link StateSnapshot.PregelTask#error()}); if
     * the superstep failed while combining its tasks' writes (conflicting writes to one value, a
     * reducer that threw), those writes are not applied, the tasks stay in {@code next}, and each
     * task that wrote carries that error. Resuming the thread raises the failure again.
     *
     * @param config names the thread, and optionally the checkpoint
     * @return the snapshot
     * @throws IllegalStateException if the graph has no checkpointer
     */
    default StateSnapshot<S> getState(RunConfig config) {
        return getState(config, false);
    }

    /**
     * The state of a thread, optionally with the state of each subgraph node's subgraph in the
     * tasks of the snapshot ({@link StateSnapshot.PregelTask#state()}).
     *
     * @param config names the thread, and optionally the checkpoint
     * @param subgraphs whether to include subgraph states
     * @return the snapshot
     * @throws IllegalStateException if the graph has no checkpointer
     */
    StateSnapshot<S> getState(RunConfig config, boolean subgraphs);

    /**
     * Time travel into a subgraph: the state of a subgraph at a checkpoint of its namespace, which
     * {@code config} addresses as a subgraph snapshot's config does ({@link
     * RunConfig#withCheckpointNamespace}; from {@code getState(config, true)}'s tasks). Without a
     * checkpoint id it is the namespace's newest. {@link #updateState} with such a config writes
     * there instead (forking the subgraph's history when the checkpoint is older), and resuming this
     * graph's thread continues the subgraph from its newest checkpoint.
     *
     * @param config names the thread, the subgraph namespace and optionally the checkpoint
     * @return the subgraph's snapshot, of its own state type
     * @throws IllegalArgumentException if the namespace names no subgraph node, or has no checkpoint
     */
    default StateSnapshot<?> getSubgraphState(RunConfig config) {
        throw new UnsupportedOperationException(getClass().getName() + " does not implement getSubgraphState");
    }

    /**
     * The checkpoints of a thread, newest first, each a full snapshot: every state is decoded now,
     * which for a long thread of a big state costs time and memory. To browse a history, use
     * {@link #listStateHistory(RunConfig, ListOptions)}, which decodes a state only when asked.
     *
     * @param config names the thread
     * @param options metadata filter, exclusive upper bound and limit
     * @return the snapshots
     * @throws IllegalStateException if the graph has no checkpointer
     */
    List<StateSnapshot<S>> getStateHistory(RunConfig config, ListOptions options);

    /**
     * The checkpoints of a thread, newest first, as a cheap listing: ids, metadata, step, creation
     * time and next nodes are read at once (decoding only the small control values that decide the
     * next nodes), each state only on its entry's first {@link HistoryEntry#snapshot()} or
     * {@link HistoryEntry#values()}. A decoded snapshot equals the one
     * {@link #getStateHistory(RunConfig, ListOptions)} gives for the same checkpoint.
     *
     * @param config names the thread
     * @param options metadata filter, exclusive upper bound and limit
     * @return the entries
     * @throws IllegalStateException if the graph has no checkpointer
     */
    List<HistoryEntry<S>> listStateHistory(RunConfig config, ListOptions options);

    /**
     * All checkpoints of a thread, newest first, as a cheap listing: see
     * {@link #listStateHistory(RunConfig, ListOptions)}.
     *
     * @param config names the thread
     * @return the entries
     */
    default List<HistoryEntry<S>> listStateHistory(RunConfig config) {
        return listStateHistory(config, ListOptions.ALL);
    }

    /**
     * All checkpoints of a thread, newest first, as full snapshots: see
     * {@link #getStateHistory(RunConfig, ListOptions)}.
     *
     * @param config names the thread
     * @return the snapshots
     */
    default List<StateSnapshot<S>> getStateHistory(RunConfig config) {
        return getStateHistory(config, ListOptions.ALL);
    }

    /**
     * Writes to a thread's state as if a node had returned the update: the update goes through the
     * channels' reducers, and the node's edges and routes decide what runs next. Creates a
     * checkpoint with source {@code update} whose metadata names the node under {@link
     * dev.switchboard.runtime.checkpoint.CheckpointMetadata#AS_NODE}; on an older checkpoint, it
     * forks the history.
     *
     * @param config names the thread, and optionally the checkpoint to update
     * @param update the writes
     * @param asNode the node to attribute the update to; {@code null} for the node that wrote last
     * @return a configuration pointing at the new checkpoint
     * @throws InvalidUpdateException if the node does not exist or the update cannot be applied
     */
    RunConfig updateState(RunConfig config, StateUpdate update, String asNode);

    /**
     * {@link #updateState(RunConfig, StateUpdate, String)} attributed to the node that wrote last.
     *
     * @param config names the thread
     * @param update the writes
     * @return a configuration pointing at the new checkpoint
     */
    default RunConfig updateState(RunConfig config, StateUpdate update) {
        return updateState(config, update, null);
    }

    /**
     * Applies several supersteps of updates, each superstep's updates together, each superstep a
     * new checkpoint.
     *
     * @param config names the thread, and optionally the checkpoint to start from
     * @param supersteps the updates of each superstep
     * @return a configuration pointing at the last new checkpoint
     */
    RunConfig bulkUpdateState(RunConfig config, List<List<NodeUpdate>> supersteps);

    /**
     * What the graph does, for people and models: {@code @Graph(description)} or the first
     * paragraph of the graph class's javadoc. Servers show it as the assistant's, MCP tool's and A2A
     * agent's description.
     *
     * @return the description, or {@code ""} when the graph has none
     */
    default String description() {
        return "";
    }

    /**
     * The graph as a Mermaid flowchart.
     *
     * @return the diagram source
     */
    String mermaid();

    /**
     * The graph as a Mermaid flowchart, with {@code xray} each subgraph node drawn as a box holding
     * its graph's nodes, at every depth (LangGraph's {@code get_graph(xray=True)}). Arrows into a
     * subgraph node lead to its graph's first nodes, arrows out of it leave from its last ones.
     *
     * @param xray whether to draw subgraphs inside their nodes
     * @return the diagram source; the same as {@link #mermaid()} for a graph without subgraph nodes
     */
    default String mermaid(boolean xray) {
        return mermaid();
    }

    /**
     * What the graph reads and writes by channel name: its state, input and output channels with
     * their types, and updates built from values by name (see {@link GraphSchema}).
     *
     * @return the schema
     * @throws UnsupportedOperationException if this implementation has none
     */
    default GraphSchema schema() {
        throw new UnsupportedOperationException(getClass().getName() + " does not describe its channels");
    }

    /**
     * The subgraphs the graph's nodes run, at every depth, outermost first, as the annotation
     * processor found them: a subgraph node whose method returns a generated graph type. A graph
     * that runs itself further down is listed once.
     *
     * @return the subgraphs; empty for a graph without subgraph nodes
     */
    default List<SubgraphSchema> subgraphs() {
        return List.of();
    }

    /**
     * The JSON Schema of the input record.
     *
     * @return the schema as JSON text
     */
    String inputJsonSchema();

    /**
     * The JSON Schema of the output record.
     *
     * @return the schema as JSON text
     */
    String outputJsonSchema();
}
