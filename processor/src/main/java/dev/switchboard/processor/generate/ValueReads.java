package dev.switchboard.processor.generate;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import java.util.Map;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * The expression that reads component {@code i} of a record from a {@code ValueSource}, where an
 * empty channel gives {@code null}: a primitive reads as zero and an {@code Optional} as empty,
 * never {@code null} (a component a thread never wrote, such as one added since an old checkpoint,
 * reads as empty). Anything else reads as {@code null}, LangGraph's absent key: a list that was
 * never written is not the same as an empty one.
 */
final class ValueReads {
    private static final Map<String, String> EMPTY_AS = Map.of("java.util.Optional", "optional");

    private ValueReads() {}

    static CodeBlock of(TypeMirror t, int i) {
        if (t.getKind().isPrimitive()) {
            String k = t.getKind().name().toLowerCase(java.util.Locale.ROOT);
            return CodeBlock.of("$T.$N(values.value($L))", ClassNames.VALUES, "to" + capitalized(k), i);
        }
        if (t.toString().equals("java.lang.Object")) {
            return CodeBlock.of("values.value($L)", i);
        }
        String empty = emptyAs(t);
        if (empty != null) {
            return CodeBlock.of("($T) $T.$N(values.value($L))", TypeName.get(t), ClassNames.VALUES, empty, i);
        }
        return CodeBlock.of("($T) values.value($L)", TypeName.get(t), i);
    }

    /** Whether reading the type is an unchecked cast. */
    static boolean unchecked(TypeMirror t) {
        return !t.getKind().isPrimitive()
                && (TypeName.get(t) instanceof ParameterizedTypeName || t.getKind() == TypeKind.TYPEVAR);
    }

    private static String emptyAs(TypeMirror t) {
        return t instanceof DeclaredType d
                ? EMPTY_AS.get(((TypeElement) d.asElement()).getQualifiedName().toString())
                : null;
    }

    private static String capitalized(String s) {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
