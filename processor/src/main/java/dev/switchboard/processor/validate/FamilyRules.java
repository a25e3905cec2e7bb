package dev.switchboard.processor.validate;

import dev.switchboard.processor.model.ComponentModel;
import dev.switchboard.processor.model.GraphMember;
import dev.switchboard.processor.model.GraphModel;
import dev.switchboard.processor.model.NodeInput;
import dev.switchboard.processor.model.NodeModel;
import dev.switchboard.processor.model.Returns;
import dev.switchboard.processor.model.RuntimeNames;
import dev.switchboard.processor.model.StateModel;
import dev.switchboard.processor.model.StateReader;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.Element;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;

/**
 * Checks the records that form a graph's state: there is a state, nodes read it (or, with
 * {@code @Graph(state)}, records whose components are its channels), and input, output and private
 * records agree with it on every channel they share. A subgraph node's graph shares channels of the
 * same types, and {@link ReappendRule} warns where the parent would reduce a shared value twice.
 */
final class FamilyRules {
    private final TypeCheck check;
    private final ReappendRule reappend = new ReappendRule();

    FamilyRules(TypeCheck check) {
        this.check = check;
    }

    void check(GraphModel g, Report report) {
        for (GraphMember m : g.nonRecords()) {
            String state = g.state() == null ? "the state" : g.state().simpleName();
            String type = Strings.type(m.type());
            report.error(
                    Message.GRAPH_MEMBER_NOT_RECORD,
                    g.element(),
                    g.graphAnnotation(),
                    m.member() + " = " + type + ".class",
                    type,
                    state);
        }
        StateModel state = g.state();
        if (state == null) {
            report.error(Message.NO_STATE, g.element(), g.name());
            return;
        }
        Map<String, ComponentModel> channels = new LinkedHashMap<>();
        state.components().stream().filter(c -> !c.isManaged()).forEach(c -> channels.put(c.name(), c));
        for (StateModel p : g.privateState()) {
            checkRecord(p, "@Graph(privateState) " + p.simpleName(), p.element(), channels, state, report, true);
        }
        checkRecord(g.input(), "@Graph(input) " + g.input().simpleName(), g.element(), channels, state, report, false);
        checkRecord(
                g.output(), "@Graph(output) " + g.output().simpleName(), g.element(), channels, state, report, false);
        boolean declared = g.stateOrigin().equals("@Graph(state)");
        Optional<TypeElement> compiledGraph = check.element(RuntimeNames.COMPILED_GRAPH);
        for (NodeModel n : g.nodes()) {
            checkNode(n, state, g.stateOrigin(), declared, channels, report);
            if (n.returns().kind() == Returns.Kind.SUBGRAPH && compiledGraph.isPresent()) {
                checkSubgraph(n, compiledGraph.get(), state, channels, report);
            }
        }
    }

    /** A subgraph node maps channels by name: they must exist on both sides with one type. */
    private void checkSubgraph(
            NodeModel n,
            TypeElement compiledGraph,
            StateModel state,
            Map<String, ComponentModel> channels,
            Report report) {
        List<? extends TypeMirror> args = check.argumentsOf(n.returns().type(), compiledGraph);
        TypeMirror childState = args.isEmpty() ? null : args.get(0);
        if (!(childState instanceof DeclaredType d)
                || !(d.asElement() instanceof TypeElement child)
                || !StateReader.isRecord(child)) {
            return;
        }
        boolean shared = false;
        for (RecordComponentElement c : child.getRecordComponents()) {
            ComponentModel mine = channels.get(c.getSimpleName().toString());
            if (mine == null) {
                continue;
            }
            shared = true;
            if (!sameType(mine, c.asType())) {
                report.error(
                        Message.SUBGRAPH_KEY_TYPE_MISMATCH,
                        n.method(),
                        n.annotation(),
                        n.method().getSimpleName(),
                        c.getSimpleName(),
                        Strings.type(c.asType()),
                        Strings.type(mine.type()),
                        state.simpleName());
            }
        }
        if (!shared) {
            report.error(
                    Message.SUBGRAPH_NO_SHARED_KEYS,
                    n.method(),
                    n.annotation(),
                    n.method().getSimpleName(),
                    child.getSimpleName(),
                    state.simpleName());
        } else {
            reappend.check(n, args, channels, state, report);
        }
    }

    private void checkNode(
            NodeModel n,
            StateModel state,
            String origin,
            boolean declared,
            Map<String, ComponentModel> channels,
            Report report) {
        NodeInput in = n.input();
        Element param = n.params().isEmpty() ? n.method() : n.params().get(0);
        if (in.kind() == NodeInput.Kind.PAYLOAD && n.pull()) {
            report.error(
                    Message.PAYLOAD_NODE_REACHED_BY_NAME,
                    param,
                    n.method().getSimpleName(),
                    Strings.type(in.type()),
                    state.simpleName());
        } else if (in.kind() == NodeInput.Kind.PROJECTION) {
            if (!declared) {
                report.error(
                        Message.STATE_MISMATCH,
                        param,
                        n.method().getSimpleName(),
                        Strings.type(in.type()),
                        state.simpleName(),
                        origin,
                        state.simpleName(),
                        state.simpleName());
            } else {
                checkRecord(
                        in.record(),
                        "node " + n.method().getSimpleName() + "()",
                        param,
                        channels,
                        state,
                        report,
                        false);
            }
        }
    }

    /** Components of {@code r} must be channels (or, for private records, become channels). */
    private void checkRecord(
            StateModel r,
            String who,
            Element at,
            Map<String, ComponentModel> channels,
            StateModel state,
            Report report,
            boolean addsChannels) {
        if (r == state) {
            return;
        }
        for (ComponentModel c : r.components()) {
            if (c.isManaged()) {
                continue;
            }
            ComponentModel existing = channels.get(c.name());
            if (existing == null) {
                if (addsChannels) {
                    channels.put(c.name(), c);
                } else {
                    Strings.Candidates candidates = Strings.candidates(c.name(), channels.keySet());
                    report.error(
                            Message.PROJECTION_UNKNOWN_COMPONENT,
                            at,
                            who,
                            r.simpleName(),
                            c.name(),
                            state.simpleName(),
                            r.simpleName(),
                            candidates.list(),
                            candidates.didYouMean());
                }
            } else if (!sameType(existing, c.type())) {
                report.error(
                        Message.PROJECTION_TYPE_MISMATCH,
                        at,
                        who,
                        r.simpleName(),
                        c.name(),
                        Strings.type(c.type()),
                        c.name(),
                        Strings.type(existing.type()));
            } else if (c.annotation() != null && !sameKind(existing, c)) {
                report.error(
                        Message.PROJECTION_KIND_MISMATCH,
                        c.element(),
                        c.annotation(),
                        c.name(),
                        r.simpleName(),
                        state.simpleName());
            }
        }
    }

    /** Whether a record component of another record has its channel's type; primitives match their boxes. */
    private boolean sameType(ComponentModel channel, TypeMirror component) {
        return check.types().isSameType(check.boxed(channel.type()), check.boxed(component));
    }

    private static boolean sameKind(ComponentModel a, ComponentModel b) {
        return a.kind() == b.kind()
                && a.guard() == b.guard()
                && a.accumulate() == b.accumulate()
                && (a.impl() == null ? b.impl() == null : a.impl().equals(b.impl()));
    }
}
