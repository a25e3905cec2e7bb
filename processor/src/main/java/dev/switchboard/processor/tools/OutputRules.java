package dev.switchboard.processor.tools;

import dev.switchboard.processor.model.Mirrors;
import dev.switchboard.processor.tools.ArgType.Unsupported;
import dev.switchboard.processor.validate.Message;
import dev.switchboard.processor.validate.Report;
import dev.switchboard.processor.validate.Strings;
import java.util.regex.Pattern;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.ElementFilter;

/** Checks a {@code @StructuredOutput} model; every rule reports on the narrowest element. */
final class OutputRules {
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]{1,64}");

    private OutputRules() {}

    static Report check(OutputModel model) {
        Report report = new Report();
        TypeElement type = model.type();
        if (type.getKind() != ElementKind.RECORD) {
            report.error(
                    Message.STRUCTURED_OUTPUT_NOT_RECORD,
                    type,
                    model.annotation(),
                    type.getSimpleName(),
                    type.getSimpleName());
            return report;
        }
        for (Element e = type; e instanceof TypeElement; e = e.getEnclosingElement()) {
            if (e.getModifiers().contains(Modifier.PRIVATE)) {
                report.error(Message.STRUCTURED_OUTPUT_PRIVATE, type, type.getSimpleName(), model.generatedName());
                return report;
            }
        }
        if (!type.getTypeParameters().isEmpty()) {
            report.error(Message.STRUCTURED_OUTPUT_GENERIC, type, type.getSimpleName());
            return report;
        }
        if (!NAME.matcher(model.name()).matches()) {
            Mirrors.explicit(model.annotation(), "name")
                    .ifPresentOrElse(
                            v -> report.errorOnValue(
                                    Message.STRUCTURED_OUTPUT_INVALID_NAME,
                                    type,
                                    model.annotation(),
                                    v,
                                    model.name(),
                                    type.getSimpleName()),
                            () -> report.error(
                                    Message.STRUCTURED_OUTPUT_INVALID_NAME,
                                    type,
                                    model.annotation(),
                                    model.name(),
                                    type.getSimpleName()));
        }
        if (model.shape() instanceof Unsupported u) {
            RecordComponentElement component = offending(type, u);
            report.error(
                    Message.STRUCTURED_OUTPUT_UNSUPPORTED_COMPONENT,
                    component == null ? type : component,
                    component == null ? "?" : component.getSimpleName(),
                    type.getSimpleName(),
                    component == null ? Strings.type(u.type()) : Strings.type(component.asType()),
                    component == null
                                    || u.type()
                                            .toString()
                                            .equals(component.asType().toString())
                            ? ""
                            : " (in it, " + Strings.type(u.type()) + ")",
                    u.reason());
        }
        return report;
    }

    /** The component whose type holds the unsupported one: the first that does not read. */
    private static RecordComponentElement offending(TypeElement record, Unsupported u) {
        for (RecordComponentElement c : ElementFilter.recordComponentsIn(record.getEnclosedElements())) {
            if (new ArgTypes(dev.switchboard.processor.model.GeneratedNames.packageOf(record)).readOptional(c.asType())
                    instanceof Unsupported) {
                return c;
            }
        }
        return null;
    }
}
