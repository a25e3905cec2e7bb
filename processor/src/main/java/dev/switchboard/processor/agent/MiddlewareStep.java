package dev.switchboard.processor.agent;

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
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;

/**
 * The processor's step for {@code @Middleware} classes: has the state record's update and channels
 * generated like any state record's, waits a round when a hook mentions them before they exist,
 * checks the class and writes its middleware when clean.
 */
public final class MiddlewareStep {
    /** The annotations this step reads, for the processor's supported types. */
    public static final List<String> ANNOTATIONS = List.of(
            AgentNames.MIDDLEWARE,
            AgentNames.BEFORE_AGENT,
            AgentNames.BEFORE_MODEL,
            AgentNames.AFTER_MODEL,
            AgentNames.AFTER_AGENT,
            AgentNames.WRAP_MODEL_CALL,
            AgentNames.WRAP_TOOL_CALL);

    /** Validates and generates a state record the way the processor does for any state record. */
    @FunctionalInterface
    public interface RecordProcessor {
        /**
         * Processes a record, reporting its errors.
         *
         * @param record the record
         * @param origin the element its files originate from
         * @return whether the record is valid and its files exist
         * @throws Exception when the processor fails
         */
        boolean process(TypeElement record, Element origin) throws Exception;
    }

    private final ProcessingEnvironment env;
    private final SourceWriter writer;
    private final MiddlewareReader reader;
    private final Set<String> deferred = new LinkedHashSet<>();
    private final Set<String> generated = new LinkedHashSet<>();

    public MiddlewareStep(ProcessingEnvironment env, SourceWriter writer) {
        this.env = env;
        this.writer = writer;
        this.reader = new MiddlewareReader(env);
    }

    /** The {@code @Middleware} classes to process this round: new ones and those deferred before. */
    public Set<TypeElement> classes(RoundEnvironment round) {
        Set<TypeElement> out = new LinkedHashSet<>();
        for (String name : deferred) {
            TypeElement t = env.getElementUtils().getTypeElement(name);
            if (t != null) {
                out.add(t);
            }
        }
        deferred.clear();
        TypeElement annotation = env.getElementUtils().getTypeElement(AgentNames.MIDDLEWARE);
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
     * Processes one class; returns what to report.
     *
     * @param isSource whether a qualified name is a type compiled from source in this build
     * @param records has the state record checked and generated
     */
    public Report process(TypeElement type, Predicate<String> isSource, RecordProcessor records) throws Exception {
        Report report = new Report();
        String qualified = GeneratedNames.qualified(type, MiddlewareReader.generatedName(type));
        if (generated.contains(qualified) || !dependencies(type, qualified, report)) {
            return report;
        }
        TypeMirror state = MiddlewareReader.stateType(type);
        if (state instanceof DeclaredType d
                && d.asElement().getKind() == ElementKind.RECORD
                && !records.process((TypeElement) d.asElement(), type)) {
            return report; // the record's own errors are reported; the middleware waits for a fixed record
        }
        if (MiddlewareReader.unresolved(type)) {
            deferred.add(type.getQualifiedName().toString());
            return report;
        }
        MiddlewareModel model = reader.read(type);
        report = MiddlewareRules.check(model);
        if (isSource.test(qualified)) {
            report.error(Message.NAME_COLLISION, type, qualified, type.getQualifiedName());
        }
        if (report.isClean()) {
            write(type, model);
            generated.add(qualified);
        }
        return report;
    }

    private void write(TypeElement type, MiddlewareModel model) throws IOException {
        writer.write(GeneratedNames.packageOf(type), new MiddlewareGenerator().generate(model), type);
    }

    /** Whether this step generated the type of that qualified name. */
    public boolean wrote(String qualifiedName) {
        return generated.contains(qualifiedName);
    }

    private boolean dependencies(TypeElement type, String qualified, Report report) {
        for (String[] required : AgentNames.REQUIRED) {
            if (env.getElementUtils().getTypeElement(required[0]) == null) {
                report.error(
                        Message.MIDDLEWARE_DEPENDENCY_MISSING,
                        type,
                        Mirrors.find(type, AgentNames.MIDDLEWARE).orElseThrow(),
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
