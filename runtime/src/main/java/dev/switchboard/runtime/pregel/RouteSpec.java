package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.checkpoint.ReservedNames;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.function.ToIntFunction;

/** A route of a graph, resolved to indices: where it starts and where it may go. */
final class RouteSpec {
    /** What {@link #target} returns for END. */
    static final int END_TARGET = -1;
    /** What {@link #target} returns for a name the route may not return. */
    static final int NOT_ALLOWED = -2;

    final int index;
    /** The route method's name. */
    final String name;

    final int from;
    final String fromName;
    /** The names the route may return, and at the same index the node each reaches ({@link #END_TARGET} for END). */
    private final String[] targetNames;

    private final int[] targetNodes;
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
        this.allowedList = List.copyOf(to);
        this.targetNames = new LinkedHashSet<>(to).toArray(new String[0]);
        this.targetNodes = new int[targetNames.length];
        for (int i = 0; i < targetNames.length; i++) {
            String t = targetNames[i];
            targetNodes[i] = t.equals(ReservedNames.END) ? END_TARGET : node.applyAsInt(t);
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

    /**
     * The node a returned name reaches, {@link #END_TARGET}, or {@link #NOT_ALLOWED}: a scan of the
     * few names a route has, the same string object first (a route returns the literals its
     * annotation names), so the usual step hashes no string.
     */
    int target(String name) {
        String[] names = targetNames;
        for (int i = 0; i < names.length; i++) {
            if (names[i] == name) {
                return targetNodes[i];
            }
        }
        for (int i = 0; i < names.length; i++) {
            if (names[i].equals(name)) {
                return targetNodes[i];
            }
        }
        return NOT_ALLOWED;
    }
}
