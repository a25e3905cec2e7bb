package dev.switchboard.processor.schema;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.IntersectionType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.TypeVariable;
import javax.lang.model.type.WildcardType;

/**
 * Canonical type strings as schema files write them, and their parsed form. A stored value does not
 * remember wildcards or type variables, so {@code List<? extends Msg>} is written as the
 * {@code List<com.acme.Msg>} it stores; type annotations are left out, so a type read from a class
 * file gives the same text as its source.
 */
final class TypeNames {
    private TypeNames() {}

    /** The canonical string of a type. */
    static String of(TypeMirror t) {
        if (t instanceof ArrayType a) {
            return of(a.getComponentType()) + "[]";
        }
        if (t instanceof WildcardType w) {
            return w.getExtendsBound() == null ? "java.lang.Object" : of(w.getExtendsBound());
        }
        if (t instanceof TypeVariable v) {
            return of(v.getUpperBound());
        }
        if (t instanceof IntersectionType i) {
            return of(i.getBounds().get(0));
        }
        if (t instanceof DeclaredType d) {
            StringBuilder b = new StringBuilder(((TypeElement) d.asElement()).getQualifiedName());
            List<? extends TypeMirror> args = d.getTypeArguments();
            for (int i = 0; i < args.size(); i++) {
                b.append(i == 0 ? "<" : ", ").append(of(args.get(i)));
            }
            return args.isEmpty() ? b.toString() : b.append('>').toString();
        }
        return t.getKind().isPrimitive() ? t.getKind().name().toLowerCase(Locale.ROOT) : t.toString();
    }

    /**
     * A parsed canonical type.
     *
     * @param raw the class or primitive name
     * @param args the type arguments
     * @param dims the array dimensions
     */
    record Parsed(String raw, List<Parsed> args, int dims) {
        /** The element type of an array. */
        Parsed component() {
            return new Parsed(raw, args, dims - 1);
        }

        @Override
        public String toString() {
            StringBuilder b = new StringBuilder(raw);
            for (int i = 0; i < args.size(); i++) {
                b.append(i == 0 ? "<" : ", ").append(args.get(i));
            }
            if (!args.isEmpty()) {
                b.append('>');
            }
            return b.append("[]".repeat(dims)).toString();
        }
    }

    /** Parses a canonical string; a malformed one reads as a raw name, which compares as itself. */
    static Parsed parse(String s) {
        int[] at = {0};
        Parsed p = parse(s.replace(" ", ""), at);
        return at[0] == s.replace(" ", "").length() ? p : new Parsed(s, List.of(), 0);
    }

    private static Parsed parse(String s, int[] at) {
        int start = at[0];
        while (at[0] < s.length() && "<>,[".indexOf(s.charAt(at[0])) < 0) {
            at[0]++;
        }
        String raw = s.substring(start, at[0]);
        List<Parsed> args = new ArrayList<>();
        if (at[0] < s.length() && s.charAt(at[0]) == '<') {
            do {
                at[0]++;
                args.add(parse(s, at));
            } while (at[0] < s.length() && s.charAt(at[0]) == ',');
            if (at[0] < s.length() && s.charAt(at[0]) == '>') {
                at[0]++;
            }
        }
        int dims = 0;
        while (s.startsWith("[]", at[0])) {
            dims++;
            at[0] += 2;
        }
        return new Parsed(raw, List.copyOf(args), dims);
    }

    /** A type as a message writes it: without {@code java.lang.} and {@code java.util.} prefixes. */
    static String readable(String canonical) {
        String s = canonical;
        for (String prefix : List.of("java.lang.", "java.util.concurrent.", "java.util.")) {
            s = s.replaceAll("\\b" + prefix.replace(".", "\\.") + "(?=[A-Z])", "");
        }
        return s;
    }
}
