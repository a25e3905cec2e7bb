package dev.switchboard.processor.tools;

import static dev.switchboard.processor.tools.ToolNames.ARGUMENTS;
import static dev.switchboard.processor.tools.ToolNames.JSON_NODE;

import com.palantir.javapoet.ArrayTypeName;
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
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import javax.lang.model.element.Modifier;
import javax.lang.model.type.TypeKind;

/**
 * Code that reads one typed value from a JSON node: calls to {@code ToolArguments}, lambdas for
 * elements, and generated methods for records and arrays. Every value read names its path, so a
 * mismatch says which argument is wrong.
 */
final class ReadCode {
    private final Helpers helpers;
    private int depth;

    ReadCode(Helpers helpers) {
        this.helpers = helpers;
    }

    /** Reads a required value at {@code node} (never {@code null}), of the given type. */
    CodeBlock read(ArgType t, CodeBlock node, CodeBlock path) {
        if (t instanceof Scalar s) {
            return scalar(s, node, path);
        }
        if (t instanceof EnumArg e) {
            return CodeBlock.of("$T.constant($L, $L, $T.values())", ARGUMENTS, node, path, TypeName.get(e.type()));
        }
        if (t instanceof CollectionArg c) {
            return CodeBlock.of(
                    "$T.<$T>$L($L, $L, $L)",
                    ARGUMENTS,
                    boxed(c.element()),
                    c.set() ? "set" : "list",
                    node,
                    path,
                    lambda(c.element()));
        }
        if (t instanceof MapArg m) {
            return CodeBlock.of("$T.<$T>map($L, $L, $L)", ARGUMENTS, boxed(m.value()), node, path, lambda(m.value()));
        }
        if (t instanceof OptionalArg o) {
            return CodeBlock.of(
                    "$T.<$T>optional($L, $L, $L)", ARGUMENTS, boxed(o.value()), node, path, lambda(o.value()));
        }
        String helper = t instanceof RecordArg r ? record(r) : array((ArrayArg) t);
        return CodeBlock.of("$N($L, $L)", helper, node, path);
    }

    /** Reads a value that may be absent ({@code node} may be {@code null}): empty, null or zero then. */
    CodeBlock readAbsent(ArgType t, CodeBlock node, CodeBlock path) {
        if (t instanceof OptionalArg) {
            return read(t, node, path);
        }
        if (t.type().getKind().isPrimitive()) {
            // A constant 0 takes the other operand's type, from byte to double.
            String zero = t.type().getKind() == TypeKind.BOOLEAN ? "false" : "0";
            return CodeBlock.of("$L == null ? $L : $L", node, zero, read(t, node, path));
        }
        return CodeBlock.of("$T.<$T>orNull($L, $L, $L)", ARGUMENTS, boxed(t), node, path, lambda(t));
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
        String n = "n" + depth;
        String p = "p" + depth;
        depth++;
        try {
            return CodeBlock.of("($N, $N) -> $L", n, p, read(element, CodeBlock.of("$N", n), CodeBlock.of("$N", p)));
        } finally {
            depth--;
        }
    }

    private static CodeBlock scalar(Scalar s, CodeBlock node, CodeBlock path) {
        return switch (s.kind()) {
            case STRING -> CodeBlock.of("$T.string($L, $L)", ARGUMENTS, node, path);
            case CHAR -> CodeBlock.of("$T.character($L, $L)", ARGUMENTS, node, path);
            case BOOLEAN -> CodeBlock.of("$T.bool($L, $L)", ARGUMENTS, node, path);
            case BYTE -> integer("byte", "Byte", node, path);
            case SHORT -> integer("short", "Short", node, path);
            case INT -> integer("int", "Integer", node, path);
            case LONG -> CodeBlock.of("$T.integer($L, $L, Long.MIN_VALUE, Long.MAX_VALUE)", ARGUMENTS, node, path);
            case FLOAT -> CodeBlock.of("(float) $T.number($L, $L)", ARGUMENTS, node, path);
            case DOUBLE -> CodeBlock.of("$T.number($L, $L)", ARGUMENTS, node, path);
            case BIG_INTEGER -> CodeBlock.of("$T.bigInteger($L, $L)", ARGUMENTS, node, path);
            case BIG_DECIMAL -> CodeBlock.of("$T.decimal($L, $L)", ARGUMENTS, node, path);
        };
    }

    private static CodeBlock integer(String primitive, String box, CodeBlock node, CodeBlock path) {
        return CodeBlock.of(
                "($L) $T.integer($L, $L, $L.MIN_VALUE, $L.MAX_VALUE)", primitive, ARGUMENTS, node, path, box, box);
    }

    private String record(RecordArg r) {
        return helpers.name("read " + r.type(), "read" + r.element().getSimpleName(), fresh(name -> {
            List<CodeBlock> args = new ArrayList<>();
            for (Field f : r.fields()) {
                args.add(field(f));
            }
            return MethodSpec.methodBuilder(name)
                    .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                    .returns(TypeName.get(r.type()))
                    .addParameter(JSON_NODE, "node")
                    .addParameter(String.class, "path")
                    .addStatement("$T.object(node, path)", ARGUMENTS)
                    .addStatement("return new $T($>\n$L$<)", TypeName.get(r.type()), CodeBlock.join(args, ",\n"))
                    .build();
        }));
    }

    private CodeBlock field(Field f) {
        CodeBlock path = CodeBlock.of("$T.join(path, $S)", ARGUMENTS, f.name());
        if (f.type() instanceof OptionalArg) {
            return read(f.type(), CodeBlock.of("$T.optionalField(node, $S)", ARGUMENTS, f.name()), path);
        }
        return read(f.type(), CodeBlock.of("$T.field(node, path, $S)", ARGUMENTS, f.name()), path);
    }

    private String array(ArrayArg a) {
        return helpers.name("read " + a.type(), "read" + baseName(a), fresh(name -> {
            TypeName component = TypeName.get(a.component().type());
            return MethodSpec.methodBuilder(name)
                    .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                    .returns(ArrayTypeName.of(component))
                    .addParameter(JSON_NODE, "node")
                    .addParameter(String.class, "path")
                    .addStatement(
                            "$T<$T> list = $L",
                            List.class,
                            component.box(),
                            read(
                                    new CollectionArg(a.type(), false, a.component()),
                                    CodeBlock.of("node"),
                                    CodeBlock.of("path")))
                    .addStatement("$T out = new $T[list.size()]", ArrayTypeName.of(component), component)
                    .beginControlFlow("for (int i = 0; i < out.length; i++)")
                    .addStatement("out[i] = list.get(i)")
                    .endControlFlow()
                    .addStatement("return out")
                    .build();
        }));
    }

    /** A readable name for a helper's type: {@code Addr}, {@code Int}, {@code AddrArray}. */
    static String baseName(ArgType t) {
        if (t instanceof ArrayArg a) {
            return baseName(a.component()) + "Array";
        }
        String raw = t.type().getKind().isPrimitive()
                ? t.type().toString()
                : t.type().toString().replaceAll("<.*", "").replaceAll(".*\\.", "");
        return Character.toUpperCase(raw.charAt(0)) + raw.substring(1);
    }

    static TypeName boxed(ArgType t) {
        return TypeName.get(t.type()).box();
    }
}
