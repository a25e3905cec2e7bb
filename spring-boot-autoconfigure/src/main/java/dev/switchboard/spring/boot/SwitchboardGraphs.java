package dev.switchboard.spring.boot;

import dev.switchboard.runtime.GraphBuilder;
import dev.switchboard.runtime.RunListener;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Builds generated graphs configured from the application context: the context's
 * {@link CheckpointSaver} (when there is one), every {@link RunListener} bean (tracing and metrics
 * listeners included) and every {@link SwitchboardBuilderCustomizer}. Node
 * classes are ordinary beans with injected dependencies; a graph is a bean too:
 *
 * <pre>{@code
 * @Bean
 * SupportDeskGraph supportDesk(SupportDesk nodes, SwitchboardGraphs graphs) {
 *     return graphs.build(SupportDeskGraph.builder(nodes));
 * }
 * }</pre>
 */
public final class SwitchboardGraphs {
    private final Optional<CheckpointSaver> saver;
    private final List<SwitchboardBuilderCustomizer> customizers;
    private final List<RunListener> listeners;

    /**
     * Creates the factory; the auto-configuration declares one.
     *
     * @param saver the saver every graph gets, if any
     * @param customizers run on every builder, in order
     * @param listeners added to every graph, in order
     */
    public SwitchboardGraphs(
            Optional<CheckpointSaver> saver,
            List<SwitchboardBuilderCustomizer> customizers,
            List<RunListener> listeners) {
        this.saver = Objects.requireNonNull(saver, "saver");
        this.customizers = List.copyOf(customizers);
        this.listeners = List.copyOf(listeners);
    }

    /**
     * Configures a builder from the context and builds its graph. A saver the builder already has
     * is kept: a graph that needs its own store sets it before calling this.
     *
     * @param builder a generated graph's builder, with its nodes
     * @param <B> the builder type
     * @param <G> the graph type
     * @return the built graph
     */
    public <B extends GraphBuilder<B, G>, G> G build(B builder) {
        Objects.requireNonNull(builder, "builder");
        if (builder.checkpointer().isEmpty()) {
            saver.ifPresent(builder::checkpointer);
        }
        for (RunListener listener : listeners) {
            builder.listener(listener);
        }
        for (SwitchboardBuilderCustomizer customizer : customizers) {
            customizer.customize(builder);
        }
        return builder.build();
    }

    /**
     * Returns the saver graphs get.
     *
     * @return the context's checkpoint saver, or empty when checkpoints are off
     */
    public Optional<CheckpointSaver> saver() {
        return saver;
    }
}
