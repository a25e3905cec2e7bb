package dev.switchboard.processor.agent;

import dev.switchboard.processor.agent.MiddlewareModel.HookMethod;
import dev.switchboard.processor.agent.MiddlewareModel.Kind;
import dev.switchboard.processor.agent.MiddlewareModel.Param;
import dev.switchboard.processor.agent.MiddlewareModel.Returns;
import dev.switchboard.processor.model.GeneratedNames;
import dev.switchboard.processor.model.Mirrors;
import dev.switchboard.processor.validate.Message;
import dev.switchboard.processor.validate.Report;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;

/**
 * Checks a {@code @Middleware} model: the class, its name, its state record and every hook's
 * signature. Every rule reports on the narrowest element, and all of them run.
 */
final class MiddlewareRules {
    private MiddlewareRules() {}

    static Report check(MiddlewareModel model) {
        Report report = new Report();
        checkClass(model, report);
        checkName(model, report);
        checkState(model, report);
        Map<Kind, HookMethod> seen = new EnumMap<>(Kind.class);
        for (HookMethod h : model.hooks()) {
            checkHook(model, h, report);
            HookMethod first = seen.putIfAbsent(h.kind(), h);
            if (first != null) {
                report.error(
                        Message.MIDDLEWARE_DUPLICATE_HOOK,
                        h.method(),
                        h.annotation(),
                        h.kind().simpleName(),
                        first.method().getSimpleName(),
                        h.method().getSimpleName(),
                        model.type().getSimpleName());
            }
        }
        return report;
    }

    private static void checkClass(MiddlewareModel model, Report report) {
        TypeElement type = model.type();
        for (Element e = type; e instanceof TypeElement; e = e.getEnclosingElement()) {
            if (e.getModifiers().contains(Modifier.PRIVATE)) {
                report.error(Message.MIDDLEWARE_CLASS_PRIVATE, type, type.getSimpleName(), model.generatedName());
                break;
            }
        }
        if (!type.getTypeParameters().isEmpty()) {
            report.error(Message.MIDDLEWARE_CLASS_GENERIC, type, type.getSimpleName(), model.generatedName());
        }
        if (model.hooks().isEmpty() && !model.toolProvider()) {
            report.error(Message.MIDDLEWARE_WITHOUT_HOOK, type, model.annotation(), type.getSimpleName());
        }
    }

    private static void checkName(MiddlewareModel model, Report report) {
        String name = model.name();
        String problem = name.contains(":") || name.contains("|")
                ? "'" + (name.contains(":") ? ":" : "|") + "' is reserved in node names"
                : name.contains(".") ? "a '.' would make its node names ambiguous" : null;
        if (problem == null) {
            return;
        }
        Mirrors.explicit(model.annotation(), "name")
                .ifPresentOrElse(
                        v -> report.errorOnValue(
                                Message.MIDDLEWARE_INVALID_NAME,
                                model.type(),
                                model.annotation(),
                                v,
                                name,
                                model.type().getSimpleName(),
                                problem),
                        () -> report.error(
                                Message.MIDDLEWARE_INVALID_NAME,
                                model.type(),
                                model.annotation(),
                                name,
                                model.type().getSimpleName(),
                                problem));
    }

    private static void checkState(MiddlewareModel model, Report report) {
        TypeMirror state = model.state();
        if (state == null) {
            return;
        }
        if (!(state instanceof DeclaredType d) || d.asElement().getKind() != ElementKind.RECORD) {
            String shown = shortType(state);
            report.errorOnValue(
                    Message.MIDDLEWARE_STATE_NOT_RECORD,
                    model.type(),
                    model.annotation(),
                    model.stateValue(),
                    shown,
                    model.type().getSimpleName(),
                    shown);
            return;
        }
        TypeElement record = (TypeElement) d.asElement();
        for (RecordComponentElement c : ElementFilter.recordComponentsIn(record.getEnclosedElements())) {
            String name = c.getSimpleName().toString();
            if (AgentNames.AGENT_CHANNELS.contains(name)) {
                report.error(Message.MIDDLEWARE_STATE_RESERVED, c, name, record.getSimpleName(), model.name(), name);
            }
        }
    }

