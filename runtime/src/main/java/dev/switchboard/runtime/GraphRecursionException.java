package dev.switchboard.runtime;

import dev.switchboard.runtime.error.ErrorCode;
import dev.switchboard.runtime.error.GraphException;

/**
 * The run reached its recursion limit (the number of supersteps one invocation may take) before
 * the graph finished. Raise the limit with {@link RunConfig#withRecursionLimit(int)} or add a stop
 * condition. LangGraph's {@code GraphRecursionError}.
 */
public final class GraphRecursionException extends GraphException {
    private static final long serialVersionUID = 1L;

    private final int limit;

    /**
     * Creates the exception.
     *
     * @param limit the recursion limit that was reached
     */
    public GraphRecursionException(int limit) {
        super(
                "Recursion limit of " + limit + " reached without hitting a stop condition. "
                        + "You can increase the limit with RunConfig.withRecursionLimit(int).",
                ErrorCode.GRAPH_RECURSION_LIMIT,
                null);
        this.limit = limit;
    }

    /**
     * The limit that was reached.
     *
     * @return the recursion limit of the run
     */
    public int limit() {
        return limit;
    }

    private GraphRecursionException(GraphRecursionException original) {
        super(original);
        this.limit = original.limit;
    }

    @Override
    public GraphRecursionException rethrownHere() {
        return new GraphRecursionException(this);
    }
}
