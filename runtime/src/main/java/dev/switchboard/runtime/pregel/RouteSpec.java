package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.checkpoint.ReservedNames;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** A route of a {@link GraphSpec}, resolved to indices: where it starts and where it may go. */
final class RouteSpec {
    final int index;
    /** The route method's name. */
    final String name;

    final int from;
    final String fromName;
    final Set<String> allowed;
    final int[] enumTargets;
    final List<String> allowedList;

    RouteSpec(int index, String name, int from, List<String> to, List<String> enumTargets, GraphSpec spec) {
        this.index = index;
        this.name = name;
        this.from = from;
        this.fromName = spec.nodeNames[from];
        this.allowed = new LinkedHashSet<>(to);
        this.allowedList = List.copyOf(to);
        for (String t : to) {
            if (!t.equals(ReservedNames.END)) {
                spec.node(t);
            }
        }
        if (enumTargets == null) {
            this.enumTargets = null;
        } else {
            this.enumTargets = new int[enumTargets.size()];
            for (int i = 0; i < enumTargets.size(); i++) {
                String t = enumTargets.get(i);
                this.enumTargets[i] = t.equals(ReservedNames.END) ? -1 : spec.node(t);
            }
        }
    }
}
