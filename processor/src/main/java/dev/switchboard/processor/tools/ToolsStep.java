package dev.switchboard.processor.tools;

import dev.switchboard.processor.generate.SourceWriter;
import dev.switchboard.processor.model.GeneratedNames;
import dev.switchboard.processor.model.Mirrors;
import dev.switchboard.processor.validate.Message;
import dev.switchboard.processor.validate.Report;
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
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;

/**
 * The processor's step for {@code @Tools} classes: checks that the generated code's dependencies
 * are on the class path, reads and checks each class, and writes its dispatcher when clean. A class
 * whose tool signatures mention types not generated yet waits for the next round.
 */
public final class ToolsStep {
    /** The annotations this step reads, for the processor's supported types. */
    public static final List<String> ANNOTATIONS =
            List.of(ToolNames.TOOLS, ToolNames.TOOL, ToolNames.P, ToolNames.DESCRIPTION);

    private final ProcessingEnvironment env;
    private final SourceWriter writer;
    private final Set<String> deferred = new LinkedHashSet<>();
    private final Set<String> generated = new LinkedHashSet<>();

    public ToolsStep(ProcessingEnvironment env, SourceWriter writer) {
        this.env = env;
        this.writer = writer;
    }

    /** The {@code @Tools} classes to process this round: new ones and those deferred before. */
    public Set<TypeElement> classes(RoundEnvironment round) {
        Set<TypeElement> out = new LinkedHashSet<>();
        for (String name : deferred) {
            TypeElement t = env.getElementUtils().getTypeElement(name);
            if (t != null) {
                out.add(t);
            }
        }
        TypeElement tools = env.getElementUtils().getTypeElement(ToolNames.TOOLS);
        if (tools != null) {
            for (Element e : round.getElementsAnnotatedWith(tools)) {
                if (e instanceof TypeElement t) {
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
    public Report process(TypeElement type, Predicate<String> isSource) throws IOException {
        Report report = new Report();
        String qualified = GeneratedNames.qualified(type, ToolsReader.generatedName(type));
        if (generated.contains(qualified) || !dependencies(type, qualified, report)) {
            return report;
        }
        if (unresolved(type)) {
            deferred.add(type.getQualifiedName().toString());
            return report;
        }
        ToolsModel model = ToolsReader.read(type);
        report = ToolsRules.check(model);
        if (isSource.test(qualified)) {
            report.error(Message.NAME_COLLISION, type, qualified, type.getQualifiedName());
        }
        if (report.isClean()) {
            writer.write(GeneratedNames.packageOf(type), new ToolsGenerator().generate(model), type);
            generated.add(qualified);
        }
        return report;
    }

    /** Whether this step generated the type of that qualified name. */
    public boolean wrote(String qualifiedName) {
        return generated.contains(qualifiedName);
    }

    private boolean dependencies(TypeElement type, String qualified, Report report) {
        for (String[] required : ToolNames.REQUIRED) {
            if (env.getElementUtils().getTypeElement(required[0]) == null) {
                report.error(
                        Message.TOOLS_DEPENDENCY_MISSING,
                        type,
                        Mirrors.find(type, ToolNames.TOOLS).orElseThrow(),
                        type.getSimpleName(),
                        qualified,
                        required[0],
                        required[1]);
                return false;
            }
        }
        return true;
    }

    /** Whether a tool signature mentions a type javac could not resolve (perhaps generated later). */
    private static boolean unresolved(TypeElement type) {
        for (ExecutableElement m : ElementFilter.methodsIn(type.getEnclosedElements())) {
            if (Mirrors.find(m, ToolNames.TOOL).isEmpty()) {
                continue;
            }
            if (isError(m.getReturnType())) {
                return true;
            }
            for (VariableElement p : m.getParameters()) {
                if (isError(p.asType())) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean isError(TypeMirror t) {
        if (t.getKind() == TypeKind.ERROR) {
            return true;
        }
        if (t instanceof ArrayType a) {
            return isError(a.getComponentType());
        }
        return t instanceof DeclaredType d && d.getTypeArguments().stream().anyMatch(ToolsStep::isError);
    }
}
