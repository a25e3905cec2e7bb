package dev.switchboard.processor.tools;

import static dev.switchboard.processor.tools.ToolNames.ARGUMENTS;
import static dev.switchboard.processor.tools.ToolNames.OBJECT_SCHEMA;
import static dev.switchboard.processor.tools.ToolNames.RESULTS;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.switchboard.processor.model.GeneratedNames;
import javax.lang.model.element.Modifier;

/**
 * Generates {@code <Record>Format}: the record's schema, built once; {@code parse}, which reads the
 * model's JSON as a tool's arguments are read (every mismatch names its path); and {@code toJson}.
 */
final class OutputGenerator {
    private final Helpers helpers = new Helpers();
    private final ReadCode reads = new ReadCode(helpers);
    private final WriteCode writes = new WriteCode(helpers);
    private final SchemaCode schemas = new SchemaCode(helpers);

    TypeSpec.Builder generate(OutputModel model) {
        TypeName record = TypeName.get(model.type().asType());
        ClassName self = ClassName.get(GeneratedNames.packageOf(model.type()), model.generatedName());
        return TypeSpec.classBuilder(model.generatedName())
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addSuperinterface(ParameterizedTypeName.get(ToolNames.OUTPUT_FORMAT, record))
                .addJavadoc("{@link $T} as a model's structured output, read without reflection.\n", record)
                .addField(FieldSpec.builder(self, "INSTANCE", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                        .addJavadoc("The format.\n")
                        .initializer("new $T()", self)
                        .build())
                .addField(FieldSpec.builder(OBJECT_SCHEMA, "SCHEMA", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                        .initializer("$L", schemas.schema(model.shape(), null))
                        .build())
                .addMethod(MethodSpec.constructorBuilder()
                        .addModifiers(Modifier.PRIVATE)
                        .build())
                .addMethod(constant("name", TypeName.get(String.class), CodeBlock.of("$S", model.name())))
                .addMethod(constant("description", TypeName.get(String.class), CodeBlock.of("$S", model.description())))
                .addMethod(constant("schema", OBJECT_SCHEMA, CodeBlock.of("SCHEMA")))
                .addMethod(constant(
                        "type",
                        ParameterizedTypeName.get(ClassName.get(Class.class), record),
                        CodeBlock.of("$T.class", record)))
                .addMethod(MethodSpec.methodBuilder("parse")
                        .addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC)
                        .returns(record)
                        .addParameter(String.class, "json")
                        .addStatement(
                                "return $L",
                                reads.read(
                                        model.shape(), CodeBlock.of("$T.parse(json)", ARGUMENTS), CodeBlock.of("\"\"")))
                        .build())
                .addMethod(MethodSpec.methodBuilder("toJson")
                        .addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC)
                        .returns(String.class)
                        .addParameter(record, "value")
                        .addStatement("return $T.json($L)", RESULTS, writes.write(model.shape(), CodeBlock.of("value")))
                        .build())
                .addMethods(helpers.methods());
    }

    private static MethodSpec constant(String name, TypeName type, CodeBlock value) {
        return MethodSpec.methodBuilder(name)
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(type)
                .addStatement("return $L", value)
                .build();
    }
}
