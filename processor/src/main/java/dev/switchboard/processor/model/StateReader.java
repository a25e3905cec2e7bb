package dev.switchboard.processor.model;

import java.util.ArrayList;
import java.util.List;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;

/**
 * Reads a state record into a {@link StateModel}. Works the same for records in this compilation
 * and for records from jars, whose CLASS-retention annotations javac still reads.
 */
public final class StateReader {
    private static final List<String> CHANNEL_ANNOTATIONS = List.of(
            RuntimeNames.REDUCER_ANNOTATION, RuntimeNames.MANAGED, RuntimeNames.UNTRACKED, RuntimeNames.CHANNEL);

    private final ProcessingEnvironment env;

    public StateReader(ProcessingEnvironment env) {
        this.env = env;
    }

    public static boolean isRecord(TypeElement type) {
        return type.getKind() == ElementKind.RECORD;
    }

    /** Whether any component of the record carries a Switchboard channel annotation. */
    public static boolean declaresChannels(TypeElement record) {
        for (RecordComponentElement c : record.getRecordComponents()) {
            for (String a : CHANNEL_ANNOTATIONS) {
                if (Mirrors.find(c, a).isPresent()) {
                    return true;
                }
            }
        }
        return false;
    }

    public StateModel read(TypeElement record) {
        List<ComponentModel> components = new ArrayList<>();
        for (RecordComponentElement c : record.getRecordComponents()) {
            components.add(component(c));
        }
        boolean generated = env.getElementUtils()
                                .getTypeElement(GeneratedNames.qualified(record, GeneratedNames.update(record)))
                        != null
                && env.getElementUtils()
                                .getTypeElement(GeneratedNames.qualified(record, GeneratedNames.channels(record)))
                        != null;
        return new StateModel(record, List.copyOf(components), generated);
    }

    private ComponentModel component(RecordComponentElement c) {
        List<AnnotationMirror> present = new ArrayList<>();
        for (String a : CHANNEL_ANNOTATIONS) {
            Mirrors.find(c, a).ifPresent(present::add);
        }
        String name = c.getSimpleName().toString();
        TypeMirror type = c.asType();
        if (present.isEmpty()) {
            return new ComponentModel(
                    name, type, ComponentModel.Kind.LAST_VALUE, null, true, false, c, null, List.of());
        }
        AnnotationMirror first = present.get(0);
        List<AnnotationMirror> conflicting = List.copyOf(present.subList(1, present.size()));
        if (Mirrors.is(first, RuntimeNames.REDUCER_ANNOTATION)) {
            return new ComponentModel(
                    name, type, ComponentModel.Kind.REDUCER, classValue(first), true, false, c, first, conflicting);
        }
        if (Mirrors.is(first, RuntimeNames.MANAGED)) {
            return new ComponentModel(
                    name, type, ComponentModel.Kind.MANAGED, classValue(first), true, false, c, first, conflicting);
        }
        if (Mirrors.is(first, RuntimeNames.UNTRACKED)) {
            return new ComponentModel(
                    name,
                    type,
                    ComponentModel.Kind.UNTRACKED,
                    null,
                    Mirrors.bool(first, "guard", true),
                    false,
                    c,
                    first,
                    conflicting);
        }
        String kind = Mirrors.enumConstant(first, "value").orElse("LAST_VALUE");
        return new ComponentModel(
                name,
                type,
                ComponentModel.Kind.valueOf(kind),
                null,
                Mirrors.bool(first, "guard", true),
                Mirrors.bool(first, "accumulate", false),
                c,
                first,
                conflicting);
    }

    private static TypeElement classValue(AnnotationMirror mirror) {
        return Mirrors.type(mirror, "value")
                .filter(t -> t instanceof DeclaredType)
                .map(t -> (TypeElement) ((DeclaredType) t).asElement())
                .orElse(null);
    }
}
