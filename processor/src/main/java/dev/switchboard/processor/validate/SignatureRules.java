package dev.switchboard.processor.validate;

import dev.switchboard.processor.model.GeneratedNames;
import dev.switchboard.processor.model.GraphModel;
import dev.switchboard.processor.model.NameRef;
import dev.switchboard.processor.model.NodeModel;
import dev.switchboard.processor.model.Returns;
import dev.switchboard.processor.model.RouteModel;
import dev.switchboard.processor.model.RuntimeNames;
import dev.switchboard.processor.model.StateModel;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.WildcardType;

/**
 * Checks the graph class and the signatures of its node and route methods, and what every method
 * the generated graph calls (node, route, error handler) must be: visible to it, not generic,
 * throwing only Exceptions and Errors.
 */
final class SignatureRules {
    private final TypeCheck check;

    SignatureRules(TypeCheck check) {
        this.check = check;
    }

    void check(GraphModel g, Report report) {
        TypeElement cls = g.element();
        String generated = GeneratedNames.graph(cls);
        if (StateRules.isPrivate(cls)) {
            report.error(Message.PRIVATE_GRAPH, cls, cls.getQualifiedName(), generated);
        }
        if (!cls.getTypeParameters().isEmpty()) {
            report.error(Message.GENERIC_GRAPH, cls, cls.getQualifiedName());
        }
        for (NodeModel n : g.nodes()) {
            checkMethod(n.method(), "node", generated, report);
            checkNodeParams(n, g, report);
            checkReturn(n.method(), n.returns(), ReturnRule.NODE, g, report);
        }
        for (RouteModel r : g.routes()) {
            checkMethod(r.method(), "route", generated, report);
            checkRoute(r, g, report);
        }
    }

    static void checkMethod(ExecutableElement m, String kind, String generated, Report report) {
        if (m.getModifiers().contains(Modifier.PRIVATE)) {
            report.error(Message.PRIVATE_METHOD, m, kind, m.getSimpleName(), generated);
        }
        if (!m.getTypeParameters().isEmpty()) {
            report.error(Message.GENERIC_METHOD, m, kind, m.getSimpleName(), kind);
        }
        for (TypeMirror thrown : m.getThrownTypes()) {
            if (!TypeCheck.isExceptionOrError(thrown)) {
                report.error(Message.THROWS_THROWABLE, m, kind, m.getSimpleName(), Strings.type(thrown), generated);
            }
        }
    }

    private void checkNodeParams(NodeModel n, GraphModel g, Report report) {
        List<? extends VariableElement> params = n.params();
        if (n.returns().kind() == Returns.Kind.SUBGRAPH) {
            for (VariableElement p : params) {
                if (!isNodeContext(p.asType())) {
                    report.error(
                            Message.SUBGRAPH_PARAMETERS,
                            p,
                            n.method().getSimpleName(),
                            p.getSimpleName(),
                            Strings.type(p.asType()));
                }
            }
            return;
        }
        if (params.isEmpty()) {
            String state = g.state() == null ? "" : " " + g.state().simpleName();
            report.error(Message.NODE_WITHOUT_PARAMETER, n.method(), n.name(), state);
            return;
        }
        boolean nodeContext = false, runContext = false;
        for (VariableElement p : params.subList(1, params.size())) {
            TypeMirror t = p.asType();
            if (isNodeContext(t) && !nodeContext) {
                nodeContext = true;
            } else if (isRunContext(t, g) && !runContext) {
                runContext = true;
            } else if (g.context() != null && !isNodeContext(t) && !isRunContext(t, g)) {
                report.error(
                        Message.CONTEXT_PARAMETER_MISMATCH,
                        p,
                        n.method().getSimpleName(),
                        p.getSimpleName(),
                        Strings.type(t),
                        Strings.type(g.context()),
                        Strings.type(g.context()));
            } else {
                report.error(
                        Message.NODE_EXTRA_PARAMETER,
                        p,
                        n.method().getSimpleName(),
                        p.getSimpleName(),
                        Strings.type(t));
            }
        }
    }

    /** Whether a parameter receives the run context: it is of the type {@code @Graph(context)} names. */
    private boolean isRunContext(TypeMirror t, GraphModel g) {
        return g.context() != null
                && g.context().getKind() == TypeKind.DECLARED
                && check.types().isSameType(t, g.context());
    }

    /**
     * What a node or an error handler may return, and the messages that say otherwise. A handler
     * returns what its node could, except a subgraph to run, which is no handler's result.
     */
    enum ReturnRule {
        NODE(Message.NODE_RETURN, Message.NODE_UPDATE_NOT_IN_GRAPH, true),
        ERROR_HANDLER(Message.ON_ERROR_RETURN, Message.ON_ERROR_UPDATE_NOT_IN_GRAPH, false);

        private final Message unsupported;
        private final Message notInGraph;
        private final boolean subgraph;

        ReturnRule(Message unsupported, Message notInGraph, boolean subgraph) {
            this.unsupported = unsupported;
            this.notInGraph = notInGraph;
            this.subgraph = subgraph;
        }
    }

