package dev.switchboard.processor.generate;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.WildcardType;
import javax.lang.model.util.Types;

/**
 * Writes a type as a runtime {@code ValueType} expression built from class literals
 * ({@code ValueType.of(List.class, ValueType.of(String.class))}): the schema a checkpoint value
 * is read back with.
 */
final class ValueTypes {
    /** {@code ValueType.of(Object.class)}, for a value whose type is not known. */
    static final CodeBlock OBJECT = plain(TypeName.get(Object.class));

    private final Types types;

    ValueTypes(Types types) {
        this.types = types;
    }

    CodeBlock of(TypeMirror t) {
        if (t.getKind().isPrimitive()) {
            return plain(TypeName.get(t));
        }
        if (t.getKind() == TypeKind.WILDCARD) {
            TypeMirror bound = ((WildcardType) t).getExtendsBound();
            return bound == null ? OBJECT : of(bound);
        }
        if (t.getKind() == TypeKind.ARRAY) {
            return plain(TypeName.get(types.erasure((ArrayType) t)));
        }
        if (t instanceof DeclaredType d) {
            CodeBlock.Builder b =
                    CodeBlock.builder().add("$T.of($T.class", ClassNames.VALUE_TYPE, TypeName.get(types.erasure(d)));
            for (TypeMirror arg : d.getTypeArguments()) {
                b.add(", $L", of(arg));
            }
            return b.add(")").build();
        }
        return OBJECT;
    }

    /** {@code ValueType.of(X.class)} for a type without type arguments. */
    private static CodeBlock plain(TypeName raw) {
        return CodeBlock.of("$T.of($T.class)", ClassNames.VALUE_TYPE, raw);
    }
}
