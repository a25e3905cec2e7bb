package dev.switchboard.processor.schema;

import dev.switchboard.processor.model.GraphModel;
import dev.switchboard.processor.model.Mirrors;
import dev.switchboard.processor.model.RuntimeNames;
import dev.switchboard.processor.validate.Message;
import dev.switchboard.processor.validate.Report;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;

/** Reads a graph's {@code @Migration} methods and checks what their signatures alone decide. */
final class Migrations {
    private Migrations() {}

    static List<MigrationModel> read(GraphModel graph, int version, Report report) {
        List<MigrationModel> out = new ArrayList<>();
        Map<Integer, MigrationModel> byFrom = new HashMap<>();
        for (ExecutableElement m : ElementFilter.methodsIn(graph.element().getEnclosedElements())) {
            Optional<AnnotationMirror> a = Mirrors.find(m, RuntimeNames.MIGRATION);
            if (a.isEmpty()) {
                continue;
            }
            Optional<AnnotationValue> fromValue = Mirrors.explicit(a.get(), "from");
            if (fromValue.isEmpty() || !(fromValue.get().getValue() instanceof Integer from)) {
                continue; // javac reports the missing or bad value
            }
            if (from < 1 || from >= version) {
                report.errorOnValue(
                        Message.MIGRATION_FROM_RANGE,
                        m,
                        a.get(),
                        fromValue.get(),
                        from,
                        m.getSimpleName(),
                        version,
                        version - 1);
                continue;
            }
            MigrationModel model = signature(graph, m, a.get(), fromValue.get(), from, report);
            if (model == null) {
                continue;
            }
            MigrationModel first = byFrom.putIfAbsent(from, model);
            if (first != null) {
                report.errorOnValue(
                        Message.MIGRATION_DUPLICATE,
                        m,
                        a.get(),
                        fromValue.get(),
                        from,
                        m.getSimpleName(),
                        first.method().getSimpleName(),
                        from);
                continue;
            }
            out.add(model);
        }
        return out;
    }

    private static MigrationModel signature(
            GraphModel graph,
            ExecutableElement m,
            AnnotationMirror a,
            AnnotationValue fromValue,
            int from,
            Report report) {
        String state =
                graph.state() == null ? "the state record" : graph.state().simpleName();
        String problem = null;
        TypeElement takes = null;
        TypeElement returns = record(m.getReturnType());
        if (!m.getModifiers().contains(Modifier.STATIC)) {
            problem = "it is not static";
        } else if (m.getModifiers().contains(Modifier.PRIVATE)) {
            problem = "it is private, but the generated graph calls it";
        } else if (!m.getTypeParameters().isEmpty()) {
            problem = "it has type parameters";
        } else if (m.getParameters().size() != 1
                || (takes = record(m.getParameters().get(0).asType())) == null) {
            problem = "it takes ("
                    + String.join(
                            ", ",
                            m.getParameters().stream()
                                    .map(p -> p.asType().toString())
                                    .toList())
                    + "), not one record";
        } else if (returns == null) {
            problem = "it returns " + m.getReturnType() + ", not a record";
        }
        if (problem != null) {
            report.error(Message.MIGRATION_SIGNATURE, m, m.getSimpleName(), problem, state);
            return null;
        }
        boolean toCurrent = graph.state() != null && graph.state().element().equals(returns);
        return new MigrationModel(m, a, fromValue, from, takes, returns, toCurrent);
    }

    private static TypeElement record(TypeMirror t) {
        return t instanceof DeclaredType d
                        && d.asElement() instanceof TypeElement e
                        && e.getKind() == ElementKind.RECORD
                        && d.getTypeArguments().isEmpty()
                ? e
                : null;
    }
}
