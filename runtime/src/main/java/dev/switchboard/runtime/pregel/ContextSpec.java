package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.error.ErrorCode;
import dev.switchboard.runtime.error.GraphException;
import java.util.function.Predicate;

/**
 * The run context a graph declares with {@code @Graph(context = Ctx.class)}: its type's name and a
 * generated {@code instanceof} test, so a run is checked before its first step without reflection.
 */
record ContextSpec(String typeName, Predicate<Object> accepts) {
    /**
     * Fails a run that lacks the context or carries one of another type.
     *
     * @param graph the graph's name
     * @param config the run's configuration (for a subgraph, its parent's)
     * @param subgraph whether the graph runs as a subgraph, which inherits its parent's context
     */
    void check(String graph, RunConfig config, boolean subgraph) {
        Object context = config.context().orElse(null);
        if (context == null) {
            throw new GraphException(
                    subgraph
                            ? "subgraph '" + graph + "' declares a run context of type " + typeName
                                    + ", but its parent run has none; start the parent with"
                                    + " RunConfig.withContext(...) holding a " + typeName
                            : "graph '" + graph + "' declares a run context of type " + typeName
                                    + "; pass one with RunConfig.withContext(...) or invoke(input, config, context)",
                    ErrorCode.MISSING_CONTEXT,
                    null);
        }
        if (!accepts.test(context)) {
            throw new GraphException(
                    (subgraph ? "subgraph '" : "graph '") + graph + "' declares a run context of type " + typeName
                            + ", but the run's context is a "
                            + context.getClass().getName()
                            + "; pass a " + typeName,
                    ErrorCode.MISSING_CONTEXT,
                    null);
        }
    }
}
