package dev.switchboard.runtime;

import dev.switchboard.runtime.error.GraphException;
import java.time.Duration;

/**
 * A node ran longer than its timeout ({@code @Timeout} or {@code GraphBuilder.timeout}); its
 * thread was interrupted and the attempt failed. Retry policies retry it by default.
 */
public final class NodeTimeoutException extends GraphException {
    private static final long serialVersionUID = 1L;

    private final String node;
    private final transient Duration timeout;

    /**
     * Creates the exception.
     *
     * @param node the node that timed out
     * @param step the superstep
     * @param timeout the limit it exceeded
     */
    public NodeTimeoutException(String node, int step, Duration timeout) {
        super("node '" + node + "' timed out after " + timeout.toMillis() + " ms in step " + step, null, null);
        this.node = node;
        this.timeout = timeout;
    }

    /**
     * The node that timed out.
     *
     * @return the node name
     */
    public String node() {
        return node;
    }

    /**
     * The limit it exceeded.
     *
     * @return the timeout
     */
    public Duration timeout() {
        return timeout;
    }

    private NodeTimeoutException(NodeTimeoutException original) {
        super(original);
        this.node = original.node;
        this.timeout = original.timeout;
    }

    @Override
    public NodeTimeoutException rethrownHere() {
        return new NodeTimeoutException(this);
    }
}
