package dev.switchboard.processor.validate;

import dev.switchboard.processor.model.GraphModel;
import dev.switchboard.processor.model.Mirrors;
import dev.switchboard.processor.model.NodeModel;
import dev.switchboard.processor.model.Returns;
import dev.switchboard.processor.model.RuntimeNames;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * Checks the run context ({@code @Graph(context = ...)}): that it names a class, and that a
 * subgraph node only runs a graph whose declared context this graph's runs can pass down. A
 * subgraph inherits its parent's context object, so a parent without one, or with one of an
 * unrelated type, would fail every run of that node; the processor sees both types, so it says so
 * here instead.
 */
final class ContextRules {
    private final TypeCheck check;

    ContextRules(TypeCheck check) {
        this.check = check;
    }

    void check(GraphModel g, Report report) {
        TypeMirror context = g.context();
        if (context != null && context.getKind() != TypeKind.DECLARED) {
            report.errorOnValue(
                    Message.CONTEXT_NOT_A_CLASS,
                    g.element(),
                    g.graphAnnotation(),
                    Mirrors.explicit(g.graphAnnotation(), "context").orElse(null),
                    Strings.type(context));
        }
        Optional<TypeElement> contextual = check.element(RuntimeNames.CONTEXTUAL_GRAPH);
        if (contextual.isEmpty()) {
            return;
        }
        for (NodeModel n : g.nodes()) {
            if (n.returns().kind() == Returns.Kind.SUBGRAPH) {
                checkSubgraph(n, g, contextual.get(), report);
            }
        }
    }

    private void checkSubgraph(NodeModel n, GraphModel g, TypeElement contextual, Report report) {
        TypeMirror runs = n.method().getReturnType();
        List<? extends TypeMirror> args = check.argumentsOf(runs, contextual);
        if (args.size() != 1) {
            return;
        }
        TypeMirror needed = args.get(0);
        if (g.context() != null && check.types().isAssignable(g.context(), needed)) {
            return;
        }
        report.error(
                Message.SUBGRAPH_CONTEXT_MISMATCH,
                n.method(),
                n.method().getSimpleName(),
                Strings.type(runs),
                Strings.type(needed),
                g.context() == null ? "declares none" : "declares " + Strings.type(g.context()),
                Strings.type(needed));
    }
}
