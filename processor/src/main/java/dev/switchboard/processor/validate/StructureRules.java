package dev.switchboard.processor.validate;

import dev.switchboard.processor.model.ComponentModel;
import dev.switchboard.processor.model.EdgeModel;
import dev.switchboard.processor.model.GraphModel;
import dev.switchboard.processor.model.JoinModel;
import dev.switchboard.processor.model.Mirrors;
import dev.switchboard.processor.model.NameRef;
import dev.switchboard.processor.model.NodeModel;
import dev.switchboard.processor.model.Returns;
import dev.switchboard.processor.model.RouteModel;
import dev.switchboard.processor.model.RuntimeNames;
import dev.switchboard.processor.model.Stray;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks a graph's structure: node names, the names edges, joins, routes and destinations refer
 * to, misplaced annotations, the entry point and reachability from {@code START}.
 */
final class StructureRules {
    private static final String START = RuntimeNames.START;
    private static final String END = RuntimeNames.END;

    void check(GraphModel g, Report report) {
        checkNames(g, report);
        Set<String> nodes = new LinkedHashSet<>(g.nodeNames());
        for (EdgeModel e : g.edges()) {
            checkSource(e.from(), "@Edge(from = \"" + e.from().name() + "\") on " + e.to() + "()", nodes, report);
        }
        for (JoinModel j : g.joins()) {
            checkJoin(j, nodes, report);
        }
        for (NodeModel n : g.nodes()) {
            for (NameRef d : n.destinations()) {
                checkTarget(d, "@Node(destinations) on " + n.name() + "()", nodes, report);
            }
            checkDestinationsUsable(n, g, report);
        }
        for (RouteModel r : g.routes()) {
            checkRoute(r, nodes, report);
        }
        for (Stray s : g.strays()) {
            String what = Mirrors.simpleName(s.annotation());
            String method = s.element().getSimpleName().toString();
            if (Mirrors.is(s.annotation(), RuntimeNames.ROUTE)) {
                report.error(Message.ROUTE_ON_NODE, s.element(), s.annotation(), method);
            } else if (Mirrors.isAny(s.annotation(), RuntimeNames.POLICIES)) {
                report.error(Message.POLICY_WITHOUT_NODE, s.element(), s.annotation(), what, method, what);
            } else {
                report.error(Message.EDGE_WITHOUT_NODE, s.element(), s.annotation(), what, method);
            }
        }
        checkReachability(g, report);
    }

    /**
     * A join waits for each listed node once, so a name listed twice is almost always a typo for
     * the branch that is missing: the join would then fire without waiting for that branch.
     */
    private static void checkJoin(JoinModel j, Set<String> nodes, Report report) {
        Set<String> seen = new HashSet<>();
        for (NameRef from : j.from()) {
            if (from.name().equals(START) || from.name().equals(END)) {
                report.error(Message.JOIN_PSEUDO_NODE, from, j.to(), display(from.name()));
            } else if (!seen.add(from.name())) {
                Set<String> others = new LinkedHashSet<>(nodes);
                j.from().forEach(f -> others.remove(f.name()));
                others.remove(j.to());
                report.error(Message.JOIN_DUPLICATE, from, j.to(), from.name(), Strings.list(others));
            } else {
                checkKnown(from, "@Join on " + j.to() + "()", nodes, report);
            }
        }
    }

    /**
     * Destinations make nodes reachable because a {@code Command} may go to them; a node that
     * returns no {@code Command} (nor does its error handler, nor a subgraph it runs) never does, so
     * its destinations would hide really unreachable nodes.
     */
    private static void checkDestinationsUsable(NodeModel n, GraphModel g, Report report) {
        if (n.destinations().isEmpty() || mayReturnCommand(n.returns().kind())) {
            return;
        }
        if (g.handler(n.name())
                .filter(h -> h.returns().kind() == Returns.Kind.COMMAND)
                .isPresent()) {
            return;
        }
        String method = n.method().getSimpleName().toString();
        report.errorOnValue(
                Message.DESTINATIONS_WITHOUT_COMMAND,
                n.method(),
                n.annotation(),
                Mirrors.explicit(n.annotation(), "destinations").orElse(null),
                method,
                Strings.type(n.returns().type()),
                method);
    }

    /** Commands, subgraphs (via {@code Command.toParent()}) and return types reported elsewhere. */
    private static boolean mayReturnCommand(Returns.Kind kind) {
        return kind == Returns.Kind.COMMAND || kind == Returns.Kind.SUBGRAPH || kind == Returns.Kind.UNSUPPORTED;
    }

