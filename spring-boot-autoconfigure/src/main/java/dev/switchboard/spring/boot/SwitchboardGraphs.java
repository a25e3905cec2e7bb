package dev.switchboard.spring.boot;

import dev.switchboard.runtime.GraphBuilder;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Builds generated graphs configured from the application context: the context's
 * {@link CheckpointSaver} (when there is one) and every {@link SwitchboardBuilderCustomizer}. Node
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

    /**
     * Creates the factory; the auto-configuration declares one.
     *
     * @param saver the saver every graph gets, if any
     * @param customizers run on every builder, in order
     */
    public SwitchboardGraphs(Optional<CheckpointSaver> saver, List<SwitchboardBuilderCustomizer> customizers) {
        this.saver = Objects.requireNonNull(saver, "saver");
        this.customizers = List.copyOf(customizers);
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
