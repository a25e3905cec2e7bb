package dev.switchboard.processor.validate;

import dev.switchboard.processor.model.ComponentModel;
import dev.switchboard.processor.model.GraphReader;
import dev.switchboard.processor.model.NodeModel;
import dev.switchboard.processor.model.RuntimeNames;
import dev.switchboard.processor.model.StateModel;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;

/**
 * Warns when a subgraph node hands a parent's accumulated value back to the parent's reducer. As in
 * LangGraph, the child starts from the parent's channels named in its input record and its whole
 * output goes back through the parent's reducers; a channel in both records thus reaches the parent's
 * reducer as the parent's value plus the child's additions. Reducers for which reducing that again
 * changes nothing (max, min, set union, key-wise map merge) are left alone; any other reducer counts
 * the parent's value twice: {@code Append} repeats its items, {@code Sum} doubles it, and a user's
 * reducer cannot be told apart from those, so it is warned about too (the warning can be
 * acknowledged with {@code @SuppressWarnings}).
 */
final class ReappendRule {
    /** The {@code @SuppressWarnings} value that acknowledges the warning on a node or its class. */
    static final String SUPPRESSION = "switchboard:subgraph-reappend";

    /** Reducers r with r(p, r(p, a)) = r(p, a): the child's value already holds p, so it is harmless. */
    private static final Set<String> IDEMPOTENT = Set.of("Max", "Min", "Union", "MergeMap").stream()
            .map(r -> RuntimeNames.RUNTIME + ".reducer." + r)
            .collect(Collectors.toUnmodifiableSet());

    /**
     * Checks one subgraph node.
     *
     * @param args the subgraph's {@code CompiledGraph} type arguments: state, input update, output
     */
    void check(
            NodeModel n,
            List<? extends TypeMirror> args,
            Map<String, ComponentModel> channels,
            StateModel state,
            Report report) {
        if (args.size() != 3 || isSuppressed(n.method())) {
            return;
        }
        TypeElement childState = record(args.get(0)).orElse(null);
        if (childState == null) {
            return;
        }
        Set<String> in = names(inputRecord(args.get(1)).orElse(childState));
        Set<String> out = names(record(args.get(2)).orElse(childState));
        for (String name : in) {
            ComponentModel mine = channels.get(name);
            if (out.contains(name) && mine != null && reducesTwice(mine)) {
                warn(n, name, mine, state, report);
            }
        }
    }

    private void warn(NodeModel n, String channel, ComponentModel mine, StateModel state, Report report) {
        String method = n.method().getSimpleName().toString();
        TypeMirror graph = n.returns().type();
        report.warning(
                Message.SUBGRAPH_REAPPEND,
                n.method(),
                method,
                simpleName(graph),
                channel,
                state.simpleName(),
                state.simpleName(),
                mine.impl().getSimpleName(),
                graphClass(graph),
                channel,
                SUPPRESSION,
                method);
    }

    private static boolean reducesTwice(ComponentModel c) {
        return c.kind() == ComponentModel.Kind.REDUCER
                && c.impl() != null
                && !IDEMPOTENT.contains(c.impl().getQualifiedName().toString());
    }

    private static boolean isSuppressed(Element element) {
        for (Element e = element; e != null; e = e.getEnclosingElement()) {
            SuppressWarnings s = e.getAnnotation(SuppressWarnings.class);
            if (s != null && Arrays.asList(s.value()).contains(SUPPRESSION)) {
                return true;
            }
        }
        return false;
    }

    private static Set<String> names(TypeElement record) {
        return record.getRecordComponents().stream()
                .map(RecordComponentElement::getSimpleName)
                .map(Object::toString)
                .collect(Collectors.toSet());
    }

    private static Optional<TypeElement> record(TypeMirror t) {
        return t instanceof DeclaredType d
                        && d.asElement() instanceof TypeElement e
                        && e.getKind() == ElementKind.RECORD
                ? Optional.of(e)
                : Optional.empty();
    }

    /** The record a generated update type updates: the argument of its {@code StateSchema schema()}. */
    private static Optional<TypeElement> inputRecord(TypeMirror update) {
        if (!(update instanceof DeclaredType d)) {
            return Optional.empty();
        }
        for (ExecutableElement m : ElementFilter.methodsIn(d.asElement().getEnclosedElements())) {
            if (m.getSimpleName().contentEquals("schema")
                    && m.getParameters().isEmpty()
                    && m.getReturnType() instanceof DeclaredType schema
                    && schema.getTypeArguments().size() == 1) {
                return record(schema.getTypeArguments().get(0));
            }
        }
        return Optional.empty();
    }

    private static String simpleName(TypeMirror t) {
        return t instanceof DeclaredType d ? d.asElement().getSimpleName().toString() : Strings.type(t);
    }

    /** The class {@code @Graph} goes on: the one the generated graph was made from. */
    private static String graphClass(TypeMirror graph) {
        return GraphReader.graphClassOf(graph)
                .map(c -> c.getSimpleName().toString())
                .orElse("the subgraph's class");
    }
}