    /**
     * Checks the return type of a node or an error handler. A {@code Command}'s update is not
     * checked here: it may be the parent graph's ({@code Command.toParent()}), so it is checked when
     * the command is applied.
     */
    static void checkReturn(ExecutableElement m, Returns r, ReturnRule rule, GraphModel g, Report report) {
        if (r.kind() == Returns.Kind.UNSUPPORTED || (r.kind() == Returns.Kind.SUBGRAPH && !rule.subgraph)) {
            String stateUpdate = stateUpdate(g);
            report.error(rule.unsupported, m, m.getSimpleName(), Strings.type(r.type()), stateUpdate, stateUpdate);
        } else if (r.kind() == Returns.Kind.UPDATE) {
            Set<String> updates = updates(g);
            if (!updates.contains(qualified(r.update()))) {
                report.error(
                        rule.notInGraph, m, m.getSimpleName(), Strings.type(r.update()), g.name(), simpleList(updates));
            }
        }
    }

    /** The qualified names of the updates a node of the graph may return: those of its records. */
    private static Set<String> updates(GraphModel g) {
        return g.family().stream().map(StateModel::updateName).collect(Collectors.toSet());
    }

    /** The state's update type as messages name it. */
    private static String stateUpdate(GraphModel g) {
        return g.state() == null ? "XxxUpdate" : Strings.simple(g.state().updateName());
    }

    private static String simpleList(Set<String> updates) {
        return Strings.list(updates.stream().map(Strings::simple).toList());
    }

    private void checkRoute(RouteModel r, GraphModel g, Report report) {
        List<? extends VariableElement> params = r.params();
        boolean stateFirst = !params.isEmpty()
                && g.state() != null
                && check.types()
                        .isSameType(params.get(0).asType(), g.state().element().asType());
        boolean restOk = params.size() <= 2
                && (params.size() < 2 || isNodeContext(params.get(1).asType()));
        if (g.state() != null && (!stateFirst || !restOk)) {
            report.error(
                    Message.ROUTE_PARAMETERS,
                    r.method(),
                    r.method().getSimpleName(),
                    g.state().simpleName());
        }
        if (r.returns() == RouteModel.Kind.UNSUPPORTED) {
            report.error(Message.ROUTE_RETURN, r.method(), r.method().getSimpleName(), Strings.type(r.returnType()));
        }
        if (r.returns() == RouteModel.Kind.SEND) {
            declaredPayload(r.element()).ifPresent(p -> checkSendTargets(r, p, g, report));
        }
    }

    /**
     * A Send's payload becomes its node's parameter, so a route that declares {@code Send<Job>}
     * must send only to nodes whose parameter a {@code Job} can be assigned to, or the node fails
     * with a {@code ClassCastException} at run time.
     */
    private void checkSendTargets(RouteModel r, TypeMirror payload, GraphModel g, Report report) {
        for (NameRef to : r.to()) {
            Optional<NodeModel> node = g.node(to.name());
            if (node.isEmpty()
                    || node.get().input().type() == null
                    || node.get().returns().kind() == Returns.Kind.SUBGRAPH) {
                continue; // unknown nodes are reported elsewhere; a node without input ignores the payload
            }
            TypeMirror param = node.get().input().type();
            if (!accepts(param, payload)) {
                String method = node.get().method().getSimpleName().toString();
                report.error(
                        Message.SEND_PAYLOAD_MISMATCH,
                        to,
                        r.method().getSimpleName(),
                        Strings.type(r.element()).replace(RuntimeNames.RUNTIME + ".", ""),
                        to.name(),
                        method,
                        Strings.type(param),
                        Strings.type(payload),
                        Strings.type(param),
                        method,
                        Strings.type(payload));
            }
        }
    }

    /**
     * Whether a node taking {@code param} accepts a payload of type {@code payload}. Generated code
     * casts the payload to the parameter's boxed type, so a primitive parameter takes exactly its
     * box: an {@code Integer} payload is no {@code Long}, though javac would widen it.
     */
    private boolean accepts(TypeMirror param, TypeMirror payload) {
        return param.getKind().isPrimitive()
                ? check.types().isSameType(payload, check.boxed(param))
                : check.types().isAssignable(payload, param);
    }

    /**
     * The payload type a {@code Send} type declares, when it says one: not for a raw {@code Send},
     * {@code Send<?>}, {@code Send<? super X>} or {@code Send<Object>}, which may carry anything.
     */
    private static Optional<TypeMirror> declaredPayload(TypeMirror send) {
        if (!(send instanceof DeclaredType d) || d.getTypeArguments().size() != 1) {
            return Optional.empty();
        }
        TypeMirror p = d.getTypeArguments().get(0);
        if (p instanceof WildcardType w) {
            p = w.getExtendsBound();
        }
        return p == null || qualified(p).equals("java.lang.Object") || p.getKind() == TypeKind.TYPEVAR
                ? Optional.empty()
                : Optional.of(p);
    }

    static boolean isNodeContext(TypeMirror t) {
        return t instanceof DeclaredType && qualified(t).equals(RuntimeNames.NODE_CONTEXT);
    }

    private static String qualified(TypeMirror t) {
        return t instanceof DeclaredType d
                ? ((TypeElement) d.asElement()).getQualifiedName().toString()
                : t.toString();
    }
}
