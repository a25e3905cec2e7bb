package dev.switchboard.processor.validate;

import dev.switchboard.processor.model.GeneratedNames;
import dev.switchboard.processor.model.Mirrors;
import dev.switchboard.processor.model.RuntimeNames;
import dev.switchboard.processor.model.StoredTypes;
import dev.switchboard.processor.model.WorkflowModel;
import dev.switchboard.processor.model.WorkflowModel.Param;
import dev.switchboard.processor.model.WorkflowModel.Role;
import dev.switchboard.processor.model.WorkflowModel.TaskModel;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.PrimitiveType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Types;

/**
 * Checks a functional workflow at compile time: one entrypoint, taking its input first and then
 * only what the runtime gives it; tasks that the generated code can call, named uniquely, that do
 * not call tasks themselves; every value a run stores (input, output, saved value, task arguments
 * and results) storable and read back as its type; policies the runtime accepts. Every error goes
 * on the offending element.
 */
public final class WorkflowRules {
    private final StoredTypes stored;
    private final Types types;

    public WorkflowRules(StoredTypes stored, Types types) {
        this.stored = stored;
        this.types = types;
    }

    public Report check(WorkflowModel w) {
        Report report = new Report();
        TypeElement type = w.type();
        String workflow = GeneratedNames.workflow(type);
        if (type.getModifiers().contains(Modifier.PRIVATE)) {
            report.error(Message.WORKFLOW_CLASS_PRIVATE, type, type.getSimpleName(), workflow);
        }
        if (!type.getTypeParameters().isEmpty()) {
            report.error(Message.WORKFLOW_CLASS_GENERIC, type, type.getSimpleName(), workflow);
        }
        for (ExecutableElement m : w.nodes()) {
            m.getAnnotationMirrors().stream()
                    .filter(a -> !Mirrors.is(a, RuntimeNames.TASK) && !Mirrors.is(a, RuntimeNames.ENTRYPOINT))
                    .findFirst()
                    .ifPresent(a -> report.error(
                            Message.WORKFLOW_WITH_NODES,
                            m,
                            a,
                            Mirrors.simpleName(a),
                            m.getSimpleName(),
                            type.getSimpleName()));
        }
        if (w.entrypoint() == null) {
            report.error(Message.WORKFLOW_NO_ENTRYPOINT, type, type.getSimpleName());
        } else {
            checkEntrypoint(w, report);
        }
        checkTasks(w, report);
        return report;
    }

    private void checkEntrypoint(WorkflowModel w, Report report) {
        ExecutableElement entry = w.entrypoint();
        String name = entry.getSimpleName().toString();
        for (ExecutableElement other : w.others()) {
            report.error(
                    Message.WORKFLOW_TWO_ENTRYPOINTS,
                    other,
                    Mirrors.find(other, RuntimeNames.ENTRYPOINT).orElseThrow(),
                    name,
                    other.getSimpleName(),
                    w.type().getSimpleName());
        }
        checkModifiers(entry, "Entrypoint", w.type(), report);
        String tasks = GeneratedNames.tasks(w.type());
        if (w.param(Role.INPUT) == null) {
            report.error(Message.ENTRYPOINT_NO_INPUT, entry, name, tasks);
        }
        Map<Role, Param> seen = new EnumMap<>(Role.class);
        for (Param p : w.params()) {
            if (p.role() == Role.UNKNOWN) {
                report.error(
                        Message.ENTRYPOINT_PARAMETER,
                        p.element(),
                        p.element().getSimpleName(),
                        name,
                        Strings.type(p.element().asType()),
                        tasks);
            } else if (seen.putIfAbsent(p.role(), p) != null) {
                report.error(
                        Message.ENTRYPOINT_DUPLICATE_PARAMETER,
                        p.element(),
                        name,
                        p.role() == Role.PREVIOUS
                                ? "a @Previous parameter"
                                : Strings.type(p.element().asType()));
            }
        }
        if (w.output() == null) {
            report.error(Message.ENTRYPOINT_VOID, entry, name);
            return;
        }
        Param input = w.param(Role.INPUT);
        if (input != null) {
            storable(
                    input.element().asType(),
                    "the input " + input.element().getSimpleName(),
                    input.element(),
                    name,
                    report);
        }
        storable(w.output(), "the output", entry, name, report);
        if (!types.isSameType(w.output(), w.saved())) {
            storable(w.saved(), "the saved value", entry, name, report);
        }
        Param previous = w.param(Role.PREVIOUS);
        if (previous != null && previous.element().asType().getKind().isPrimitive()) {
            report.error(
                    Message.PREVIOUS_PRIMITIVE,
                    previous.element(),
                    previous.element().getSimpleName(),
                    name,
                    Strings.type(previous.element().asType()),
                    Strings.type(boxed(previous.element().asType())));
        } else if (previous != null && !types.isSameType(previous.element().asType(), w.saved())) {
            report.error(
                    Message.PREVIOUS_TYPE,
                    previous.element(),
                    previous.element().getSimpleName(),
                    name,
                    Strings.type(previous.element().asType()),
                    Strings.type(w.saved()),
                    Strings.type(w.saved()));
        }
        PolicyRules.check(entry, w.policies(), report);
    }

