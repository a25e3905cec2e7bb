package dev.switchboard.processor.tools;

import static dev.switchboard.processor.tools.ToolNames.ARGUMENTS;
import static dev.switchboard.processor.tools.ToolNames.JSON_NODE;
import static dev.switchboard.processor.tools.ToolNames.OBJECT_SCHEMA;
import static dev.switchboard.processor.tools.ToolNames.RESULTS;
import static dev.switchboard.processor.tools.ToolNames.TOOL_REQUEST;
import static dev.switchboard.processor.tools.ToolNames.TOOL_SPECIFICATION;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.switchboard.processor.tools.ArgType.Scalar;
import dev.switchboard.processor.tools.ArgType.ScalarKind;
import dev.switchboard.processor.tools.ToolsModel.Param;
import dev.switchboard.processor.tools.ToolsModel.Tool;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import javax.lang.model.element.Modifier;

/**
 * Generates {@code <Class>Tools}: the specifications, built once, and {@code execute}, a
 * {@code switch} on the tool name whose cases read each argument from the JSON tree, call the
 * method on the instance the dispatcher was created with, and turn the result into text.
 */
final class ToolsGenerator {
    private static final String TARGET = "tools";
    private static final ClassName LIST = ClassName.get(List.class);

    private final Helpers helpers = new Helpers();
    private final ReadCode reads = new ReadCode(helpers);
    private final WriteCode writes = new WriteCode(helpers);
    private final SchemaCode schemas = new SchemaCode(helpers);

