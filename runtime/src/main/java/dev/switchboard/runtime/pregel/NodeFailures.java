package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.NodeException;
import dev.switchboard.runtime.error.GraphException;

/**
 * How a failure from user code (a node, a route, an error handler) reaches the run: the runtime's
 * own signals and errors pass unchanged, anything else is wrapped in a {@link NodeException} that
 * names the node and step.
 */
final class NodeFailures {
    private NodeFailures() {}

    static RuntimeException of(GraphSpec spec, int node, int step, Throwable cause) {
        if (cause instanceof GraphException g) {
            return g;
        }
        if (cause instanceof NodeInterrupt i) {
            return i;
        }
        if (cause instanceof ParentCommand p) {
            return p;
        }
        return new NodeException(spec.nodeNames[node], step, cause);
    }
}
