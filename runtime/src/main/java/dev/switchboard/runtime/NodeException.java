package dev.switchboard.runtime;

import dev.switchboard.runtime.error.GraphException;
import java.util.Optional;

/**
 * User code failed: a node, a route or an async result threw. The cause is the original exception;
 * the message names the node (and, for a route, the route method) and the superstep it ran in.
 * When several tasks of one superstep fail, the run throws the failure of the first task in task
 * order, with each other task's failure attached as a suppressed {@code NodeException} naming its
 * node ({@link #getSuppressed()}): LangGraph raises them together as one aggregate error.
 */
public final class NodeException extends GraphException {
    private static final long serialVersionUID = 1L;

    private final String node;
    private final String route;
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
        this.route = null;
        this.step = step;
    }

    /**
     * Creates the exception for a route method that threw after its node finished.
     *
     * @param node the name of the node whose task ran the route
     * @param route the name of the route method
     * @param step the superstep the task ran in
     * @param cause what the route method threw
     */
    public NodeException(String node, String route, int step, Throwable cause) {
        super("route '" + route + "' (after node '" + node + "') failed in step " + step + ": " + cause, null, cause);
        this.node = node;
        this.route = route;
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
     * The route method that failed, if it was a route rather than the node.
     *
     * @return the route method's name, or empty when the node itself failed
     */
    public Optional<String> route() {
        return Optional.ofNullable(route);
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
        this.route = original.route;
        this.step = original.step;
    }

    @Override
    public NodeException rethrownHere() {
        return new NodeException(this);
    }
}