    private static void checkHook(MiddlewareModel model, HookMethod h, Report report) {
        ExecutableElement m = h.method();
        String type = model.type().getSimpleName().toString();
        if (m.getModifiers().contains(Modifier.PRIVATE)) {
            report.error(Message.MIDDLEWARE_HOOK_PRIVATE, m, m.getSimpleName(), type, model.generatedName());
        }
        if (m.getModifiers().contains(Modifier.STATIC)) {
            report.error(Message.MIDDLEWARE_HOOK_STATIC, m, m.getSimpleName(), type);
        }
        for (Kind other : h.otherKinds()) {
            report.error(
                    Message.MIDDLEWARE_TWO_HOOKS,
                    m,
                    m.getSimpleName(),
                    type,
                    h.kind().simpleName(),
                    other.simpleName());
        }
        if (h.kind().isNode()) {
            checkNodeHook(model, h, report);
        } else {
            checkWrap(h, report);
        }
    }

    private static void checkNodeHook(MiddlewareModel model, HookMethod h, Report report) {
        ExecutableElement m = h.method();
        String record = model.state() == null ? null : shortType(model.state());
        Set<Param> given = EnumSet.noneOf(Param.class);
        for (int i = 0; i < h.params().size(); i++) {
            Param p = h.params().get(i);
            if (p == Param.OTHER || !given.add(p)) {
                report.error(
                        Message.MIDDLEWARE_HOOK_PARAMETER,
                        h.param(i),
                        h.param(i).getSimpleName(),
                        m.getSimpleName(),
                        shortType(h.param(i).asType()),
                        record == null
                                ? " (and its state record, once @Middleware(state = ...) names one)"
                                : " and the middleware's state " + record);
            }
        }
        if (h.returns() == Returns.OTHER) {
            report.error(
                    Message.MIDDLEWARE_HOOK_RETURN,
                    m,
                    m.getSimpleName(),
                    shortType(m.getReturnType()),
                    model.state() == null
                            ? ""
                            : " or " + GeneratedNames.update((TypeElement) ((DeclaredType) model.state()).asElement()));
        }
    }

    private static void checkWrap(HookMethod h, Report report) {
        ExecutableElement m = h.method();
        boolean model = h.kind() == Kind.WRAP_MODEL_CALL;
        String result = model ? "ModelResponse" : "ToolResult";
        String request = model ? "ModelRequest" : "ToolCallRequest";
        String handler = model ? "ModelCallHandler" : "ToolCallHandler";
        String prefix = model ? "dev.switchboard.agent." : "dev.switchboard.agent.";
        List<? extends javax.lang.model.element.VariableElement> ps = m.getParameters();
        boolean ok = named(m.getReturnType(), prefix + result)
                && ps.size() == 2
                && named(ps.get(0).asType(), prefix + request)
                && named(ps.get(1).asType(), prefix + handler);
        if (!ok) {
            StringBuilder actual = new StringBuilder(shortType(m.getReturnType()))
                    .append(' ')
                    .append(m.getSimpleName())
                    .append('(');
            for (int i = 0; i < ps.size(); i++) {
                actual.append(i == 0 ? "" : ", ").append(shortType(ps.get(i).asType()));
            }
            report.error(
                    Message.MIDDLEWARE_WRAP_SIGNATURE,
                    m,
                    h.annotation(),
                    h.kind().simpleName(),
                    m.getSimpleName(),
                    result,
                    m.getSimpleName(),
                    request,
                    handler,
                    actual.append(')'));
        }
    }

    /** A type as the user wrote it: package and outer-class qualifiers dropped ({@code Quiet.Mine} is {@code Mine}). */
    private static String shortType(TypeMirror t) {
        return t.toString().replaceAll("\\b(?:[A-Za-z_$][\\w$]*\\.)+([A-Z][\\w$]*)", "$1");
    }

    private static boolean named(TypeMirror t, String qualified) {
        return t.getKind() == TypeKind.DECLARED
                && ((TypeElement) ((DeclaredType) t).asElement())
                        .getQualifiedName()
                        .contentEquals(qualified);
    }
}
