package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.NodeException;
import dev.switchboard.runtime.error.GraphException;
import java.util.List;

/**
 * How a failure from user code (a node, a route, an error handler) reaches the run: the runtime's
 * own signals and errors pass unchanged, anything else is wrapped in a {@link NodeException} that
 * names the node and step; at the barrier, a step's failures are thrown together.
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

    /**
     * Throws the failure of the step's first failed task in task order, with every other failed
     * task's failure attached as a suppressed {@link NodeException}: LangGraph reports all of a
     * superstep's failures together, so none of them is hidden by another.
     *
     * @param ordered the step's tasks in {@link Task#applyOrder}
     */
    static void throwFirst(List<Task> ordered, int step) {
        RuntimeException first = null;
        for (Task t : ordered) {
            if (t.error == null || (first != null && t.error instanceof ParentCommand)) {
                continue;
            }
            if (first == null) {
                first = rethrowable(t.error);
            } else if (t.error != first) {
                first.addSuppressed(t.error instanceof NodeException n ? n : new NodeException(t.name, step, t.error));
            }
        }
        if (first != null) {
            throw first;
        }
    }

    private static RuntimeException rethrowable(Throwable e) {
        if (e instanceof RuntimeException r) {
            return r;
        }
        if (e instanceof Error err) {
            throw err;
        }
        return new GraphException(String.valueOf(e));
    }
}
