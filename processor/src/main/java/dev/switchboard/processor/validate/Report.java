package dev.switchboard.processor.validate;

import dev.switchboard.processor.model.NameRef;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.tools.Diagnostic.Kind;

/** Collects the diagnostics of one validation; generation runs only when it has no errors. */
public final class Report {
    private final List<Diagnostic> diagnostics = new ArrayList<>();

    public void error(Message message, Element element, Object... args) {
        diagnostics.add(new Diagnostic(message, message.format(args), element, null, null));
    }

    public void error(Message message, Element element, AnnotationMirror annotation, Object... args) {
        diagnostics.add(new Diagnostic(message, message.format(args), element, annotation, null));
    }

    /** An error on an annotation value, or on the annotation when the value was not written. */
    public void errorOnValue(
            Message message, Element element, AnnotationMirror annotation, AnnotationValue value, Object... args) {
        diagnostics.add(new Diagnostic(message, message.format(args), element, annotation, value));
    }

    /** An error on the annotation value where a name was written (or its annotation). */
    public void error(Message message, NameRef at, Object... args) {
        diagnostics.add(new Diagnostic(message, message.format(args), at.element(), at.annotation(), at.value()));
    }

    /** A warning on an element; unlike an error, it does not stop generation. */
    public void warning(Message message, Element element, Object... args) {
        if (message.kind() != Kind.WARNING) {
            throw new IllegalArgumentException(message + " is not a warning");
        }
        diagnostics.add(new Diagnostic(message, message.format(args), element, null, null));
    }

    /** Whether nothing stops generation: no diagnostic but warnings. */
    public boolean isClean() {
        return diagnostics.stream().allMatch(d -> d.message().kind() == Kind.WARNING);
    }

    public List<Diagnostic> diagnostics() {
        return List.copyOf(diagnostics);
    }
}
