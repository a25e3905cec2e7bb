package dev.switchboard.processor.model;

import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeMirror;

/**
 * One component of a state record and the channel it declares.
 *
 * @param name the component name, which is also the channel name
 * @param type the component type
 * @param kind the channel kind its annotations select
 * @param impl the reducer or managed-value class, or {@code null}
 * @param guard the guard option of untracked and ephemeral channels
 * @param accumulate the accumulate option of topics
 * @param element the record component (diagnostics point here)
 * @param annotation the annotation that chose the kind, or {@code null} for a plain component
 * @param conflicting further channel annotations on the same component, which are errors
 */
public record ComponentModel(
        String name,
        TypeMirror type,
        Kind kind,
        TypeElement impl,
        boolean guard,
        boolean accumulate,
        Element element,
        AnnotationMirror annotation,
        List<AnnotationMirror> conflicting) {

    /** The channel kinds a component can have. */
    public enum Kind {
        LAST_VALUE,
        REDUCER,
        MANAGED,
        UNTRACKED,
        TOPIC,
        EPHEMERAL,
        ANY_VALUE,
        LAST_VALUE_AFTER_FINISH
    }

    public boolean isManaged() {
        return kind == Kind.MANAGED;
    }

    public boolean isPrimitive() {
        return type.getKind().isPrimitive();
    }
}
