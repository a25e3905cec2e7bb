package dev.switchboard.processor.tools;

import static dev.switchboard.processor.tools.ReadCode.baseName;
import static dev.switchboard.processor.tools.ReadCode.boxed;
import static dev.switchboard.processor.tools.ToolNames.ARRAY_NODE;
import static dev.switchboard.processor.tools.ToolNames.JSON_NODE;
import static dev.switchboard.processor.tools.ToolNames.OBJECT_NODE;
import static dev.switchboard.processor.tools.ToolNames.RESULTS;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import dev.switchboard.processor.tools.ArgType.ArrayArg;
import dev.switchboard.processor.tools.ArgType.CollectionArg;
import dev.switchboard.processor.tools.ArgType.EnumArg;
import dev.switchboard.processor.tools.ArgType.Field;
import dev.switchboard.processor.tools.ArgType.MapArg;
import dev.switchboard.processor.tools.ArgType.OptionalArg;
import dev.switchboard.processor.tools.ArgType.RecordArg;
import dev.switchboard.processor.tools.ArgType.Scalar;
import java.util.function.Function;
import javax.lang.model.element.Modifier;

/**
 * Code that writes a tool's typed result as a JSON tree, directed by the declared type (records
 * component by component, enums by name), so no serializer ever inspects the object.
 */
final class WriteCode {
    private final Helpers helpers;
    private int depth;

    WriteCode(Helpers helpers) {
        this.helpers = helpers;
    }

    /** A {@code JsonNode} expression for {@code value} of type {@code t}. */
    CodeBlock write(ArgType t, CodeBlock value) {
        if (t instanceof Scalar s) {
            return CodeBlock.of("$T.$L($L)", RESULTS, scalarMethod(s), value);
        }
        if (t instanceof EnumArg) {
            return CodeBlock.of("$T.constant($L)", RESULTS, value);
        }
        if (t instanceof CollectionArg c) {
            return CodeBlock.of("$T.<$T>list($L, $L)", RESULTS, boxed(c.element()), value, lambda(c.element()));
        }
        if (t instanceof MapArg m) {
            return CodeBlock.of("$T.<$T>map($L, $L)", RESULTS, boxed(m.value()), value, lambda(m.value()));
        }
        if (t instanceof OptionalArg o) {
            return CodeBlock.of("$T.<$T>optional($L, $L)", RESULTS, boxed(o.value()), value, lambda(o.value()));
        }
        String helper = t instanceof RecordArg r ? record(r) : array((ArrayArg) t);
        return CodeBlock.of("$N($L)", helper, value);
    }

    private static String scalarMethod(Scalar s) {
        return switch (s.kind()) {
            case STRING -> "string";
            case CHAR -> "character";
            case BOOLEAN -> "bool";
            default -> "number";
        };
    }

    /** A helper's body, built with lambda names starting afresh, as in a method of its own. */
    private Function<String, MethodSpec> fresh(Function<String, MethodSpec> body) {
        return name -> {
            int outer = depth;
            depth = 0;
            try {
                return body.apply(name);
            } finally {
                depth = outer;
            }
        };
    }

    private CodeBlock lambda(ArgType element) {
        String e = "e" + depth;
        depth++;
        try {
            return CodeBlock.of("$N -> $L", e, write(element, CodeBlock.of("$N", e)));
        } finally {
            depth--;
        }
    }

    private String record(RecordArg r) {
        return helpers.name("write " + r.type(), "write" + r.element().getSimpleName(), fresh(name -> {
            MethodSpec.Builder m =
                    start(name, TypeName.get(r.type())).addStatement("$T out = $T.object()", OBJECT_NODE, RESULTS);
            for (Field f : r.fields()) {
                m.addStatement("out.set($S, $L)", f.name(), write(f.type(), CodeBlock.of("value.$N()", f.name())));
            }
            return m.addStatement("return out").build();
        }));
    }

    private String array(ArrayArg a) {
        return helpers.name(
                "write " + a.type(),
                "write" + baseName(a),
                fresh(name -> start(name, TypeName.get(a.type()))
                        .addStatement("$T out = $T.array()", ARRAY_NODE, RESULTS)
                        .beginControlFlow(
                                "for ($T element : value)",
                                TypeName.get(a.component().type()))
                        .addStatement("out.add($L)", write(a.component(), CodeBlock.of("element")))
                        .endControlFlow()
                        .addStatement("return out")
                        .build()));
    }

    private static MethodSpec.Builder start(String name, TypeName type) {
        return MethodSpec.methodBuilder(name)
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(JSON_NODE)
                .addParameter(type, "value")
                .beginControlFlow("if (value == null)")
                .addStatement("return $T.nullValue()", RESULTS)
                .endControlFlow();
    }
}
