package dev.switchboard.processor.generate;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import dev.switchboard.processor.model.StoredTypes;

/** Writes a sealed interface's tag table as a runtime {@code SealedType} expression. */
final class SealedTypeCode {
    private SealedTypeCode() {}

    static CodeBlock of(StoredTypes.Sealed s) {
        CodeBlock.Builder b =
                CodeBlock.builder().add("$T.of($T.class)", ClassNames.SEALED_TYPE, ClassName.get(s.base()));
        for (StoredTypes.Variant v : s.variants()) {
            b.add("\n        .with($S, $T.class)", v.tag(), ClassName.get(v.record()));
        }
        for (StoredTypes.Variant v : s.variants()) {
            for (String alias : StoredTypes.tagAliases(v.record())) {
                b.add("\n        .withAlias($S, $T.class)", alias, ClassName.get(v.record()));
            }
        }
        return b.build();
    }
}
