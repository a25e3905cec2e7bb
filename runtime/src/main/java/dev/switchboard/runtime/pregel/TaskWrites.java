package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.InvalidRouteException;
import dev.switchboard.runtime.InvalidUpdateException;
import dev.switchboard.runtime.NodeException;
import dev.switchboard.runtime.Send;
import dev.switchboard.runtime.StateUpdate;
import dev.switchboard.runtime.checkpoint.ReservedNames;
import dev.switchboard.runtime.error.ErrorCode;
import dev.switchboard.runtime.spi.GeneratedUpdate;
import dev.switchboard.runtime.spi.NodeDispatcher;
import java.util.Collection;
import java.util.List;

/**
 * Turns what a node returned into its task's channel writes, LangGraph's {@code ChannelWrite}s: its
 * update, a command's gotos and sends, its static edges, and the destinations its routes pick.
 * Routes see the state with the task's own writes applied and no one else's. Writes only go to the
 * task; the barrier applies them.
 */
final class TaskWrites {
    private final RunScope scope;
    private final GraphSpec spec;
    private final ChannelState state;
    /**
     * Reads the state routes see on the loop's thread, which runs every one-task step's task (the
     * usual step) and takes part in parallel ones: one reader serves the run there, while tasks on
     * other threads read through one of their own. A read ends before the route is called, so the
     * reader is never used twice at once.
     */
    private StateReader loopReader;
    /** The thread the loop runs steps on, set by the runner before each step's tasks run. */
    private Thread loopThread;

    TaskWrites(RunScope scope, ChannelState state) {
        this.scope = scope;
        this.spec = scope.spec;
        this.state = state;
    }

    /** The calling thread runs the coming step's tasks (some or all of them). */
    void runsOnThisThread() {
        loopThread = Thread.currentThread();
    }

    /** The writes of a node that returned {@code result}, its edges and its routes. */
    void writeAll(Task t, Object result, TaskContext ctx) {
        writeResult(t, result);
        writeEdgesAndRoutes(t, ctx);
    }

    /** The {@code __start__} task: the input's writes, then the edges and routes from the start. */
    void writeStart(Task t, Object input, TaskContext ctx) {
        writeInput(t, input);
        writeEdgesAndRoutes(t, ctx);
    }

    /** Applies a node's result as if it had returned it: for updateState. */
    void writeAs(Task t, StateUpdate update, TaskContext ctx) {
        if (t.node == 0) {
            writeInput(t, update);
        } else {
            writeUpdate(t, update, t.name);
        }
        writeEdgesAndRoutes(t, ctx);
    }

    private void writeEdgesAndRoutes(Task t, TaskContext ctx) {
        writeEdges(t);
        writeRoutes(t, ctx);
    }

    private void writeInput(Task t, Object input) {
        if (input instanceof StoredInput stored) {
            writeStored(t, stored);
        } else if (input != null) {
            writeUpdate(t, (StateUpdate) input, t.name);
        }
    }

    private void writeStored(Task t, StoredInput stored) {
        int from = t.writeCount;
        for (int i = 0; i < stored.channels().length; i++) {
            t.add(stored.channels()[i], stored.values()[i]);
        }
        t.prepareWrites(from, spec.channels);
    }

    private void writeResult(Task t, Object result) {
        if (result == NodeDispatcher.NO_WRITES) {
            return;
        }
        if (result instanceof StateUpdate u) {
            writeUpdate(t, u, t.name);
        } else if (result instanceof StoredInput writes) {
            writeStored(t, writes);
        } else if (result instanceof Command<?> c) {
            if (c.graph().isPresent()) {
                throw toParent(c, t.name);
            }
            writeCommand(t, c);
        } else if (result == null) {
            throw new InvalidUpdateException(
                    "node '" + t.name + "' returned null; return an empty update (XxxUpdate.of()) for no change",
                    ErrorCode.INVALID_GRAPH_NODE_RETURN_VALUE);
        } else {
            throw new InvalidUpdateException(
                    "Expected node '" + t.name + "' to return an update or a Command, received "
                            + result.getClass().getName(),
                    ErrorCode.INVALID_GRAPH_NODE_RETURN_VALUE);
        }
    }

    private RuntimeException toParent(Command<?> c, String name) {
        if (!scope.nested) {
            return new InvalidUpdateException(
                    "node '" + name + "' sent a Command to the parent graph, but graph '" + spec.name
                            + "' is not running as a subgraph",
                    null);
        }
        return new ParentCommand(c);
    }

    /** A command's update and gotos, as the task's writes. */
    void writeCommand(Task t, Command<?> c) {
        c.update().ifPresent(u -> writeUpdate(t, u, t.name));
        for (Object target : c.gotos()) {
            writeGoto(t, target, t.name);
        }
    }

    void writeUpdate(Task t, StateUpdate update, String name) {
        int from = t.writeCount;
        writeParts(t, update, name);
        // Completed where they are made (new messages get their ids here), so the stored pending
        // writes and deltas replay to exactly the values this run has. Apart from the loop, which
        // then stays small enough for the JIT to keep the update's chain off the heap.
        t.prepareWrites(from, spec.channels);
    }

