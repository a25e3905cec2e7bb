package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.RunConfig;
import java.util.List;

/**
 * Time travel into a subgraph: finds the stored state of the subgraph checkpoint that a namespaced
 * {@link RunConfig} addresses ({@code withCheckpointNamespace("node:task|inner:task")}, as a
 * subgraph snapshot's config carries it). Each segment names a subgraph node of the graph above it;
 * the graph that node runs is asked of the node method, as during a run, and opened under the same
 * namespace, so reads and updates land where the run keeps that subgraph's history.
 */
final class SubgraphAddress {
    private SubgraphAddress() {}

    /** The addressed subgraph: its scope (to run routes and updates in) and its stored state. */
    record Opened(RunScope scope, StoredState state) {}

    /** The subgraph state at the config's checkpoint (or its namespace's head), under {@code root}. */
    static Opened open(RunScope rootScope, StoredState root, RunConfig config) {
        String namespace = config.checkpointNamespace();
        List<String> segments = List.of(namespace.split("\\|", -1));
        RunScope parentScope = rootScope;
        StoredState parent = root;
        for (int i = 0; i < segments.size(); i++) {
            GraphSpec spec = parent.spec;
            int node = subgraphNode(spec, segments.get(i), namespace);
            Task t = Task.synthetic(node, spec.nodeNames[node], parent.cursor.taskIds(spec, parent.persistence));
            int stop = parent.cursor.step + parentScope.config.recursionLimit() + 1;
            PregelGraph<?, ?, ?> child = NodeAttempts.subgraphOf(
                    parentScope, t, TaskContext.outsideRun(parentScope, t, parent.cursor.step, stop));
            if (child == null) {
                throw new IllegalArgumentException("namespace '" + namespace + "': node '" + spec.nodeNames[node]
                        + "' did not return a graph to run");
            }
            boolean last = i == segments.size() - 1;
            List<String> path = segments.subList(0, i + 1);
            RunScope childScope = child.childScope(
                    parentScope,
                    path,
                    EventSink.NONE,
                    last ? config.checkpointId().orElse(null) : null);
            StoredState state = child.storedState(childScope);
            if (!state.cursor.hasState) {
                throw new IllegalArgumentException("thread '" + root.persistence.threadId
                        + "' has no checkpoint in namespace '" + String.join("|", path) + "'");
            }
            parentScope = childScope;
            parent = state;
        }
        return new Opened(parentScope, parent);
    }

    /** The subgraph node a segment ({@code node:taskId}, maybe {@code :call}) names; the longest name wins. */
    private static int subgraphNode(GraphSpec spec, String segment, String namespace) {
        int found = -1;
        for (int n = 0; n < spec.nodeNames.length; n++) {
            String name = spec.nodeNames[n];
            if (spec.subgraph[n]
                    && segment.startsWith(name + ":")
                    && (found < 0 || name.length() > spec.nodeNames[found].length())) {
                found = n;
            }
        }
        if (found < 0) {
            throw new IllegalArgumentException("namespace '" + namespace + "': graph '" + spec.name
                    + "' has no subgraph node for '" + segment + "'; use the config of a subgraph snapshot"
                    + " (getState(config, true).tasks().get(i).state().config())");
        }
        return found;
    }
}
