package dev.switchboard.conformance;

import dev.switchboard.runtime.NodeContext;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/** Nodes that record which node ran in which step and what trail it saw, as the JS scenarios' traces do. */
public abstract class Tracing {
    /** {@code {node, step, saw}} per node run, in the order they ran. */
    public final List<Map<String, Object>> executions = new CopyOnWriteArrayList<>();

    /** Records the run of node {@code name} and appends its name to the trail. */
    protected TrailUpdate visit(String name, Trail s, NodeContext ctx) {
        executions.add(Map.of("node", name, "step", ctx.step(), "saw", s.trail()));
        return TrailUpdate.of().trail(List.of(name));
    }
}
