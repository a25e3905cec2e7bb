package dev.switchboard.runtime;

import java.util.Objects;

/**
 * A message to run one node with its own input: the node runs in the next superstep as a separate
 * task that receives {@link #payload()} instead of the graph state. Returned from routes or put in
 * a {@link Command}'s goto, several {@code Send}s to one node give map-reduce fan-out.
 *
 * <p>The payload is passed to the node's method as its parameter. A route declared to return
 * {@code Send<P>} is checked at compile time against the parameter of every node it may send to;
 * where the type cannot say (a {@code Command}, {@code Send<?>}), the generated {@code
 * XGraph.Sends} factories build sends typed by their node ({@code XGraph.Sends.worker(item)}).
 *
 * @param node the node to run
 * @param payload the node's input, of the type its method declares
 * @param <P> the payload type
 */
public record Send<P>(String node, P payload) {
    /**
     * Creates a send.
     *
     * @param node the node to run
     * @param payload the node's input
     */
    public Send {
        Objects.requireNonNull(node, "node");
        Objects.requireNonNull(payload, "payload");
    }

    /**
     * Shorthand for {@code new Send<>(node, payload)}.
     *
     * @param node the node to run
     * @param payload the node's input
     * @param <P> the payload type
     * @return the send
     */
    public static <P> Send<P> to(String node, P payload) {
        return new Send<>(node, payload);
    }
}
