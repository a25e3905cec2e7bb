package dev.switchboard.processor.model;

import java.util.ArrayList;
import java.util.List;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.WildcardType;

/**
 * What generated {@code XUpdate} and {@code XChannels} depend on in a state record: each
 * component's channel kind, name, type and reducer or managed class. The generated channels carry
 * it as a constant, so a compilation that finds them on the classpath can tell that the record
 * changed after they were generated (stale output would otherwise fail only at run time, with
 * {@code NoSuchMethodError}). Types are written without type annotations, so a record read from a
 * class file gives the same text as its source.
 */
public final class Fingerprint {
    /** The name of the constant in generated channel classes. */
    public static final String FIELD = "FINGERPRINT";

    private Fingerprint() {}

    public static String of(StateModel state) {
        List<String> parts = new ArrayList<>();
        for (ComponentModel c : state.components()) {
            String impl = c.impl() == null ? "" : "(" + c.impl().getQualifiedName() + ")";
            parts.add(c.kind() + impl + " " + c.name() + ": " + type(c.type()));
        }
        return String.join("; ", parts);
    }

    /**
     * The fingerprint stored in generated channels on the classpath, if they are ours and have one.
     *
     * @param channels the generated channels type
     * @return the stored fingerprint
     */
    public static java.util.Optional<String> stored(javax.lang.model.element.TypeElement channels) {
        for (javax.lang.model.element.VariableElement f :
                javax.lang.model.util.ElementFilter.fieldsIn(channels.getEnclosedElements())) {
            if (f.getSimpleName().contentEquals(FIELD) && f.getConstantValue() instanceof String s) {
                return java.util.Optional.of(s);
            }
        }
        return java.util.Optional.empty();
    }

    private static String type(TypeMirror t) {
        if (t instanceof ArrayType a) {
            return type(a.getComponentType()) + "[]";
        }
        if (t instanceof WildcardType w) {
            if (w.getExtendsBound() != null) {
                return "? extends " + type(w.getExtendsBound());
            }
            return w.getSuperBound() == null ? "?" : "? super " + type(w.getSuperBound());
        }
        if (t instanceof DeclaredType d) {
            StringBuilder b =
                    new StringBuilder(((javax.lang.model.element.TypeElement) d.asElement()).getQualifiedName());
            List<? extends TypeMirror> args = d.getTypeArguments();
            for (int i = 0; i < args.size(); i++) {
                b.append(i == 0 ? "<" : ", ").append(type(args.get(i)));
            }
            return args.isEmpty() ? b.toString() : b.append('>').toString();
        }
        return t.getKind().isPrimitive() ? t.getKind().name().toLowerCase(java.util.Locale.ROOT) : t.toString();
    }
}
