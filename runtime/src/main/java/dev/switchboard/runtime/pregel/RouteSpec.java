package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.checkpoint.ReservedNames;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.ToIntFunction;

/** A route of a graph, resolved to indices: where it starts and where it may go. */
final class RouteSpec {
    final int index;
    /** The route method's name. */
    final String name;

    final int from;
    final String fromName;
    final Set<String> allowed;
    final int[] enumTargets;
    final List<String> allowedList;

    /**
     * Resolves a route's targets with {@code node}, which fails for a name the graph does not have.
     */
    RouteSpec(
            int index,
            String name,
            int from,
            String fromName,
            List<String> to,
            List<String> enumTargets,
            ToIntFunction<String> node) {
        this.index = index;
        this.name = name;
        this.from = from;
        this.fromName = fromName;
        this.allowed = new LinkedHashSet<>(to);
        this.allowedList = List.copyOf(to);
        for (String t : to) {
            if (!t.equals(ReservedNames.END)) {
                node.applyAsInt(t);
            }
        }
        if (enumTargets == null) {
            this.enumTargets = null;
        } else {
            this.enumTargets = new int[enumTargets.size()];
            for (int i = 0; i < enumTargets.size(); i++) {
                String t = enumTargets.get(i);
                this.enumTargets[i] = t.equals(ReservedNames.END) ? -1 : node.applyAsInt(t);
            }
        }
    }
}