    TypeSpec.Builder generate(ToolsModel model) {
        TypeName target = TypeName.get(model.type().asType());
        TypeSpec.Builder type = TypeSpec.classBuilder(model.generatedName())
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addSuperinterface(ToolNames.TOOL_SET)
                .addJavadoc("The tools of {@link $T}, dispatched without reflection.\n", target)
                .addField(FieldSpec.builder(
                                ParameterizedTypeName.get(LIST, TOOL_SPECIFICATION),
                                "SPECIFICATIONS",
                                Modifier.PRIVATE,
                                Modifier.STATIC,
                                Modifier.FINAL)
                        .initializer("$L", specifications(model))
                        .build())
                .addField(target, TARGET, Modifier.PRIVATE, Modifier.FINAL)
                .addMethod(MethodSpec.constructorBuilder()
                        .addModifiers(Modifier.PUBLIC)
                        .addJavadoc(
                                "Dispatches to the tools of {@code $N}.\n\n@param $N the tools' instance\n",
                                TARGET,
                                TARGET)
                        .addParameter(target, TARGET)
                        .addStatement("this.$N = $T.requireNonNull($N, $S)", TARGET, Objects.class, TARGET, TARGET)
                        .build())
                .addMethod(MethodSpec.methodBuilder("specifications")
                        .addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC)
                        .returns(ParameterizedTypeName.get(LIST, TOOL_SPECIFICATION))
                        .addStatement("return SPECIFICATIONS")
                        .build())
                .addMethod(execute(model));
        for (int i = 0; i < model.tools().size(); i++) {
            type.addMethod(call(model, model.tools().get(i), i));
        }
        for (int i = 0; i < model.tools().size(); i++) {
            type.addMethod(specification(model.tools().get(i), i));
        }
        return type.addMethods(helpers.methods());
    }

    private static CodeBlock specifications(ToolsModel model) {
        List<CodeBlock> calls = new ArrayList<>();
        for (int i = 0; i < model.tools().size(); i++) {
            calls.add(CodeBlock.of("spec$L()", i));
        }
        return CodeBlock.of("$T.of($L)", List.class, CodeBlock.join(calls, ", "));
    }

    private static MethodSpec execute(ToolsModel model) {
        MethodSpec.Builder m = MethodSpec.methodBuilder("execute")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(String.class)
                .addParameter(TOOL_REQUEST, "request")
                .addException(Exception.class)
                .addStatement("$T name = $T.requireNonNull(request, $S).name()", String.class, Objects.class, "request")
                .beginControlFlow("switch (name == null ? \"\" : name)");
        for (int i = 0; i < model.tools().size(); i++) {
            m.addStatement(
                    "case $S: return call$L($T.parse(request.arguments()))",
                    model.tools().get(i).name(),
                    i,
                    ARGUMENTS);
        }
        return m.addStatement("default: throw new $T(name)", ToolNames.UNKNOWN_TOOL)
                .endControlFlow()
                .build();
    }

    private MethodSpec call(ToolsModel model, Tool tool, int index) {
        MethodSpec.Builder m = MethodSpec.methodBuilder("call" + index)
                .addModifiers(Modifier.PRIVATE)
                .returns(String.class)
                .addParameter(JSON_NODE, "arguments")
                .addException(Exception.class);
        List<CodeBlock> args = new ArrayList<>();
        for (int i = 0; i < tool.params().size(); i++) {
            Param p = tool.params().get(i);
            if (!p.required()) {
                m.addStatement("$T given$L = $T.optionalField(arguments, $S)", JSON_NODE, i, ARGUMENTS, p.name());
            }
            m.addStatement("$T a$L = $L", TypeName.get(p.type().type()), i, argument(p, i));
            args.add(CodeBlock.of("a$L", i));
        }
        CodeBlock call = CodeBlock.of(
                "$L.$N($L)",
                receiver(model, tool),
                tool.method().getSimpleName().toString(),
                CodeBlock.join(args, ", "));
        if (tool.result() == null) {
            return m.addStatement("$L", call)
                    .addStatement("return $T.SUCCESS", RESULTS)
                    .build();
        }
        if (tool.result() instanceof Scalar s && s.kind() == ScalarKind.STRING) {
            return m.addStatement("return $T.text($L)", RESULTS, call).build();
        }
        return m.addStatement("$T result = $L", TypeName.get(tool.result().type()), call)
                .addStatement("return $T.json($L)", RESULTS, writes.write(tool.result(), CodeBlock.of("result")))
                .build();
    }

    private static CodeBlock receiver(ToolsModel model, Tool tool) {
        return tool.method().getModifiers().contains(Modifier.STATIC)
                ? CodeBlock.of("$T", TypeName.get(model.type().asType()))
                : CodeBlock.of("this.$N", TARGET);
    }

    /** Reads parameter {@code index}; an optional one from the node {@code given<index>} read before. */
    private CodeBlock argument(Param p, int index) {
        CodeBlock path = CodeBlock.of("$S", p.name());
        if (p.required()) {
            return reads.read(p.type(), CodeBlock.of("$T.field(arguments, \"\", $S)", ARGUMENTS, p.name()), path);
        }
        return reads.readAbsent(p.type(), CodeBlock.of("given$L", index), path);
    }

    private MethodSpec specification(Tool tool, int index) {
        CodeBlock.Builder spec = CodeBlock.builder().add("$T.builder()\n.name($S)", TOOL_SPECIFICATION, tool.name());
        if (tool.description() != null) {
            spec.add("\n.description($S)", tool.description());
        }
        if (!tool.params().isEmpty()) {
            spec.add("\n.parameters($L)", parameters(tool));
        }
        return MethodSpec.methodBuilder("spec" + index)
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(TOOL_SPECIFICATION)
                .addStatement("return $L\n.build()", spec.build())
                .build();
    }

    private CodeBlock parameters(Tool tool) {
        List<String> names = new ArrayList<>();
        List<CodeBlock> elements = new ArrayList<>();
        List<String> required = new ArrayList<>();
        for (Param p : tool.params()) {
            names.add(p.name());
            elements.add(schemas.schema(p.type(), p.description()));
            if (p.required()) {
                required.add(p.name());
            }
        }
        return schemas.object(CodeBlock.of("$T.builder()", OBJECT_SCHEMA), names, elements, required);
    }
}
