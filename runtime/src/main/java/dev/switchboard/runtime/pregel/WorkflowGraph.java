package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.CompiledGraph;
import dev.switchboard.runtime.GraphBuilder;
import dev.switchboard.runtime.GraphOutput;
import dev.switchboard.runtime.NodeUpdate;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.StreamPart;
import dev.switchboard.runtime.WorkflowInput;
import dev.switchboard.runtime.spi.GraphDefinition;
import dev.switchboard.runtime.spi.NodeDispatcher;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;

/**
 * The base class of every generated functional workflow ({@code <Class>Workflow}, from an {@code
 * @Entrypoint} and its {@code @Task}s): a compiled graph on the same runtime as a state graph, with
 * one node, its entrypoint, whose state is the entrypoint's return value. As a {@link
 * CompiledGraph} it takes a {@link WorkflowInput}; the methods here take the entrypoint's input
 * itself. Resume a paused run with {@link #resume(RunConfig)} or a {@code Command.resume(value)}.
 *
 * @param <I> the entrypoint's input type
 * @param <O> its output type (the state)
 */
public abstract class WorkflowGraph<I, O> extends PregelGraph<O, WorkflowInput<I>, O> {
    /**
     * For generated subclasses.
     *
     * @param definition the generated workflow definition
     * @param dispatcher calls the entrypoint method
     * @param settings the builder's settings
     */
    protected WorkflowGraph(GraphDefinition definition, NodeDispatcher dispatcher, GraphBuilder<?, ?> settings) {
        super(definition, dispatcher, settings);
    }

    /**
     * Runs the workflow with an input and the default configuration.
     *
     * @param input the entrypoint's input
     * @return the output
     */
    public GraphOutput<O> invoke(I input) {
        return invoke(WorkflowInput.of(input), RunConfig.defaults());
    }

    /**
     * Runs the workflow with an input.
     *
     * @param input the entrypoint's input
     * @param config the run configuration
     * @return the output, or the interrupts it paused at
     */
    public GraphOutput<O> invoke(I input, RunConfig config) {
        return invoke(WorkflowInput.of(input), config);
    }

    /**
     * Runs the workflow asynchronously.
     *
     * @param input the entrypoint's input
     * @param config the run configuration
     * @return the output's future
     */
    public CompletableFuture<GraphOutput<O>> invokeAsync(I input, RunConfig config) {
        return invokeAsync(WorkflowInput.of(input), config);
    }

    /**
     * Streams a run of the workflow; with no mode given, {@link StreamMode#UPDATES}, LangGraph's
     * default for an entrypoint: one update per task call, then the entrypoint's.
     *
     * @param input the entrypoint's input
     * @param config the run configuration
     * @param modes the stream modes
     * @return the parts
     */
    public Stream<StreamPart<O>> stream(I input, RunConfig config, StreamMode... modes) {
        return stream(
                WorkflowInput.of(input), config, modes.length == 0 ? new StreamMode[] {StreamMode.UPDATES} : modes);
    }

    /**
     * Not supported: a workflow's state is what its entrypoint returned, which no update sets.
     *
     * @throws UnsupportedOperationException always
     */
    @Override
    public RunConfig bulkUpdateState(RunConfig config, List<List<NodeUpdate>> supersteps) {
        throw new UnsupportedOperationException("workflow '" + name() + "' has no state to update: its state is"
                + " what its entrypoint returned; start a run with a new input instead");
    }

    /** The value a workflow run's input carries; a clear failure for any other update. */
    static Object inputValue(GraphSpec spec, Object input) {
        if (input instanceof WorkflowInput<?> w) {
            return w.value();
        }
        throw new IllegalArgumentException("workflow '" + spec.name + "' takes its entrypoint's input (as a"
                + " WorkflowInput), not " + input.getClass().getName());
    }
}
