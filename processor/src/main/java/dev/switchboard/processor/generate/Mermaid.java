package dev.switchboard.processor.generate;

import dev.switchboard.processor.model.EdgeModel;
import dev.switchboard.processor.model.GraphModel;
import dev.switchboard.processor.model.JoinModel;
import dev.switchboard.processor.model.NameRef;
import dev.switchboard.processor.model.NodeModel;
import dev.switchboard.processor.model.Returns;
import dev.switchboard.processor.model.RouteModel;
import dev.switchboard.processor.model.RuntimeNames;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import javax.lang.model.type.TypeMirror;

/**
 * Draws a graph as a Mermaid flowchart in the style of LangGraph's {@code draw_mermaid}: solid
 * arrows for edges, dotted arrows for routes and {@code Command} destinations, and an arrow to
 * {@code __end__} from every node nothing leaves. A {@code @Join} differs from several edges (which
 * LangGraph draws alike): its sources lead into a barrier node named like its channel,
 * {@code join:a+b:c}, which leads to the waiting node, so "after all of" reads differently from
 * "after any of".
 *
 * <p>The x-ray view (LangGraph's {@code xray}) draws each subgraph node as a Mermaid
 * {@code subgraph} block holding the child graph's nodes, recursively; arrows into the node go to
 * the child's entry nodes and arrows out of it leave from the child's exit nodes. Node ids are
 * their names prefixed by the enclosing subgraph nodes ({@code child:s1}), with characters Mermaid
 * does not accept in ids escaped as LangGraph does ({@code child\3as1}).
 */
final class Mermaid {
    private static final String START = RuntimeNames.START;
    private static final String END = RuntimeNames.END;

    private final Function<TypeMirror, Optional<GraphModel>> subgraphs;

    /** A renderer of the flat view only. */
    Mermaid() {
        this(t -> Optional.empty());
    }

    /** A renderer that finds the model of a subgraph node's graph type for the x-ray view. */
    Mermaid(Function<TypeMirror, Optional<GraphModel>> subgraphs) {
        this.subgraphs = subgraphs;
    }

    /** The flat view: subgraph nodes are plain nodes. */
    String render(GraphModel g) {
        return document(body(g, "", false, new HashSet<>()));
    }

    /** The x-ray view: subgraph nodes drawn with their graphs inside, at every depth. */
    String renderXray(GraphModel g) {
        Set<String> path = new HashSet<>();
        path.add(g.element().getQualifiedName().toString());
        return document(body(g, "", true, path));
    }

    /** Whether the x-ray view differs from the flat one: some node runs a subgraph. */
    static boolean hasSubgraphs(GraphModel g) {
        return g.nodes().stream().anyMatch(n -> n.returns().kind() == Returns.Kind.SUBGRAPH);
    }

    private record Arrow(String from, String to, boolean conditional) {}

    /**
     * One graph's declarations and arrows, ids prefixed; arrows from {@code __start__} and to
     * {@code __end__} mark its entries and exits for a parent that expands it.
     */
    private record Body(List<String> declarations, List<Arrow> arrows, boolean joins) {}

    private static String document(Body b) {
        StringBuilder out = new StringBuilder("---\nconfig:\n  flowchart:\n    curve: linear\n---\ngraph TD;\n");
        out.append("\t__start__([<p>__start__</p>]):::first\n");
        b.declarations().forEach(d -> out.append('\t').append(d).append('\n'));
        out.append("\t__end__([<p>__end__</p>]):::last\n");
        for (Arrow a : b.arrows()) {
            out.append('\t').append(a.from()).append(a.conditional() ? " -.-> " : " --> ");
            out.append(a.to()).append(";\n");
        }
        out.append("\tclassDef default fill:#f2f0ff,line-height:1.2\n")
                .append("\tclassDef first fill-opacity:0\n")
                .append("\tclassDef last fill:#bfb6fc\n");
        if (b.joins()) {
            out.append("\tclassDef join fill:#ffffff,stroke-dasharray:3 3\n");
        }
        return out.toString();
    }

