package dev.switchboard.processor.generate;

import com.palantir.javapoet.ClassName;
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
    static final ClassName VALUE_TYPE = ClassName.get(ClassNames.RUNTIME + ".serde", "ValueType");

    private final Types types;

    ValueTypes(Types types) {
        this.types = types;
    }

    CodeBlock of(TypeMirror t) {
        if (t.getKind().isPrimitive()) {
            return CodeBlock.of("$T.of($T.class)", VALUE_TYPE, TypeName.get(t));
        }
        if (t.getKind() == TypeKind.WILDCARD) {
            TypeMirror bound = ((WildcardType) t).getExtendsBound();
            return bound == null ? CodeBlock.of("$T.of($T.class)", VALUE_TYPE, Object.class) : of(bound);
        }
        if (t.getKind() == TypeKind.ARRAY) {
            return CodeBlock.of("$T.of($T.class)", VALUE_TYPE, TypeName.get(types.erasure((ArrayType) t)));
        }
        if (t instanceof DeclaredType d) {
            CodeBlock.Builder b = CodeBlock.builder().add("$T.of($T.class", VALUE_TYPE, TypeName.get(types.erasure(d)));
            for (TypeMirror arg : d.getTypeArguments()) {
                b.add(", $L", of(arg));
            }
            return b.add(")").build();
        }
        return CodeBlock.of("$T.of($T.class)", VALUE_TYPE, Object.class);
    }
}
