package dev.switchboard.processor;

import dev.switchboard.processor.model.GeneratedNames;
import dev.switchboard.processor.model.Mirrors;
import dev.switchboard.processor.model.RuntimeNames;
import dev.switchboard.processor.validate.Message;
import dev.switchboard.processor.validate.Report;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;

/**
 * Finds graphs that run each other as subgraphs in a cycle (A runs B, B runs A; or A runs itself).
 * Each waits for the other's generated class, so none is ever generated and javac would only say
 * that types could not be resolved. Called when processing is over, on the graphs still waiting: a
 * subgraph node whose return type names the generated class of a waiting graph is an edge, and
 * the node that closes a cycle is reported with the whole cycle.
 */
final class SubgraphCycles {
    private final Map<String, List<TypeElement>> bySimpleName = new HashMap<>();
    private final Map<TypeElement, List<Edge>> edges = new LinkedHashMap<>();
    private final Set<TypeElement> done = new HashSet<>();
    private final List<TypeElement> path = new ArrayList<>();
    private final Set<TypeElement> inCycle = new HashSet<>();

    /** A subgraph node of a waiting graph that runs another waiting graph. */
    private record Edge(ExecutableElement node, TypeElement target) {}

    SubgraphCycles(List<TypeElement> waiting) {
        for (TypeElement g : waiting) {
            bySimpleName
                    .computeIfAbsent(GeneratedNames.graph(g), k -> new ArrayList<>())
                    .add(g);
        }
        for (TypeElement g : waiting) {
            edges.put(g, edgesOf(g));
        }
    }

    /** Reports each cycle once, on the subgraph node that closes it, in declaration order. */
    void report(Report report) {
        for (TypeElement g : edges.keySet()) {
            visit(g, report);
        }
    }

    /** Whether {@code type}, an unresolved type, is the generated class of a waiting graph. */
    boolean isWaitingGraph(String type) {
        return bySimpleName.containsKey(simpleName(type));
    }

    /** Whether the graph is part of a reported cycle. */
    boolean inCycle(TypeElement graph) {
        return inCycle.contains(graph);
    }

    private void visit(TypeElement g, Report report) {
        if (done.contains(g)) {
            return;
        }
        path.add(g);
        for (Edge e : edges.get(g)) {
            int at = path.indexOf(e.target());
            if (at >= 0) {
                List<TypeElement> cycle = new ArrayList<>(path.subList(at, path.size()));
                inCycle.addAll(cycle);
                cycle.add(e.target());
                report(e, g, cycle, report);
            } else {
                visit(e.target(), report);
            }
        }
        path.remove(path.size() - 1);
        done.add(g);
    }

    private static void report(Edge e, TypeElement g, List<TypeElement> cycle, Report report) {
        String names = cycle.stream().map(t -> t.getSimpleName().toString()).collect(Collectors.joining(" -> "));
        report.error(
                Message.SUBGRAPH_CYCLE,
                e.node(),
                e.node().getSimpleName(),
                g.getSimpleName(),
                GeneratedNames.graph(e.target()),
                names);
    }

    private List<Edge> edgesOf(TypeElement g) {
        List<Edge> out = new ArrayList<>();
        for (ExecutableElement m : ElementFilter.methodsIn(g.getEnclosedElements())) {
            TypeMirror r = m.getReturnType();
            if (Mirrors.find(m, RuntimeNames.NODE).isEmpty() || r.getKind() != TypeKind.ERROR) {
                continue;
            }
            List<TypeElement> targets = bySimpleName.getOrDefault(simpleName(r.toString()), List.of());
            targets.stream()
                    .filter(t -> targets.size() == 1 || samePackage(t, g))
                    .findFirst()
                    .ifPresent(t -> out.add(new Edge(m, t)));
        }
        return out;
    }

    private static boolean samePackage(TypeElement a, TypeElement b) {
        return GeneratedNames.packageOf(a).equals(GeneratedNames.packageOf(b));
    }

    private static String simpleName(String type) {
        return type.substring(type.lastIndexOf('.') + 1);
    }
}
