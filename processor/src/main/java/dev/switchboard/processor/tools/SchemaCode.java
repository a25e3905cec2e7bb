package dev.switchboard.processor.tools;

import static dev.switchboard.processor.tools.ToolNames.ARRAY_SCHEMA;
import static dev.switchboard.processor.tools.ToolNames.BOOLEAN_SCHEMA;
import static dev.switchboard.processor.tools.ToolNames.ENUM_SCHEMA;
import static dev.switchboard.processor.tools.ToolNames.INTEGER_SCHEMA;
import static dev.switchboard.processor.tools.ToolNames.NUMBER_SCHEMA;
import static dev.switchboard.processor.tools.ToolNames.OBJECT_SCHEMA;
import static dev.switchboard.processor.tools.ToolNames.STRING_SCHEMA;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import dev.switchboard.processor.tools.ArgType.ArrayArg;
import dev.switchboard.processor.tools.ArgType.CollectionArg;
import dev.switchboard.processor.tools.ArgType.EnumArg;
import dev.switchboard.processor.tools.ArgType.Field;
import dev.switchboard.processor.tools.ArgType.MapArg;
import dev.switchboard.processor.tools.ArgType.OptionalArg;
import dev.switchboard.processor.tools.ArgType.RecordArg;
import dev.switchboard.processor.tools.ArgType.Scalar;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * Code that builds the LangChain4j JSON schema element of a type, shaped as LangChain4j's own
 * {@code ToolSpecifications} shapes it: integers and numbers apart, enums by constant name,
 * collections and arrays as arrays, maps as open objects, records as objects whose components are
 * all required (but {@code Optional} ones, which LangChain4j does not describe).
 */
final class SchemaCode {
    private final Helpers helpers;

    SchemaCode(Helpers helpers) {
        this.helpers = helpers;
    }

    /** The schema of {@code t}, with {@code description} ({@code null} for none). */
    CodeBlock schema(ArgType t, String description) {
        if (t instanceof Scalar s) {
            return simple(scalarSchema(s), description);
        }
        if (t instanceof EnumArg e) {
            List<CodeBlock> names = new ArrayList<>();
            e.constants().forEach(c -> names.add(CodeBlock.of("$S", c)));
            return build(
                    CodeBlock.of(
                            "$T.builder().enumValues($T.of($L))", ENUM_SCHEMA, List.class, CodeBlock.join(names, ", ")),
                    description);
        }
        if (t instanceof CollectionArg c) {
            return array(c.element(), description);
        }
        if (t instanceof ArrayArg a) {
            return array(a.component(), description);
        }
        if (t instanceof MapArg) {
            return simple(OBJECT_SCHEMA, description);
        }
        if (t instanceof OptionalArg o) {
            return schema(o.value(), description);
        }
        RecordArg r = (RecordArg) t;
        // As LangChain4j: a record is described by the parameter's @P, not by the record's @Description.
        return CodeBlock.of("$N($S)", record(r), description);
    }

    private CodeBlock array(ArgType element, String description) {
        return build(CodeBlock.of("$T.builder().items($L)", ARRAY_SCHEMA, schema(element, null)), description);
    }

    private static ClassName scalarSchema(Scalar s) {
        return switch (s.kind()) {
            case STRING, CHAR -> STRING_SCHEMA;
            case BOOLEAN -> BOOLEAN_SCHEMA;
            case FLOAT, DOUBLE, BIG_DECIMAL -> NUMBER_SCHEMA;
            default -> INTEGER_SCHEMA;
        };
    }

    private static CodeBlock simple(ClassName schema, String description) {
        return build(CodeBlock.of("$T.builder()", schema), description);
    }

    private static CodeBlock build(CodeBlock builder, String description) {
        return description == null
                ? CodeBlock.of("$L.build()", builder)
                : CodeBlock.of("$L.description($S).build()", builder, description);
    }

    /** The properties and required list of an object schema, for a record or a tool's parameters. */
    CodeBlock object(CodeBlock builder, List<String> names, List<CodeBlock> schemas, List<String> required) {
        CodeBlock.Builder out = CodeBlock.builder().add("$L$>", builder);
        for (int i = 0; i < names.size(); i++) {
            out.add("\n.addProperty($S, $L)", names.get(i), schemas.get(i));
        }
        List<CodeBlock> quoted = new ArrayList<>();
        required.forEach(r -> quoted.add(CodeBlock.of("$S", r)));
        return out.add("\n.required($T.of($L))\n.build()$<", List.class, CodeBlock.join(quoted, ", "))
                .build();
    }

    private String record(RecordArg r) {
        return helpers.name("schema " + r.type(), "schema" + r.element().getSimpleName(), name -> {
            List<String> names = new ArrayList<>();
            List<CodeBlock> schemas = new ArrayList<>();
            List<String> required = new ArrayList<>();
            for (Field f : r.fields()) {
                names.add(f.name());
                schemas.add(schema(f.type(), f.description()));
                if (!(f.type() instanceof OptionalArg)) {
                    required.add(f.name());
                }
            }
            return MethodSpec.methodBuilder(name)
                    .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                    .returns(OBJECT_SCHEMA)
                    .addParameter(String.class, "description")
                    .addStatement(
                            "return $L",
                            object(
                                    CodeBlock.of("$T.builder().description(description)", OBJECT_SCHEMA),
                                    names,
                                    schemas,
                                    required))
                    .build();
        });
    }
}
