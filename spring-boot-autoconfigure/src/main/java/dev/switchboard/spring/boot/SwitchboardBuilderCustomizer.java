package dev.switchboard.spring.boot;

import dev.switchboard.runtime.GraphBuilder;

/**
 * A bean that adjusts every graph builder {@link SwitchboardGraphs} builds, after the saver is set:
 * retry policies, breakpoints, a node cache. Declare several; they run in their {@code @Order}.
 */
@FunctionalInterface
public interface SwitchboardBuilderCustomizer {
    /**
     * Adjusts one builder before its graph is built.
     *
     * @param builder the generated graph's builder
     */
    void customize(GraphBuilder<?, ?> builder);
}
