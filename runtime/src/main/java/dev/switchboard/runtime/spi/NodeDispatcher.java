package dev.switchboard.runtime.spi;

import dev.switchboard.runtime.NodeContext;

/**
 * Implemented by generated graphs and by extension modules' graphs: calls node and route
 * methods by index with a {@code switch}, so that the runtime never needs reflection.
 *
 * <p>Service provider interface, for code the Switchboard processor generates and for extension
 * modules that build graphs without it; not for application code. Compatible within a release
 * line, as the {@linkplain dev.switchboard.runtime.spi package} promises.
 */
public interface NodeDispatcher {
    /** What {@link #node} returns for a {@code void} node method. */
    Object NO_WRITES = new Object() {
        @Override
        public String toString() {
            return "NO_WRITES";
        }
    };

    /**
     * Calls a node method.
     *
     * @param node the node index in the graph spec (0 is the start pseudo-node, never called)
     * @param input the state record, projection record or {@code Send} payload
     * @param context the task's context
     * @return what the method returned, or {@link #NO_WRITES} for {@code void} methods
     * @throws Exception whatever the method throws
     */
    Object node(int node, Object input, NodeContext context) throws Exception;

    /**
     * Calls a route method.
     *
     * @param route the route index in the graph spec
     * @param state the state, with the source node's own writes applied
     * @param context the source task's context
     * @return what the method returned
     * @throws Exception whatever the method throws
     */
    Object route(int route, Object state, NodeContext context) throws Exception;

    /**
     * Calls a node's {@code @OnError} handler; only called for nodes the graph spec declares a
     * handler for.
     *
     * @param node the node index
     * @param input the input the failed node was given
     * @param error what the node threw (its own exception, or a {@code NodeTimeoutException})
     * @param context the task's context
     * @return what the handler returned, as a node result
     * @throws Exception whatever the handler throws
     */
    default Object onError(int node, Object input, Throwable error, NodeContext context) throws Exception {
        throw new IllegalStateException("node #" + node + " has no error handler");
    }
}
