package dev.switchboard.runtime.error;

/**
 * Stable error codes, the same as LangGraph's {@code lc_error_code}s, so that code and dashboards
 * written against LangGraph's errors carry over, and a few of Switchboard's own.
 */
public enum ErrorCode {
    /** The run exceeded its recursion limit (supersteps per invocation). */
    GRAPH_RECURSION_LIMIT,
    /** A channel received writes in one superstep that it cannot combine. */
    INVALID_CONCURRENT_GRAPH_UPDATE,
    /** A node returned something that is not an update, a command or nothing. */
    INVALID_GRAPH_NODE_RETURN_VALUE,
    /** A node called more than one subgraph in a way that cannot be checkpointed. */
    MULTIPLE_SUBGRAPHS,
    /** An operation needs a checkpointer and the graph has none. */
    MISSING_CHECKPOINTER,
    /**
     * The graph declares a run context ({@code @Graph(context = ...)}) and the run was started
     * without one, or with one of another type.
     */
    MISSING_CONTEXT,
    /**
     * A task that ran again asked for a durable step under another name, or in another order, than
     * the steps it recorded before: its code is not deterministic, so the recorded result would
     * answer the wrong work (as Temporal's non-determinism error). Not a LangGraph code.
     */
    STEP_MISMATCH,
    /**
     * A checkpoint was written by a newer version of the graph's stored schema ({@code
     * @Graph(version)}) than the running code has, so the code cannot read it; nothing was written.
     * Switchboard's own code, as LangGraph has no versioned schemas.
     */
    SCHEMA_TOO_NEW,
    /**
     * A thread waits for a node (its next task, or a pending {@code Send}) that the running code no
     * longer has, so resuming it would skip that node; nothing was written. Switchboard's own code.
     */
    SCHEMA_NODE_REMOVED
}
