package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.CompiledGraph;
import dev.switchboard.runtime.GraphBuilder;
import dev.switchboard.runtime.GraphOutput;
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
import dev.switchboard.runtime.internal.NodeDispatcher;
import dev.switchboard.runtime.serde.JsonSerde;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.Flow;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * The base class of every generated graph: runs a {@link GraphSpec} with the generated node
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

    /**
     * For generated subclasses.
     *
     * @param spec the compiled definition
     * @param dispatcher calls the node and route methods
     * @param settings the builder's settings
     */
    protected PregelGraph(GraphSpec spec, NodeDispatcher dispatcher, GraphBuilder<?, ?> settings) {
        this.spec = Objects.requireNonNull(spec, "spec");
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
    public GraphOutput<O> invoke(I input, RunConfig config) {
        return run(loop(config, EventSink.NONE, Cancellation.NEVER), input);
    }

    @Override
    public GraphOutput<O> invoke(Command<?> command, RunConfig config) {
        Objects.requireNonNull(command, "command");
        return run(loop(config, EventSink.NONE, Cancellation.NEVER), command);
    }

    @SuppressWarnings("unchecked")
    private GraphOutput<O> run(PregelLoop loop, Object input) {
        O value = (O) loop.run(input);
        return new GraphOutput<>(value, loop.paused(), loop.interrupts());
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
        Objects.requireNonNull(runOn, "executor");
        Cancellation cancellation = new Cancellation();
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
        EnumSet<StreamMode> set = EnumSet.noneOf(StreamMode.class);
        for (StreamMode m : Objects.requireNonNull(modes, "modes")) {
            set.add(Objects.requireNonNull(m, "modes[]"));
        }
        if (set.isEmpty()) {
            set.add(StreamMode.VALUES);
        }
        StreamRun<S> run = new StreamRun<>(set);
        Cancellation cancellation = new Cancellation();
        PregelLoop loop = loop(config, run, cancellation);
        return run.start(() -> body.apply(loop), cancellation);
    }

    @Override
    public StateSnapshot<S> getState(RunConfig config, boolean subgraphs) {
        PregelLoop loop = stateLoop(config);
        loop.load();
        Supplier<PregelLoop> reload = () -> {
            PregelLoop again = stateLoop(config.withCheckpointId(loop.checkpointId));
            again.load();
            return again;
        };
        return Snapshots.of(loop, config.checkpointId().isEmpty(), subgraphs, reload);
    }

    @Override
    public List<StateSnapshot<S>> getStateHistory(RunConfig config, ListOptions options) {
        Objects.requireNonNull(options, "options");
        String thread = requireThread(config);
        List<StateSnapshot<S>> out = new ArrayList<>();
        for (CheckpointTuple tuple : requireSaver().list(thread, ROOT, options)) {
            PregelLoop loop = stateLoop(config);
            loop.restore(tuple);
            out.add(Snapshots.of(loop));
        }
        return out;
    }

    @Override
    public List<HistoryEntry<S>> listStateHistory(RunConfig config, ListOptions options) {
        Objects.requireNonNull(options, "options");
        String thread = requireThread(config);
        boolean[] control = Snapshots.controlChannels(spec);
        List<HistoryEntry<S>> out = new ArrayList<>();
        for (CheckpointTuple tuple : requireSaver().list(thread, ROOT, options)) {
            PregelLoop loop = stateLoop(config);
            loop.restore(tuple, control);
            out.add(Snapshots.entry(loop, () -> {
                PregelLoop full = stateLoop(config);
                full.restore(tuple);
                return Snapshots.of(full);
            }));
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
        for (List<NodeUpdate> superstep : supersteps) {
            PregelLoop loop = stateLoop(current);
            loop.load();
            String id = Snapshots.update(loop, superstep);
            current = RunConfig.thread(requireThread(config)).withCheckpointId(id);
        }
        return current;
    }

    /** The loop of this graph as a subgraph of a task of {@code parent}, in its own namespace. */
    PregelLoop childLoop(PregelLoop parent, List<String> namespace, EventSink sink) {
        RunConfig config = parent.config;
        Persistence persistence = null;
        if (parent.persistence != null) {
            String thread = parent.persistence.threadId;
            config = config.withThread(thread);
            persistence = new Persistence(
                    parent.persistence.saver,
                    thread,
                    String.join("|", namespace),
                    config.durability(),
                    spec,
                    codecs,
                    serde);
        }
        PregelLoop loop = new PregelLoop(
                spec,
                dispatcher,
                executor,
                policies,
                config,
                sink,
                parent.cancellation(),
                persistence,
                Breakpoints.of(spec, interruptBefore, interruptAfter));
        loop.nestUnder(parent, namespace);
        return loop;
    }

    private PregelLoop stateLoop(RunConfig config) {
        requireSaver();
        return loop(config, EventSink.NONE, Cancellation.NEVER);
    }

    private CheckpointSaver requireSaver() {
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

    private PregelLoop loop(RunConfig config, EventSink sink, Cancellation cancellation) {
        Objects.requireNonNull(config, "config");
        Persistence persistence = saver == null
                ? null
                : new Persistence(saver, requireThread(config), ROOT, config.durability(), spec, codecs, serde);
        Breakpoints breakpoints = Breakpoints.of(
                spec,
                config.interruptBefore().orElse(interruptBefore),
                config.interruptAfter().orElse(interruptAfter));
        return new PregelLoop(
                spec, dispatcher, executor, policies, config, sink, cancellation, persistence, breakpoints);
    }
}
