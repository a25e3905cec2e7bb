package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.CompiledGraph;
import dev.switchboard.runtime.GraphBuilder;
import dev.switchboard.runtime.GraphOutput;
import dev.switchboard.runtime.GraphSchema;
import dev.switchboard.runtime.HistoryEntry;
import dev.switchboard.runtime.NodeUpdate;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StateSnapshot;
import dev.switchboard.runtime.StateUpdate;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.StreamPart;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.runtime.checkpoint.CheckpointTuple;
import dev.switchboard.runtime.checkpoint.ListOptions;
import dev.switchboard.runtime.internal.GraphSchemas;
import dev.switchboard.runtime.serde.JsonSerde;
import dev.switchboard.runtime.spi.GraphDefinition;
import dev.switchboard.runtime.spi.NodeDispatcher;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.Flow;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * The base class of every generated graph: runs a {@link GraphDefinition} with the generated node
 * dispatcher on the Pregel loop, with the builder's executor and checkpointer. Generated subclasses
 * add the builder and the diagram and schema constants.
 *
 * @param <S> the state record type
 * @param <I> the input update type
 * @param <O> the output record type
 */
public abstract class PregelGraph<S, I extends StateUpdate, O> implements CompiledGraph<S, I, O> {
    private static final String ROOT = "";

    private final GraphSpec spec;
    private final NodeDispatcher dispatcher;
    private final Executor executor;
    private final CheckpointSaver saver;
    private final Codecs codecs;
    private final JsonSerde serde;
    private final Set<String> interruptBefore;
    private final Set<String> interruptAfter;
    private final NodePolicies policies;
    private final GraphSchema schema;
    /** What a finished invoke leaves for the next run to reuse (see {@link PregelLoop#release}). */
    private final AtomicReference<RunSpares> spares = new AtomicReference<>();

    /**
     * For generated subclasses.
     *
     * @param definition the generated graph definition
     * @param dispatcher calls the node and route methods
     * @param settings the builder's settings
     */
    protected PregelGraph(GraphDefinition definition, NodeDispatcher dispatcher, GraphBuilder<?, ?> settings) {
        this.spec = GraphSpec.of(Objects.requireNonNull(definition, "definition"));
        this.schema = GraphSchemas.of(definition);
        this.dispatcher = Objects.requireNonNull(dispatcher, "dispatcher");
        this.executor = settings.executor().orElse(RuntimePools.TASKS);
        this.saver = settings.checkpointer().orElse(null);
        this.serde = new JsonSerde(settings.serdeLimits(), spec.sealedTypes, spec.codecs);
        this.codecs = new Codecs(spec, serde);
        this.interruptBefore = settings.interruptBefore();
        this.interruptAfter = settings.interruptAfter();
        Breakpoints.of(spec, interruptBefore, interruptAfter); // validates the names now
        this.policies = new NodePolicies(spec, settings, codecs, getClass().getName());
        if (saver == null && !(interruptBefore.isEmpty() && interruptAfter.isEmpty())) {
            throw new IllegalStateException("graph '" + spec.name() + "' has breakpoints but no checkpointer;"
                    + " a paused run can only be resumed from a checkpoint, so add .checkpointer(...)");
        }
    }

    @Override
    public String name() {
        return spec.name();
    }

    @Override
    public GraphSchema schema() {
        return schema;
    }

    /**
     * How many calls to this graph's {@link dev.switchboard.runtime.RunListener}s threw (each such
     * listener is logged once; its failures never break a run).
     *
     * @return the count since the graph was built; 0 without listeners
     */
    public long listenerFailures() {
        return policies.listeners == null ? 0 : policies.listeners.failures();
    }

    @Override
    public GraphOutput<O> invoke(I input, RunConfig config) {
        checkContext(config);
        return run(loop(config, EventSink.NONE, Cancellation.synchronous(config)), input);
    }

    @Override
    public GraphOutput<O> invoke(Command<?> command, RunConfig config) {
        checkContext(config);
        Objects.requireNonNull(command, "command");
        return run(loop(config, EventSink.NONE, Cancellation.synchronous(config)), command);
    }

    @SuppressWarnings("unchecked")
    private GraphOutput<O> run(PregelLoop loop, Object input) {
        O value = (O) loop.run(input);
        GraphOutput<O> out = new GraphOutput<>(value, loop.paused(), loop.interrupts());
        loop.release();
        return out;
    }

