package dev.switchboard.processor.model;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeMirror;

/** Reads annotation mirrors; class-valued members are read as mirrors, never as {@code Class}. */
public final class Mirrors {
    private Mirrors() {}

    public static Optional<AnnotationMirror> find(Element element, String annotation) {
        for (AnnotationMirror m : element.getAnnotationMirrors()) {
            if (is(m, annotation)) {
                return Optional.of(m);
            }
        }
        return Optional.empty();
    }

    public static boolean is(AnnotationMirror mirror, String annotation) {
        return ((TypeElement) mirror.getAnnotationType().asElement())
                .getQualifiedName()
                .contentEquals(annotation);
    }

    /** Whether the annotation is one of the named ones. */
    public static boolean isAny(AnnotationMirror mirror, Collection<String> annotations) {
        return annotations.stream().anyMatch(a -> is(mirror, a));
    }

    /** The annotation's simple name, as messages write it after {@code @}. */
    public static String simpleName(AnnotationMirror mirror) {
        return mirror.getAnnotationType().asElement().getSimpleName().toString();
    }

    /** All {@code @Edge}s of a method, unwrapping the {@code @Edges} container of repeated ones. */
    public static List<AnnotationMirror> repeated(Element element, String annotation, String container) {
        List<AnnotationMirror> out = new ArrayList<>();
        for (AnnotationMirror m : element.getAnnotationMirrors()) {
            if (is(m, annotation)) {
                out.add(m);
            } else if (is(m, container)) {
                for (AnnotationValue v : list(m, "value")) {
                    out.add((AnnotationMirror) v.getValue());
                }
            }
        }
        return out;
    }

    /** The explicitly written value of a member, if any. */
    public static Optional<AnnotationValue> explicit(AnnotationMirror mirror, String member) {
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> e :
                mirror.getElementValues().entrySet()) {
            if (e.getKey().getSimpleName().contentEquals(member)) {
                return Optional.of(e.getValue());
            }
        }
        return Optional.empty();
    }

    public static String string(AnnotationMirror mirror, String member, String otherwise) {
        return explicit(mirror, member)
                .map(AnnotationValue::getValue)
                .filter(String.class::isInstance)
                .map(String.class::cast)
                .orElse(otherwise);
    }

    public static boolean bool(AnnotationMirror mirror, String member, boolean otherwise) {
        return explicit(mirror, member).map(v -> (Boolean) v.getValue()).orElse(otherwise);
    }

    /**
     * The class a {@code Class}-valued member names; empty when javac could not resolve it (then the
     * value is not a type, and javac reports the missing class itself).
     */
    public static Optional<TypeMirror> type(AnnotationMirror mirror, String member) {
        return explicit(mirror, member).flatMap(Mirrors::type);
    }

    /** The resolved classes a {@code Class[]}-valued member names. */
    public static List<TypeMirror> types(AnnotationMirror mirror, String member) {
        List<TypeMirror> out = new ArrayList<>();
        list(mirror, member).forEach(v -> type(v).ifPresent(out::add));
        return out;
    }

    private static Optional<TypeMirror> type(AnnotationValue v) {
        return v.getValue() instanceof TypeMirror t ? Optional.of(t) : Optional.empty();
    }

    public static Optional<String> enumConstant(AnnotationMirror mirror, String member) {
        return explicit(mirror, member)
                .filter(v -> v.getValue() instanceof Element)
                .map(v -> ((Element) v.getValue()).getSimpleName().toString());
    }

    @SuppressWarnings("unchecked")
    public static List<AnnotationValue> list(AnnotationMirror mirror, String member) {
        return explicit(mirror, member)
                .map(v -> v.getValue() instanceof List<?> l ? (List<AnnotationValue>) l : List.of(v))
                .orElse(List.of());
    }

    /**
     * The name a {@code String} member holds, where it was written; {@code otherwise}, placed on the
     * annotation, when the member was not written or javac could not evaluate it (it reports that).
     */
    public static NameRef name(Element element, AnnotationMirror mirror, String member, String otherwise) {
        return explicit(mirror, member)
                .filter(v -> v.getValue() instanceof String)
                .map(v -> new NameRef((String) v.getValue(), element, mirror, v))
                .orElseGet(() -> new NameRef(otherwise, element, mirror, null));
    }

    /** The names in a {@code String} or {@code String[]} member, each with its own position. */
    public static List<NameRef> names(Element element, AnnotationMirror mirror, String member) {
        List<NameRef> out = new ArrayList<>();
        for (AnnotationValue v : list(mirror, member)) {
            if (v.getValue() instanceof String name) { // else javac reports the value
                out.add(new NameRef(name, element, mirror, v));
            }
        }
        return out;
    }
}
