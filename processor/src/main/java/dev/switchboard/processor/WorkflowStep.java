package dev.switchboard.processor;

import dev.switchboard.processor.generate.SourceWriter;
import dev.switchboard.processor.generate.WorkflowGenerator;
import dev.switchboard.processor.model.GeneratedNames;
import dev.switchboard.processor.model.RuntimeNames;
import dev.switchboard.processor.model.StoredTypes;
import dev.switchboard.processor.model.WorkflowModel;
import dev.switchboard.processor.model.WorkflowReader;
import dev.switchboard.processor.validate.Message;
import dev.switchboard.processor.validate.Report;
import dev.switchboard.processor.validate.WorkflowRules;
import java.io.IOException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;

/**
 * The processor's step for functional workflows (classes with {@code @Entrypoint} and {@code @Task}
 * methods): reads and checks each class, and writes its {@code <Class>Workflow} and {@code
 * <Class>Tasks} when clean. The entrypoint names the generated {@code <Class>Tasks}, which javac
 * cannot resolve before this step writes it; any other unresolved type defers the class to the next
 * round.
 */
final class WorkflowStep {
    /** The annotations this step reads, for the processor's supported types. */
    static final List<String> ANNOTATIONS = List.of(RuntimeNames.ENTRYPOINT, RuntimeNames.TASK, RuntimeNames.PREVIOUS);

    private final ProcessingEnvironment env;
    private final SourceWriter writer;
    private final WorkflowReader reader;
    private final WorkflowRules rules;
    private final WorkflowGenerator generator;
    private final Set<String> deferred = new LinkedHashSet<>();
    private final Set<String> generated = new LinkedHashSet<>();

    WorkflowStep(ProcessingEnvironment env, SourceWriter writer) {
        this.env = env;
        this.writer = writer;
        this.reader = new WorkflowReader(env);
        this.rules = new WorkflowRules(new StoredTypes(env), env.getTypeUtils());
        this.generator = new WorkflowGenerator(env.getTypeUtils());
    }

    /** The workflow classes to process this round: new ones and those deferred before. */
    Set<TypeElement> classes(RoundEnvironment round) {
        Set<TypeElement> out = new LinkedHashSet<>();
        for (String name : deferred) {
            TypeElement t = env.getElementUtils().getTypeElement(name);
            if (t != null) {
                out.add(t);
            }
        }
        for (String annotation : List.of(RuntimeNames.ENTRYPOINT, RuntimeNames.TASK)) {
            TypeElement a = env.getElementUtils().getTypeElement(annotation);
            if (a == null) {
                continue;
            }
            for (Element e : round.getElementsAnnotatedWith(a)) {
                if (e.getEnclosingElement() instanceof TypeElement t) {
                    out.add(t);
                }
            }
        }
        deferred.clear();
        return out;
    }

    /**
     * Processes one class; returns what to report.
     *
     * @param isSource whether a qualified name is a type compiled from source in this build
     */
    Report process(TypeElement type, Predicate<String> isSource) throws IOException {
        String workflow = GeneratedNames.qualified(type, GeneratedNames.workflow(type));
        String tasks = GeneratedNames.qualified(type, GeneratedNames.tasks(type));
        if (generated.contains(workflow)) {
            return new Report();
        }
        if (unresolved(type)) {
            deferred.add(type.getQualifiedName().toString());
            return new Report();
        }
        WorkflowModel model = reader.read(type);
        Report report = rules.check(model);
        for (String name : List.of(workflow, tasks)) {
            if (isSource.test(name)) {
                report.error(Message.NAME_COLLISION, type, name, type.getQualifiedName());
            }
        }
        if (report.isClean()) {
            String pkg = GeneratedNames.packageOf(type);
            for (var file : generator.generate(model)) {
                writer.write(pkg, file, type);
            }
            generated.add(workflow);
            generated.add(tasks);
        }
        return report;
    }

    /** Whether this step generated the type of that qualified name. */
    boolean wrote(String qualifiedName) {
        return generated.contains(qualifiedName);
    }

    /** Whether an entrypoint or task signature mentions a type javac could not resolve, but the tasks this step writes. */
    private static boolean unresolved(TypeElement type) {
        String tasks = GeneratedNames.tasks(type);
        for (ExecutableElement m : ElementFilter.methodsIn(type.getEnclosedElements())) {
            if (!WorkflowReader.isWorkflowMethod(m)) {
                continue;
            }
            if (isError(m.getReturnType(), tasks)) {
                return true;
            }
            for (VariableElement p : m.getParameters()) {
                if (isError(p.asType(), tasks)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean isError(TypeMirror t, String tasks) {
        if (t.getKind() == TypeKind.ERROR) {
            return !(t instanceof DeclaredType d
                    && d.asElement().getSimpleName().contentEquals(tasks));
        }
        return t instanceof DeclaredType d && d.getTypeArguments().stream().anyMatch(a -> isError(a, tasks));
    }
}
