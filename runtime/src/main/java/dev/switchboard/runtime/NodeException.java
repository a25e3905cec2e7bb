package dev.switchboard.runtime;

/**
 * User code failed: a node, a route or an async result threw. The cause is the original exception;
 * the message names the node and the superstep it ran in.
 */
public final class NodeException extends GraphException {
    private static final long serialVersionUID = 1L;

    private final String node;
    private final int step;

    /**
     * Creates the exception.
     *
     * @param node the name of the node whose task failed
     * @param step the superstep the task ran in
     * @param cause what the user code threw
     */
    public NodeException(String node, int step, Throwable cause) {
        super("node '" + node + "' failed in step " + step + ": " + cause, null, cause);
        this.node = node;
        this.step = step;
    }

    /**
     * The node whose task failed.
     *
     * @return the node name
     */
    public String node() {
        return node;
    }

    /**
     * The superstep in which it failed.
     *
     * @return the step number
     */
    public int step() {
        return step;
    }

    private NodeException(NodeException original) {
        super(original);
        this.node = original.node;
        this.step = original.step;
    }

    @Override
    public NodeException rethrownHere() {
        return new NodeException(this);
    }
}