    @Override
    public CompletableFuture<GraphOutput<O>> invokeAsync(I input, RunConfig config) {
        return invokeAsync(input, config, RuntimePools.RUNS);
    }

    @Override
    public CompletableFuture<GraphOutput<O>> invokeAsync(I input, RunConfig config, Executor runOn) {
        return async(config, input, runOn);
    }

    @Override
    public CompletableFuture<GraphOutput<O>> invokeAsync(Command<?> command, RunConfig config) {
        return async(config, Objects.requireNonNull(command, "command"), RuntimePools.RUNS);
    }

    private CompletableFuture<GraphOutput<O>> async(RunConfig config, Object input, Executor runOn) {
        checkContext(config);
        Objects.requireNonNull(runOn, "executor");
        Cancellation cancellation = Cancellation.of(config);
        PregelLoop loop = loop(config, EventSink.NONE, cancellation);
        CompletableFuture<GraphOutput<O>> future = new CompletableFuture<>() {
            @Override
            public boolean cancel(boolean mayInterruptIfRunning) {
                cancellation.cancel(); // the loop sees it at the next superstep boundary
                return super.cancel(mayInterruptIfRunning);
            }
        };
        future.whenComplete((r, e) -> cancellation.cancel()); // orTimeout, completeExceptionally, ...
        try {
            runOn.execute(() -> {
                if (future.isDone()) {
                    return; // cancelled before it started
                }
                try {
                    future.complete(run(loop, input));
                } catch (Throwable e) {
                    future.completeExceptionally(e);
                }
            });
        } catch (RejectedExecutionException e) {
            future.completeExceptionally(e);
        }
        return future;
    }

    @Override
    public Flow.Publisher<StreamPart<S>> streamAsync(I input, RunConfig config, StreamMode... modes) {
        Objects.requireNonNull(config, "config");
        Objects.requireNonNull(modes, "modes");
        return new RunPublisher<>(() -> stream(input, config, modes), RuntimePools.RUNS);
    }

    @Override
    public Flow.Publisher<StreamPart<S>> streamAsync(Command<?> command, RunConfig config, StreamMode... modes) {
        Objects.requireNonNull(command, "command");
        Objects.requireNonNull(config, "config");
        Objects.requireNonNull(modes, "modes");
        return new RunPublisher<>(() -> stream(command, config, modes), RuntimePools.RUNS);
    }

    @Override
    public Stream<StreamPart<S>> stream(I input, RunConfig config, StreamMode... modes) {
        return stream(config, modes, loop -> loop.run(input));
    }

    @Override
    public Stream<StreamPart<S>> stream(Command<?> command, RunConfig config, StreamMode... modes) {
        Objects.requireNonNull(command, "command");
        return stream(config, modes, loop -> loop.run(command));
    }

    private Stream<StreamPart<S>> stream(RunConfig config, StreamMode[] modes, Function<PregelLoop, Object> body) {
        checkContext(config);
        StreamRun<S> run = new StreamRun<>(modeSet(modes));
        Cancellation cancellation = Cancellation.of(config);
        PregelLoop loop = loop(config, run, cancellation);
        return run.start(() -> body.apply(loop), cancellation);
    }

    private static EnumSet<StreamMode> modeSet(StreamMode[] modes) {
        EnumSet<StreamMode> set = EnumSet.noneOf(StreamMode.class);
        for (StreamMode m : Objects.requireNonNull(modes, "modes")) {
            set.add(Objects.requireNonNull(m, "modes[]"));
        }
        if (set.isEmpty()) {
            set.add(StreamMode.VALUES);
        }
        return set;
    }

    @Override
    public void streamTo(I input, RunConfig config, Consumer<? super StreamPart<S>> sink, StreamMode... modes) {
        streamTo(config, modes, sink, loop -> loop.run(input));
    }

    @Override
    public void streamTo(
            Command<?> command, RunConfig config, Consumer<? super StreamPart<S>> sink, StreamMode... modes) {
        Objects.requireNonNull(command, "command");
        streamTo(config, modes, sink, loop -> loop.run(command));
    }

    @SuppressWarnings("unchecked")
    private void streamTo(
            RunConfig config,
            StreamMode[] modes,
            Consumer<? super StreamPart<S>> sink,
            Function<PregelLoop, Object> body) {
        checkContext(config);
        Objects.requireNonNull(sink, "sink");
        Cancellation cancellation = Cancellation.of(config);
        // the loop emits parts of this graph's state type: the cast only widens what the sink sees
        SinkRun run = new SinkRun(modeSet(modes), part -> sink.accept((StreamPart<S>) part), cancellation);
        PregelLoop loop = loop(config, run, cancellation);
        try {
            body.apply(loop);
        } catch (RuntimeException | Error e) {
            run.rethrowConsumerFailure(); // the cancellation the sink caused, not a failure of the run
            throw e;
        }
        run.rethrowConsumerFailure();
    }

