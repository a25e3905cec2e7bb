package dev.switchboard.processor.generate;

import dev.switchboard.processor.model.EdgeModel;
import dev.switchboard.processor.model.GraphModel;
import dev.switchboard.processor.model.JoinModel;
import dev.switchboard.processor.model.NameRef;
import dev.switchboard.processor.model.NodeModel;
import dev.switchboard.processor.model.RouteModel;
import dev.switchboard.processor.model.RuntimeNames;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Draws a graph as a Mermaid flowchart in the style of LangGraph's {@code draw_mermaid}: solid
 * arrows for edges and joins, dotted arrows for routes and {@code Command} destinations, and an
 * arrow to {@code __end__} from every node nothing leaves.
 */
final class Mermaid {
    String render(GraphModel g) {
        Set<String> lines = new LinkedHashSet<>();
        Set<String> hasExit = new HashSet<>();
        for (EdgeModel e : g.edges()) {
            lines.add(arrow(e.from().name(), e.to(), false));
            hasExit.add(e.from().name());
        }
        for (JoinModel j : g.joins()) {
            for (NameRef f : j.from()) {
                lines.add(arrow(f.name(), j.to(), false));
                hasExit.add(f.name());
            }
        }
        for (RouteModel r : g.routes()) {
            for (String d : r.destinations()) {
                lines.add(arrow(r.from().name(), d, true));
            }
            hasExit.add(r.from().name());
        }
        for (NodeModel n : g.nodes()) {
            for (NameRef d : n.destinations()) {
                lines.add(arrow(n.name(), d.name(), true));
                hasExit.add(n.name());
            }
        }
        for (NodeModel n : g.nodes()) {
            if (!hasExit.contains(n.name())) {
                lines.add(arrow(n.name(), RuntimeNames.END, false));
            }
        }
        StringBuilder out = new StringBuilder("---\nconfig:\n  flowchart:\n    curve: linear\n---\ngraph TD;\n");
        out.append("\t__start__([<p>__start__</p>]):::first\n");
        for (NodeModel n : g.nodes()) {
            out.append('\t')
                    .append(n.name())
                    .append('(')
                    .append(n.name())
                    .append(n.defer() ? ", deferred" : "")
                    .append(")\n");
        }
        out.append("\t__end__([<p>__end__</p>]):::last\n");
        lines.forEach(l -> out.append('\t').append(l).append('\n'));
        out.append("\tclassDef default fill:#f2f0ff,line-height:1.2\n")
                .append("\tclassDef first fill-opacity:0\n")
                .append("\tclassDef last fill:#bfb6fc\n");
        return out.toString();
    }

    private static String arrow(String from, String to, boolean conditional) {
        return from + (conditional ? " -.-> " : " --> ") + to + ";";
    }
}