    /**
     * Draws {@code g} with ids under {@code prefix}. Arrows from {@code __start__} and to {@code
     * __end__} keep those names, so that a parent can tell the child's entries and exits.
     */
    private Body body(GraphModel g, String prefix, boolean xray, Set<String> path) {
        List<String> declarations = new ArrayList<>();
        Map<String, Body> expanded = new HashMap<>();
        for (NodeModel n : g.nodes()) {
            Optional<GraphModel> child = xray ? child(n, path) : Optional.empty();
            if (child.isPresent()) {
                String qualified = child.get().element().getQualifiedName().toString();
                path.add(qualified);
                Body inner = body(child.get(), prefix + n.name() + ":", true, path);
                path.remove(qualified);
                expanded.put(n.name(), inner);
                declarations.add("subgraph " + id(prefix + n.name()) + " [" + n.name() + "]");
                inner.declarations().forEach(declarations::add);
                declarations.add("end");
            } else {
                declarations.add(id(prefix + n.name()) + "(" + n.name() + (n.defer() ? ", deferred" : "") + ")");
            }
        }
        for (JoinModel j : g.joins()) {
            declarations.add(id(prefix + joinName(j)) + "((join)):::join");
        }
        List<Arrow> arrows = connect(localArrows(g), prefix, expanded);
        boolean joins = !g.joins().isEmpty() || expanded.values().stream().anyMatch(Body::joins);
        return new Body(declarations, arrows, joins);
    }

    private Optional<GraphModel> child(NodeModel n, Set<String> path) {
        if (n.returns().kind() != Returns.Kind.SUBGRAPH) {
            return Optional.empty();
        }
        // A graph that runs itself, directly or further down, is drawn once: not expanded again.
        return subgraphs
                .apply(n.returns().type())
                .filter(c -> !path.contains(c.element().getQualifiedName().toString()));
    }

    /** The arrows between node names of one graph, START and END included, without expansion. */
    private static List<Arrow> localArrows(GraphModel g) {
        Set<Arrow> arrows = new LinkedHashSet<>();
        Set<String> hasExit = new HashSet<>();
        for (EdgeModel e : g.edges()) {
            arrows.add(new Arrow(e.from().name(), e.to(), false));
            hasExit.add(e.from().name());
        }
        for (JoinModel j : g.joins()) {
            for (NameRef f : j.from()) {
                arrows.add(new Arrow(f.name(), joinName(j), false));
                hasExit.add(f.name());
            }
            arrows.add(new Arrow(joinName(j), j.to(), false));
        }
        for (RouteModel r : g.routes()) {
            r.destinations().forEach(d -> arrows.add(new Arrow(r.from().name(), d, true)));
            hasExit.add(r.from().name());
        }
        for (NodeModel n : g.nodes()) {
            for (NameRef d : n.destinations()) {
                arrows.add(new Arrow(n.name(), d.name(), true));
                hasExit.add(n.name());
            }
        }
        for (NodeModel n : g.nodes()) {
            if (!hasExit.contains(n.name())) {
                arrows.add(new Arrow(n.name(), END, false));
            }
        }
        return List.copyOf(arrows);
    }

    /**
     * Prefixes the local arrows' ids, routes arrows at an expanded node to its child's entries and
     * from it out of its child's exits, and adds the child's inner arrows.
     */
    private static List<Arrow> connect(List<Arrow> local, String prefix, Map<String, Body> expanded) {
        Set<Arrow> out = new LinkedHashSet<>();
        for (Arrow a : local) {
            for (String from : ends(a.from(), prefix, expanded, false)) {
                for (String to : ends(a.to(), prefix, expanded, true)) {
                    out.add(new Arrow(from, to, a.conditional()));
                }
            }
        }
        for (Body inner : expanded.values()) {
            inner.arrows().stream()
                    .filter(a -> !a.from().equals(START) && !a.to().equals(END))
                    .forEach(out::add);
        }
        return List.copyOf(out);
    }

    /** The ids an arrow end stands for: a node's, or an expanded node's entries (or exits). */
    private static List<String> ends(String name, String prefix, Map<String, Body> expanded, boolean into) {
        if (name.equals(START) || name.equals(END)) {
            return List.of(name);
        }
        Body inner = expanded.get(name);
        if (inner == null) {
            return List.of(id(prefix + name));
        }
        List<String> ids = new ArrayList<>();
        for (Arrow a : inner.arrows()) {
            if (into && a.from().equals(START)) {
                ids.add(a.to());
            } else if (!into && a.to().equals(END)) {
                ids.add(a.from());
            }
        }
        return ids.stream().distinct().toList();
    }

    /** The barrier's name, the same as the runtime's channel for it: {@code join:a+b:c}. */
    private static String joinName(JoinModel j) {
        return "join:" + String.join("+", j.from().stream().map(NameRef::name).toList()) + ":" + j.to();
    }

    /** A Mermaid id: letters, digits, {@code _} and {@code -} as they are, others as {@code \hex}. */
    static String id(String name) {
        StringBuilder out = new StringBuilder(name.length());
        name.codePoints().forEach(c -> {
            if (c < 128 && (Character.isLetterOrDigit(c) || c == '_' || c == '-')) {
                out.appendCodePoint(c);
            } else {
                out.append('\\').append(Integer.toHexString(c));
            }
        });
        return out.toString();
    }
}