    @Override
    public StateSnapshot<S> getState(RunConfig config, boolean subgraphs) {
        RunScope scope = stateScope(config);
        StoredState at = StoredState.load(spec, scope.persistence, config.checkpointId());
        Supplier<StoredState> reload = () ->
                StoredState.load(spec, stateScope(config).persistence, Optional.ofNullable(at.cursor.checkpointId));
        return Snapshots.of(at, config.checkpointId().isEmpty(), subgraphs ? scope : null, reload);
    }

    @Override
    public StateSnapshot<?> getSubgraphState(RunConfig config) {
        SubgraphAddress.Opened at = subgraphAt(config);
        Supplier<StoredState> reload = () -> subgraphAt(config.withCheckpointId(at.state().cursor.checkpointId))
                .state();
        return Snapshots.of(at.state(), config.checkpointId().isEmpty(), at.scope(), reload);
    }

    /** The subgraph checkpoint a namespaced config addresses, with the scope to read and update it in. */
    private SubgraphAddress.Opened subgraphAt(RunConfig config) {
        if (Objects.requireNonNull(config, "config").checkpointNamespace().isEmpty()) {
            throw new IllegalArgumentException("getSubgraphState needs a config with a subgraph's checkpoint"
                    + " namespace (a subgraph snapshot's config); for the graph's own state use getState");
        }
        RunScope root = stateScope(RunConfig.thread(requireThread(config)));
        return SubgraphAddress.open(root, StoredState.load(spec, root.persistence, Optional.empty()), config);
    }

    @Override
    public List<StateSnapshot<S>> getStateHistory(RunConfig config, ListOptions options) {
        Objects.requireNonNull(options, "options");
        requireThread(config);
        Persistence persistence = stateScope(config).persistence;
        List<StateSnapshot<S>> out = new ArrayList<>();
        for (CheckpointTuple tuple : persistence.saver.list(persistence.threadId, ROOT, options)) {
            out.add(Snapshots.of(StoredState.of(spec, persistence, tuple, null)));
        }
        return out;
    }

    @Override
    public List<HistoryEntry<S>> listStateHistory(RunConfig config, ListOptions options) {
        Objects.requireNonNull(options, "options");
        requireThread(config);
        Persistence persistence = stateScope(config).persistence;
        boolean[] control = Snapshots.controlChannels(spec);
        List<HistoryEntry<S>> out = new ArrayList<>();
        for (CheckpointTuple tuple : persistence.saver.list(persistence.threadId, ROOT, options)) {
            StoredState at = StoredState.of(spec, persistence, tuple, control);
            out.add(Snapshots.entry(at, () -> Snapshots.of(StoredState.of(spec, persistence, tuple, null))));
        }
        return out;
    }

    @Override
    public RunConfig updateState(RunConfig config, StateUpdate update, String asNode) {
        Objects.requireNonNull(update, "update");
        return bulkUpdateState(config, List.of(List.of(new NodeUpdate(update, asNode))));
    }

    @Override
    public RunConfig bulkUpdateState(RunConfig config, List<List<NodeUpdate>> supersteps) {
        Objects.requireNonNull(supersteps, "supersteps");
        if (supersteps.isEmpty()) {
            throw new IllegalArgumentException("no supersteps of updates given");
        }
        RunConfig current = config;
        if (!config.checkpointNamespace().isEmpty()) {
            // Time travel into a subgraph: the update forks the subgraph's history there, and the
            // parent, resumed, continues the subgraph from it.
            for (List<NodeUpdate> superstep : supersteps) {
                SubgraphAddress.Opened at = subgraphAt(current);
                String id = Snapshots.update(at.state(), at.scope(), superstep);
                current = current.withCheckpointId(id);
            }
            return current;
        }
        for (List<NodeUpdate> superstep : supersteps) {
            RunScope scope = stateScope(current);
            StoredState at = StoredState.load(spec, scope.persistence, current.checkpointId());
            String id = Snapshots.update(at, scope, superstep);
            current = RunConfig.thread(requireThread(config)).withCheckpointId(id);
        }
        return current;
    }

