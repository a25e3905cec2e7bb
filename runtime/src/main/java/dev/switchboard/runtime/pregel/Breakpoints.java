package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.checkpoint.ReservedNames;
import java.util.Set;

/**
 * The static breakpoints of a run, resolved to node indices: the nodes to pause before and after.
 * {@code "*"} stands for every node but {@code __start__}.
 */
record Breakpoints(Nodes before, Nodes after) {
    static final Breakpoints NONE = new Breakpoints(Nodes.NONE, Nodes.NONE);

    static Breakpoints of(GraphSpec spec, Set<String> before, Set<String> after) {
        if (before.isEmpty() && after.isEmpty()) {
            return NONE; // the usual run: nothing made per run
        }
        return new Breakpoints(Nodes.of(spec, before), Nodes.of(spec, after));
    }

    /** A set of nodes, or all of them. */
    record Nodes(boolean all, boolean[] nodes) {
        static final Nodes NONE = new Nodes(false, new boolean[0]);

        static Nodes of(GraphSpec spec, Set<String> names) {
            if (names.isEmpty()) {
                return NONE;
            }
            if (names.contains("*")) {
                return new Nodes(true, new boolean[0]);
            }
            boolean[] nodes = new boolean[spec.nodeNames.length];
            for (String name : names) {
                Integer n = spec.nodeIndex.get(name);
                if (n == null || name.equals(ReservedNames.START)) {
                    throw new IllegalArgumentException(
                            UnknownNode.withKnown("Interrupt node `" + name + "` is not present", spec.nodes()));
                }
                nodes[n] = true;
            }
            return new Nodes(false, nodes);
        }

        boolean isEmpty() {
            return !all && nodes.length == 0;
        }

        boolean matches(int node) {
            return all ? node != 0 : node < nodes.length && nodes[node];
        }
    }
}
