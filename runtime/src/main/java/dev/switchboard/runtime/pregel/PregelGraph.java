package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.CompiledGraph;
import dev.switchboard.runtime.EmptyInputException;
import dev.switchboard.runtime.GraphBuilder;
import dev.switchboard.runtime.GraphOutput;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StateUpdate;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.StreamPart;
import dev.switchboard.runtime.internal.NodeDispatcher;
import java.util.EnumSet;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The base class of every generated graph: runs a {@link GraphSpec} with the generated node
 * dispatcher on the Pregel loop. Generated subclasses add the builder and the diagram and schema
 * constants.
 *
 * @param <S> the state record type
 * @param <I> the input update type
 * @param <O> the output record type
 */
public abstract class PregelGraph<S, I extends StateUpdate, O> implements CompiledGraph<S, I, O> {
    private final GraphSpec spec;
    private final NodeDispatcher dispatcher;
    private final Executor executor;

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
        this.executor = settings.executor().orElse(DefaultExecutor.INSTANCE);
    }

    @Override
    public String name() {
        return spec.name();
    }

    @Override
    public GraphOutput<O> invoke(I input, RunConfig config) {
        Objects.requireNonNull(config, "config");
        PregelLoop loop = loop(config, EventSink.NONE, Cancellation.NEVER);
        return output(input == null ? resume(loop) : loop.run(input));
    }

    @Override
    public GraphOutput<O> invoke(Command<?> command, RunConfig config) {
        Objects.requireNonNull(command, "command");
        Objects.requireNonNull(config, "config");
        return output(loop(config, EventSink.NONE, Cancellation.NEVER).run(command));
    }

    @Override
    public Stream<StreamPart<S>> stream(I input, RunConfig config, StreamMode... modes) {
        Objects.requireNonNull(config, "config");
        return stream(config, modes, loop -> input == null ? resume(loop) : loop.run(input));
    }

    @Override
    public Stream<StreamPart<S>> stream(Command<?> command, RunConfig config, StreamMode... modes) {
        Objects.requireNonNull(command, "command");
        Objects.requireNonNull(config, "config");
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

    private Object resume(PregelLoop loop) {
        throw new EmptyInputException("Received no input for " + spec.name() + ": there is nothing to resume"
                + " because the graph has no checkpointer; pass an input");
    }

    private PregelLoop loop(RunConfig config, EventSink sink, Cancellation cancellation) {
        return new PregelLoop(spec, dispatcher, executor, config, sink, cancellation);
    }

    @SuppressWarnings("unchecked")
    private GraphOutput<O> output(Object value) {
        return new GraphOutput<>((O) value);
    }
}