    private static void checkNames(GraphModel g, Report report) {
        Map<String, NodeModel> seen = new HashMap<>();
        Set<String> channels = new HashSet<>();
        if (g.state() != null) {
            for (ComponentModel c : g.state().components()) {
                channels.add(c.name());
            }
        }
        for (NodeModel n : g.nodes()) {
            String name = n.name();
            if (name.equals(START) || name.equals(END)) {
                report.error(Message.RESERVED_NODE_NAME, n.nameRef(), name);
            } else if (name.contains(":") || name.contains("|")) {
                report.error(Message.RESERVED_CHARACTER, n.nameRef(), name, name.contains(":") ? ":" : "|");
            } else if (channels.contains(name)) {
                report.error(Message.NODE_NAMED_LIKE_CHANNEL, n.nameRef(), name);
            }
            NodeModel previous = seen.putIfAbsent(name, n);
            if (previous != null) {
                report.error(
                        Message.DUPLICATE_NODE,
                        n.nameRef(),
                        name,
                        previous.method().getSimpleName(),
                        n.method().getSimpleName());
            }
        }
    }

    private static void checkRoute(RouteModel r, Set<String> nodes, Report report) {
        String where = "@Route on " + r.method().getSimpleName() + "()";
        checkSource(r.from(), where, nodes, report);
        for (NameRef to : r.to()) {
            checkTarget(to, where, nodes, report);
        }
        String method = r.method().getSimpleName().toString();
        if (r.returns() != RouteModel.Kind.ENUM) {
            if (r.to().isEmpty()) {
                report.error(Message.ROUTE_WITHOUT_TARGETS, r.method(), r.annotation(), method);
            }
            return;
        }
        String enumName = Strings.type(r.element());
        List<String> to = r.to().stream().map(NameRef::name).toList();
        for (String constant : r.enumConstants()) {
            String target = RouteModel.enumTarget(constant);
            if (!target.equals(END) && !nodes.contains(target)) {
                Strings.Candidates candidates = Strings.candidates(constant, nodes);
                report.error(
                        Message.ENUM_CONSTANT_UNKNOWN,
                        r.method(),
                        r.annotation(),
                        method,
                        constant,
                        enumName,
                        candidates.list(),
                        candidates.didYouMean());
            } else if (!to.isEmpty() && !to.contains(target)) {
                report.error(
                        Message.ENUM_CONSTANT_NOT_IN_TO, r.method(), r.annotation(), method, constant, enumName, to);
            }
        }
    }

    private static void checkSource(NameRef from, String where, Set<String> nodes, Report report) {
        if (from.name().equals(END)) {
            report.error(Message.EDGE_FROM_END, from, where);
        } else if (!from.name().equals(START)) {
            checkKnown(from, where, nodes, report);
        }
    }

    private static void checkTarget(NameRef to, String where, Set<String> nodes, Report report) {
        if (to.name().equals(START)) {
            report.error(Message.TO_START, to, where);
        } else if (!to.name().equals(END)) {
            checkKnown(to, where, nodes, report);
        }
    }

    static void checkKnown(NameRef ref, String where, Set<String> nodes, Report report) {
        if (!nodes.contains(ref.name())) {
            Strings.Candidates candidates = Strings.candidates(ref.name(), nodes);
            report.error(Message.UNKNOWN_NODE, ref, where, ref.name(), candidates.list(), candidates.didYouMean());
        }
    }

    private static String display(String name) {
        return name.equals(START) ? "START" : name.equals(END) ? "END" : name;
    }

    private static void checkReachability(GraphModel g, Report report) {
        Map<String, List<String>> next = new HashMap<>();
        g.edges().forEach(e -> edge(next, e.from().name(), e.to()));
        g.routes()
                .forEach(r -> r.destinations().forEach(d -> edge(next, r.from().name(), d)));
        g.nodes().forEach(n -> n.destinations().forEach(d -> edge(next, n.name(), d.name())));
        if (next.getOrDefault(START, List.of()).isEmpty()) {
            if (!g.nodes().isEmpty()) {
                report.error(Message.NO_ENTRY_POINT, g.element(), g.name());
            }
            return;
        }
        Set<String> reached = new HashSet<>(List.of(START));
        boolean grew = true;
        while (grew) {
            grew = false;
            for (String from : new ArrayList<>(reached)) {
                for (String to : next.getOrDefault(from, List.of())) {
                    grew |= reached.add(to);
                }
            }
            for (JoinModel j : g.joins()) {
                if (!reached.contains(j.to()) && j.from().stream().allMatch(f -> reached.contains(f.name()))) {
                    grew |= reached.add(j.to());
                }
            }
        }
        for (NodeModel n : g.nodes()) {
            if (!reached.contains(n.name())) {
                report.error(Message.UNREACHABLE_NODE, n.method(), n.annotation(), n.name());
            }
        }
    }

    private static void edge(Map<String, List<String>> next, String from, String to) {
        next.computeIfAbsent(from, k -> new ArrayList<>()).add(to);
    }
}
