package dev.switchboard.runtime.pregel;

/**
 * Tells the runtime's control signals from failures, for code that catches broadly around calls
 * that may pause or hand control to a parent graph: {@code NodeContext.interrupt}, a subgraph run
 * with {@code NodeContext.invoke} that paused, or a {@code Command.toParent()} from a subgraph. Such
 * code must rethrow a signal (LangGraph's {@code GraphBubbleUp}); a node that swallows one fails.
 */
public final class ControlSignals {
    private ControlSignals() {}

    /**
     * Whether a throwable is one of the runtime's control signals rather than a failure.
     *
     * @param t what was caught
     * @return {@code true} for a pause or a command to the parent graph, which must be rethrown
     */
    public static boolean isSignal(Throwable t) {
        return t instanceof NodeInterrupt || t instanceof ParentCommand;
    }
}
