package dev.switchboard.spring.boot;

import dev.switchboard.runtime.GraphBuilder;
import dev.switchboard.runtime.RunListener;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.runtime.store.Store;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Builds generated graphs configured from the application context: the context's
 * {@link CheckpointSaver} and {@link Store} (when there are), every {@link RunListener} bean (tracing and metrics
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
    private final Optional<Store> store;
    private final List<SwitchboardBuilderCustomizer> customizers;
    private final List<RunListener> listeners;

    /**
     * Creates the factory; the auto-configuration declares one.
     *
     * @param saver the saver every graph gets, if any
     * @param store the long-term memory store every graph gets, if any
     * @param customizers run on every builder, in order
     * @param listeners added to every graph, in order
     */
    public SwitchboardGraphs(
            Optional<CheckpointSaver> saver,
            Optional<Store> store,
            List<SwitchboardBuilderCustomizer> customizers,
            List<RunListener> listeners) {
        this.saver = Objects.requireNonNull(saver, "saver");
        this.store = Objects.requireNonNull(store, "store");
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
        if (builder.store().isEmpty()) {
            store.ifPresent(builder::store);
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
     * Returns the store graphs get.
     *
     * @return the context's long-term memory store, or empty
     */
    public Optional<Store> store() {
        return store;
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