    /** The loop of this graph as a subgraph of a task of {@code parent}, in its own namespace. */
    PregelLoop childLoop(RunScope parent, List<String> namespace, EventSink sink) {
        return new PregelLoop(
                childScope(parent, namespace, sink), Breakpoints.of(spec, interruptBefore, interruptAfter), null);
    }

    /** This graph's run scope as a subgraph of a task of {@code parent}: its own namespace, the parent's thread. */
    RunScope childScope(RunScope parent, List<String> namespace, EventSink sink) {
        return childScope(parent, namespace, sink, null);
    }

    /** {@link #childScope(RunScope, List, EventSink)} at a given checkpoint of its namespace, or its head. */
    RunScope childScope(RunScope parent, List<String> namespace, EventSink sink, String checkpointId) {
        RunConfig config = parent.config;
        Persistence persistence = null;
        if (parent.persistence != null) {
            String thread = parent.persistence.threadId;
            config = config.withThread(thread);
            if (checkpointId != null) {
                config = config.withCheckpointId(checkpointId);
            }
            persistence = new Persistence(
                    parent.persistence.saver,
                    thread,
                    String.join("|", namespace),
                    config.durability(),
                    spec,
                    codecs,
                    serde);
        }
        return new RunScope(
                spec,
                dispatcher,
                executor,
                policies,
                config,
                sink,
                persistence,
                parent.cancellation,
                parent,
                namespace);
    }

    /** A subgraph run inherits its parent's context, which must be of the type this graph declares. */
    void checkSubgraphContext(RunConfig parentConfig) {
        if (spec.context != null) {
            spec.context.check(spec.name, parentConfig, true);
        }
    }

    /** A run of a graph that declares a context fails before its first step without one. */
    private void checkContext(RunConfig config) {
        if (spec.context != null) {
            spec.context.check(spec.name, Objects.requireNonNull(config, "config"), false);
        }
    }

    /** This graph's stored state under a child scope (see {@link #childScope}). */
    StoredState storedState(RunScope scope) {
        return StoredState.load(spec, scope.persistence, scope.config.checkpointId());
    }

    /** The scope the state API runs routes and subgraph lookups in: no events, no cancellation. */
    private RunScope stateScope(RunConfig config) {
        requireSaver(config);
        return scope(config, EventSink.NONE, Cancellation.NEVER);
    }

    private CheckpointSaver requireSaver(RunConfig config) {
        CheckpointSaver saver = saverOf(config);
        if (saver == null) {
            throw new IllegalStateException("graph '" + spec.name() + "' has no checkpointer; build it with"
                    + " .checkpointer(...) to keep, inspect and update state");
        }
        return saver;
    }

    private String requireThread(RunConfig config) {
        return Objects.requireNonNull(config, "config")
                .threadId()
                .orElseThrow(() -> new IllegalArgumentException("graph '" + spec.name() + "' has a checkpointer, so"
                        + " runs need a thread: use RunConfig.thread(id)"));
    }

    /** The run's own checkpointer when its config names one (LangGraph's config-level checkpointer), else the graph's. */
    private CheckpointSaver saverOf(RunConfig config) {
        return Objects.requireNonNull(config, "config").checkpointer().orElse(saver);
    }

    private PregelLoop loop(RunConfig config, EventSink sink, Cancellation cancellation) {
        Breakpoints breakpoints = Breakpoints.of(
                spec,
                config.interruptBefore().orElse(interruptBefore),
                config.interruptAfter().orElse(interruptAfter));
        return new PregelLoop(scope(config, sink, cancellation), breakpoints, spares);
    }

    private RunScope scope(RunConfig config, EventSink sink, Cancellation cancellation) {
        if (!Objects.requireNonNull(config, "config").checkpointNamespace().isEmpty()) {
            throw new IllegalArgumentException("config addresses the subgraph namespace '"
                    + config.checkpointNamespace() + "'; read it with getSubgraphState(config), fork it with"
                    + " updateState(config, ...), then resume this graph's thread (its own namespace)");
        }
        CheckpointSaver runSaver = ControlledSaver.of(saverOf(config), config);
        Persistence persistence = runSaver == null
                ? null
                : new Persistence(runSaver, requireThread(config), ROOT, config.durability(), spec, codecs, serde);
        if (persistence != null) {
            persistence.threadMetadata(config.threadMetadata());
        }
        return new RunScope(
                spec, dispatcher, executor, policies, config, sink, persistence, cancellation, null, List.of());
    }
}