    private void checkTasks(WorkflowModel w, Report report) {
        Map<String, TaskModel> byName = new HashMap<>();
        for (TaskModel t : w.tasks()) {
            ExecutableElement m = t.method();
            String method = m.getSimpleName().toString();
            checkModifiers(m, "Task", w.type(), report);
            for (VariableElement p : t.tasksParams()) {
                report.error(Message.TASK_CALLS_TASKS, p, method, GeneratedNames.tasks(w.type()));
            }
            TaskModel first = byName.putIfAbsent(t.name(), t);
            if (first != null) {
                report.error(
                        Message.TASK_DUPLICATE_NAME,
                        t.nameRef(),
                        t.name(),
                        first.method().getSimpleName(),
                        method);
            }
            if (t.name().equals(w.name())) {
                report.error(Message.TASK_NAMED_LIKE_ENTRYPOINT, t.nameRef(), t.name(), method);
            }
            if (t.policies().cache() != null) {
                report.error(Message.CACHE_ON_TASK, m, t.policies().cache().annotation(), method);
            }
            PolicyRules.check(m, t.policies(), report);
            for (VariableElement arg : t.args()) {
                if (!t.tasksParams().contains(arg)) {
                    storable(arg.asType(), "parameter " + arg.getSimpleName(), arg, method, report);
                }
            }
            if (!t.voidResult()) {
                storable(t.result(), "the result", m, method, report);
            }
        }
    }

    private static void checkModifiers(ExecutableElement m, String annotation, TypeElement type, Report report) {
        for (Modifier bad : new Modifier[] {Modifier.PRIVATE, Modifier.STATIC, Modifier.ABSTRACT}) {
            if (m.getModifiers().contains(bad)) {
                report.error(
                        Message.WORKFLOW_METHOD_MODIFIER,
                        m,
                        annotation,
                        m.getSimpleName(),
                        bad.toString(),
                        GeneratedNames.workflow(type));
            }
        }
    }

    private void storable(TypeMirror t, String what, Element at, String method, Report report) {
        for (StoredTypes.Problem p : stored.walk(t).problems()) {
            report.error(
                    Message.UNSTORABLE_WORKFLOW_TYPE,
                    at,
                    what,
                    method,
                    Strings.type(p.type()),
                    p.in() == null ? "" : " (in " + Strings.type(p.in()) + ")",
                    p.reason().text(p.detail()));
        }
    }

    private TypeMirror boxed(TypeMirror t) {
        return t.getKind().isPrimitive() ? types.boxedClass((PrimitiveType) t).asType() : t;
    }
}