    private void writeParts(Task t, StateUpdate update, String name) {
        List<StateUpdate> chain = update.chain();
        for (int i = 0; i < chain.size(); i++) { // indexed: no iterator or list of parts per node call
            GeneratedUpdate u = GeneratedUpdate.part(chain.get(i));
            int schema = spec.schemaIndex(u.schema());
            if (schema < 0) {
                throw new InvalidUpdateException(
                        "'" + name + "' wrote an update of "
                                + u.schema().recordType().getSimpleName() + ", which is not a record of graph '"
                                + spec.name + "'",
                        ErrorCode.INVALID_GRAPH_NODE_RETURN_VALUE);
            }
            t.mapping(spec.slots[schema]);
            u.writeTo(t);
        }
    }

    void writeGoto(Task t, Object target, String from) {
        if (target instanceof Send<?> send) {
            writeSend(t, send, from);
            return;
        }
        String node = (String) target;
        if (node.equals(ReservedNames.END)) {
            return;
        }
        Integer n = spec.nodeIndex.get(node);
        if (n == null || n == 0) {
            throw new InvalidRouteException(
                    UnknownNode.message("Command from '" + from + "' goes to", node, spec.nodes()));
        }
        writeBranch(t, n, from);
    }

    private void writeBranch(Task t, int node, String from) {
        if (spec.readSchema[node] < 0) {
            throw new InvalidRouteException("'" + from + "' sent control to node '" + spec.nodeNames[node]
                    + "' by name, but that node takes a " + spec.payloadType[node] + " payload; reach it with Send");
        }
        t.add(spec.branchChannel[node], from);
    }

    private void writeSend(Task t, Send<?> send, String from) {
        int n = spec.sendTargets.find(send.node());
        if (n <= 0) {
            throw new InvalidRouteException(UnknownNode.message("'" + from + "' sent to", send.node(), spec.nodes()));
        }
        if (!spec.payloadType[n].accepts(send.payload())) {
            throw new InvalidUpdateException(
                    "'" + from + "' sent a " + send.payload().getClass().getName() + " to node '" + send.node()
                            + "', which takes " + spec.payloadType[n],
                    null);
        }
        t.add(spec.tasksChannel, send);
    }

    private void writeEdges(Task t) {
        int[] chans = spec.edgeChannels[t.node];
        Object[] values = spec.edgeValues[t.node];
        for (int i = 0; i < chans.length; i++) {
            t.add(chans[i], values[i]);
        }
    }

    private void writeRoutes(Task t, TaskContext ctx) {
        int[] routes = spec.routesOf[t.node];
        if (routes.length == 0) {
            return;
        }
        Object fresh = freshState(t, ctx);
        for (int r : routes) {
            Object result;
            try {
                result = scope.dispatcher.route(r, fresh, ctx);
            } catch (Exception e) {
                throw routeFailure(t, spec.routes[r], ctx.step(), e);
            }
            writeRouteResult(t, spec.routes[r], result);
        }
    }

    private void writeRouteResult(Task t, RouteSpec route, Object result) {
        if (result instanceof Collection<?> many) {
            for (Object one : many) {
                writeRouteResult(t, route, one);
            }
        } else if (result instanceof String dest) {
            int target = route.target(dest);
            if (target == RouteSpec.NOT_ALLOWED) {
                throw unknownDestination(route, dest);
            }
            if (target != RouteSpec.END_TARGET) {
                writeBranch(t, target, t.name);
            }
        } else if (result instanceof Enum<?> e) {
            int target = route.enumTargets[e.ordinal()];
            if (target >= 0) {
                writeBranch(t, target, t.name);
            }
        } else if (result instanceof Send<?> send) {
            writeSend(t, send, t.name);
        } else {
            throw unknownDestination(route, result);
        }
    }

    private static InvalidRouteException unknownDestination(RouteSpec route, Object dest) {
        return new InvalidRouteException("Branch condition returned unknown or null destination: the route from '"
                + route.fromName + "' returned " + (dest instanceof String ? "'" + dest + "'" : String.valueOf(dest))
                + "; it may return " + route.allowedList);
    }

    /** Like {@link NodeFailures#of}, naming the route method: the node itself finished. */
    private RuntimeException routeFailure(Task t, RouteSpec route, int step, Exception cause) {
        RuntimeException e = NodeFailures.of(spec, t.node, step, cause);
        return e instanceof NodeException ? new NodeException(t.name, route.name, step, cause) : e;
    }

    /** The state as the task's routes see it: the task's own writes applied, no one else's. */
    private Object freshState(Task t, TaskContext ctx) {
        StateReader reader;
        if (Thread.currentThread() == loopThread) {
            if (loopReader == null) {
                loopReader = new StateReader(spec); // made with the first route: most graphs' runs have none
            }
            reader = loopReader;
        } else {
            reader = new StateReader(spec);
        }
        return state.readWith(reader, t, 0, ctx, true);
    }
}
