package dev.switchboard.processor.validate;

import dev.switchboard.processor.model.GeneratedNames;
import dev.switchboard.processor.model.GraphModel;
import dev.switchboard.processor.model.HandlerModel;
import dev.switchboard.processor.model.NodeInput;
import dev.switchboard.processor.model.NodeModel;
import dev.switchboard.processor.model.Returns;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import javax.lang.model.element.Element;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeMirror;

/**
 * Checks {@code @OnError} handlers: each names a node of the graph that runs its own method (not a
 * subgraph), no node has two, and a handler's signature is its node's with the failure added — the
 * node's input, the exception, optionally {@code NodeContext} — returning what the node could.
 */
final class HandlerRules {
    private final TypeCheck check;

    HandlerRules(TypeCheck check) {
        this.check = check;
    }

    void check(GraphModel g, Report report) {
        Set<String> nodes = new LinkedHashSet<>(g.nodeNames());
        Map<String, HandlerModel> seen = new HashMap<>();
        String generated = GeneratedNames.graph(g.element());
        for (HandlerModel h : g.handlers()) {
            String method = h.method().getSimpleName().toString();
            if (h.alsoAnnotated() != null) {
                report.error(Message.ON_ERROR_NOT_SEPARATE, h.method(), h.annotation(), method, h.alsoAnnotated());
                continue;
            }
            SignatureRules.checkMethod(h.method(), "error handler", generated, report);
            String name = h.node().name();
            Optional<NodeModel> node = g.node(name);
            if (node.isEmpty()) {
                if (h.node().value() != null) { // else javac reports the missing value
                    String where = "@OnError(\"" + name + "\") on " + method + "()";
                    StructureRules.checkKnown(h.node(), where, nodes, report);
                }
                continue;
            }
            HandlerModel previous = seen.putIfAbsent(name, h);
            if (previous != null) {
                report.error(
                        Message.ON_ERROR_DUPLICATE,
                        h.node(),
                        name,
                        method,
                        previous.method().getSimpleName(),
                        name);
            } else if (node.get().returns().kind() == Returns.Kind.SUBGRAPH) {
                report.error(Message.ON_ERROR_FOR_SUBGRAPH, h.node(), name, method, name);
            } else {
                checkParams(h, node.get(), report);
                SignatureRules.checkReturn(h.method(), h.returns(), SignatureRules.ReturnRule.ERROR_HANDLER, g, report);
            }
        }
    }

    private void checkParams(HandlerModel h, NodeModel n, Report report) {
        TypeMirror input =
                n.input().kind() == NodeInput.Kind.MISSING ? null : n.input().type();
        Optional<Element> wrong = mismatch(h, input);
        if (wrong.isEmpty()) {
            return;
        }
        String method = h.method().getSimpleName().toString();
        String actual = h.params().stream().map(p -> Strings.type(p.asType())).collect(Collectors.joining(", "));
        String takes = input == null ? "" : "its input, " + Strings.type(input) + ", then ";
        String error = h.params().stream()
                .map(VariableElement::asType)
                .filter(TypeCheck::isThrowable)
                .findFirst()
                .map(Strings::simple)
                .orElse("Exception");
        String declare = (input == null ? "" : Strings.simple(input) + " input, ") + error + " error";
        report.error(Message.ON_ERROR_PARAMETERS, wrong.get(), method, actual, n.name(), takes, method, declare);
    }

    /** The first parameter that does not fit, or the method when parameters are missing; empty if all fit. */
    private Optional<Element> mismatch(HandlerModel h, TypeMirror input) {
        List<? extends VariableElement> params = h.params();
        Element method = h.method();
        int errorAt = input == null ? 0 : 1;
        for (int i = 0; i < params.size(); i++) {
            TypeMirror t = params.get(i).asType();
            boolean fits = i < errorAt
                    ? check.types().isSameType(t, input)
                    : i == errorAt ? TypeCheck.isThrowable(t) : i == errorAt + 1 && SignatureRules.isNodeContext(t);
            if (!fits) {
                return Optional.of(params.get(i));
            }
        }
        return params.size() > errorAt ? Optional.empty() : Optional.of(method);
    }
}
