package dev.switchboard.processor.model;

import java.util.ArrayList;
import java.util.List;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.PrimitiveType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Reads a class with an {@code @Entrypoint} or {@code @Task} methods into a {@link WorkflowModel}:
 * only what the source says, checked later by the workflow rules.
 */
public final class WorkflowReader {
    /** The graph annotations a workflow class must not carry (it is not a state graph). */
    private static final List<String> GRAPH_MEMBERS = List.of(
            RuntimeNames.NODE,
            RuntimeNames.EDGE,
            RuntimeNames.EDGES,
            RuntimeNames.JOIN,
            RuntimeNames.ROUTE,
            RuntimeNames.ON_ERROR);

    private final Types types;
    private final Elements elements;
    private final PolicyReader policies;

    public WorkflowReader(ProcessingEnvironment env) {
        this.types = env.getTypeUtils();
        this.elements = env.getElementUtils();
        this.policies = new PolicyReader(env);
    }

    /** Whether a class declares a functional workflow: it has an {@code @Entrypoint} or {@code @Task} method. */
    public static boolean isWorkflow(TypeElement type) {
        for (ExecutableElement m : ElementFilter.methodsIn(type.getEnclosedElements())) {
            if (isWorkflowMethod(m)) {
                return true;
            }
        }
        return false;
    }

    /** Whether a method is a workflow's entrypoint or one of its tasks. */
    public static boolean isWorkflowMethod(ExecutableElement m) {
        return Mirrors.find(m, RuntimeNames.ENTRYPOINT).isPresent()
                || Mirrors.find(m, RuntimeNames.TASK).isPresent();
    }

    public WorkflowModel read(TypeElement type) {
        List<ExecutableElement> entrypoints = new ArrayList<>();
        List<WorkflowModel.TaskModel> tasks = new ArrayList<>();
        List<ExecutableElement> nodes = new ArrayList<>();
        String tasksName = GeneratedNames.tasks(type);
        for (ExecutableElement m : ElementFilter.methodsIn(type.getEnclosedElements())) {
            if (Mirrors.find(m, RuntimeNames.ENTRYPOINT).isPresent()) {
                entrypoints.add(m);
            }
            Mirrors.find(m, RuntimeNames.TASK).ifPresent(a -> tasks.add(task(m, a, tasksName)));
            if (m.getAnnotationMirrors().stream().anyMatch(a -> Mirrors.isAny(a, GRAPH_MEMBERS))) {
                nodes.add(m);
            }
        }
        ExecutableElement entry = entrypoints.isEmpty() ? null : entrypoints.get(0);
        List<ExecutableElement> others = entrypoints.isEmpty() ? List.of() : entrypoints.subList(1, entrypoints.size());
        if (entry == null) {
            return new WorkflowModel(
                    type, null, null, null, List.of(), null, null, null, List.copyOf(tasks), others, nodes);
        }
        AnnotationMirror annotation =
                Mirrors.find(entry, RuntimeNames.ENTRYPOINT).orElseThrow();
        String name = Mirrors.string(annotation, "name", "");
        TypeMirror returned = entry.getReturnType();
        TypeMirror output = null;
        TypeMirror saved = null;
        if (returned.getKind() != TypeKind.VOID) {
            List<? extends TypeMirror> finalArgs = finalArguments(returned);
            output = boxed(finalArgs == null ? returned : finalArgs.get(0));
            saved = boxed(finalArgs == null ? returned : finalArgs.get(1));
        }
        return new WorkflowModel(
                type,
                name.isEmpty() ? entry.getSimpleName().toString() : name,
                entry,
                annotation,
                params(entry, tasksName),
                output,
                saved,
                policies.policies(entry),
                List.copyOf(tasks),
                List.copyOf(others),
                List.copyOf(nodes));
    }

    private List<WorkflowModel.Param> params(ExecutableElement entry, String tasksName) {
        List<WorkflowModel.Param> out = new ArrayList<>();
        List<? extends VariableElement> ps = entry.getParameters();
        for (int i = 0; i < ps.size(); i++) {
            VariableElement p = ps.get(i);
            WorkflowModel.Role role;
            if (Mirrors.find(p, RuntimeNames.PREVIOUS).isPresent()) {
                role = WorkflowModel.Role.PREVIOUS;
            } else if (isNamed(p.asType(), RuntimeNames.NODE_CONTEXT)) {
                role = WorkflowModel.Role.CONTEXT;
            } else if (isTasks(p.asType(), tasksName)) {
                role = WorkflowModel.Role.TASKS;
            } else {
                role = i == 0 ? WorkflowModel.Role.INPUT : WorkflowModel.Role.UNKNOWN;
            }
            out.add(new WorkflowModel.Param(p, role));
        }
        return out;
    }

    private WorkflowModel.TaskModel task(ExecutableElement m, AnnotationMirror a, String tasksName) {
        List<VariableElement> args = new ArrayList<>(m.getParameters());
        boolean ctx = !args.isEmpty() && isNamed(args.get(args.size() - 1).asType(), RuntimeNames.NODE_CONTEXT);
        if (ctx) {
            args.remove(args.size() - 1);
        }
        List<VariableElement> tasksParams = new ArrayList<>();
        for (VariableElement p : m.getParameters()) {
            if (isTasks(p.asType(), tasksName)) {
                tasksParams.add(p);
            }
        }
        NameRef name = Mirrors.name(m, a, "name", m.getSimpleName().toString());
        boolean isVoid = m.getReturnType().getKind() == TypeKind.VOID;
        TypeMirror result = isVoid ? elements.getTypeElement("java.lang.Void").asType() : boxed(m.getReturnType());
        return new WorkflowModel.TaskModel(
                m,
                name.name().isEmpty() ? m.getSimpleName().toString() : name.name(),
                name,
                List.copyOf(args),
                ctx,
                List.copyOf(tasksParams),
                result,
                isVoid,
                policies.policies(m));
    }

    /** The type arguments of a {@code Final<V, S>}, or {@code null} for any other type. */
    private static List<? extends TypeMirror> finalArguments(TypeMirror t) {
        if (t instanceof DeclaredType d
                && isNamed(d, RuntimeNames.FINAL)
                && d.getTypeArguments().size() == 2) {
            return d.getTypeArguments();
        }
        return null;
    }

    private TypeMirror boxed(TypeMirror t) {
        return t.getKind().isPrimitive() ? types.boxedClass((PrimitiveType) t).asType() : t;
    }

    private static boolean isNamed(TypeMirror t, String qualified) {
        return t instanceof DeclaredType d
                && d.asElement() instanceof TypeElement e
                && e.getQualifiedName().contentEquals(qualified);
    }

    /** The generated tasks type: unresolved (an error type) until this step generates it. */
    private static boolean isTasks(TypeMirror t, String tasksName) {
        return (t.getKind() == TypeKind.ERROR || t.getKind() == TypeKind.DECLARED)
                && t instanceof DeclaredType d
                && d.asElement().getSimpleName().contentEquals(tasksName);
    }
}
