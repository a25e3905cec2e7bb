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
import javax.lang.model.element.TypeElement;

/**
 * The processor's step for {@code @StructuredOutput} records: checks that the generated code's
 * dependencies are on the class path, reads and checks each record, and writes its format when clean.
 */
public final class OutputStep {
    /** The annotation this step reads, for the processor's supported types. */
    public static final List<String> ANNOTATIONS = List.of(ToolNames.STRUCTURED_OUTPUT);

    private final ProcessingEnvironment env;
    private final SourceWriter writer;
    private final Set<String> generated = new LinkedHashSet<>();

    public OutputStep(ProcessingEnvironment env, SourceWriter writer) {
        this.env = env;
        this.writer = writer;
    }

    /** The {@code @StructuredOutput} types of this round. */
    public Set<TypeElement> types(RoundEnvironment round) {
        Set<TypeElement> out = new LinkedHashSet<>();
        TypeElement annotation = env.getElementUtils().getTypeElement(ToolNames.STRUCTURED_OUTPUT);
        if (annotation != null) {
            for (Element e : round.getElementsAnnotatedWith(annotation)) {
                if (e instanceof TypeElement t) {
                    out.add(t);
                }
            }
        }
        return out;
    }

    /**
     * Processes one type; returns what to report.
     *
     * @param isSource whether a qualified name is a type compiled from source in this build
     */
    public Report process(TypeElement type, Predicate<String> isSource) throws IOException {
        Report report = new Report();
        String qualified = GeneratedNames.qualified(type, OutputModel.generatedName(type));
        if (generated.contains(qualified) || !dependencies(type, qualified, report)) {
            return report;
        }
        OutputModel model = OutputModel.read(type);
        report = OutputRules.check(model);
        if (isSource.test(qualified)) {
            report.error(Message.NAME_COLLISION, type, qualified, type.getQualifiedName());
        }
        if (report.isClean()) {
            writer.write(GeneratedNames.packageOf(type), new OutputGenerator().generate(model), type);
            generated.add(qualified);
        }
        return report;
    }

    /** Whether this step generated the type of that qualified name. */
    public boolean wrote(String qualifiedName) {
        return generated.contains(qualifiedName);
    }

    private boolean dependencies(TypeElement type, String qualified, Report report) {
        for (String[] required : ToolNames.OUTPUT_REQUIRED) {
            if (env.getElementUtils().getTypeElement(required[0]) == null) {
                report.error(
                        Message.STRUCTURED_OUTPUT_DEPENDENCY_MISSING,
                        type,
                        Mirrors.find(type, ToolNames.STRUCTURED_OUTPUT).orElseThrow(),
                        type.getSimpleName(),
                        qualified,
                        required[0],
                        required[1]);
                return false;
            }
        }
        return true;
    }
}
