package dev.switchboard.processor.generate;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.switchboard.processor.model.ComponentModel;
import dev.switchboard.processor.model.GeneratedNames;
import dev.switchboard.processor.model.StateModel;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * Generates {@code XUpdate}: a typed partial update of record {@code X} with a fluent setter per
 * writable component, {@code overwriteY(...)} for reducer components and no setter for managed
 * ones.
 */
public final class UpdateGenerator {
    public TypeSpec.Builder generate(StateModel state) {
        ClassName self =
                ClassName.get(GeneratedNames.packageOf(state.element()), GeneratedNames.update(state.element()));
        ClassName record = ClassName.get(state.element());
        ClassName channels =
                ClassName.get(GeneratedNames.packageOf(state.element()), GeneratedNames.channels(state.element()));
        TypeSpec.Builder type = TypeSpec.classBuilder(self)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .superclass(ClassNames.STATE_UPDATE)
                .addSuperinterface(ClassNames.GENERATED_UPDATE)
                .addJavadoc("A partial update of {@link $T}: set the components a node writes and return it.\n", record)
                .addMethod(MethodSpec.constructorBuilder()
                        .addModifiers(Modifier.PRIVATE)
                        .build())
                .addMethod(MethodSpec.methodBuilder("of")
                        .addJavadoc("Starts an empty update; an empty update writes nothing.\n\n@return a new update\n")
                        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                        .returns(self)
                        .addStatement("return new $T()", self)
                        .build());
        List<ComponentModel> components = state.components();
        CodeBlock.Builder writes = CodeBlock.builder();
        for (int i = 0; i < components.size(); i++) {
            ComponentModel c = components.get(i);
            if (c.isManaged()) {
                continue;
            }
            addComponent(type, self, c);
            writes.add(writeStatement(c, i));
        }
        type.addMethod(MethodSpec.methodBuilder("also")
                        .addJavadoc("Adds an update of another record of the same graph, applied with this one.\n\n"
                                + "@param other the other update\n@return this update\n")
                        .addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC)
                        .addParameter(ClassNames.STATE_UPDATE, "other")
                        .returns(self)
                        .addStatement("super.also(other)")
                        .addStatement("return this")
                        .build())
                .addMethod(MethodSpec.methodBuilder("schema")
                        .addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC)
                        .returns(ParameterizedTypeName.get(ClassNames.STATE_SCHEMA, record))
                        .addStatement("return $T.SCHEMA", channels)
                        .build())
                .addMethod(MethodSpec.methodBuilder("writeTo")
                        .addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC)
                        .addParameter(ClassNames.WRITE_SINK, "sink")
                        .addCode(writes.build())
                        .build())
                .addMethod(MethodSpec.methodBuilder("ownWrites")
                        .addAnnotation(Override.class)
                        .addModifiers(Modifier.PROTECTED)
                        .addParameter(
                                ParameterizedTypeName.get(
                                        ClassNames.BI_CONSUMER,
                                        ClassName.get(String.class),
                                        ClassName.get(Object.class)),
                                "sink")
                        .addStatement("$T.writesByName(this, sink)", ClassNames.GENERATED_UPDATE)
                        .build());
        return type;
    }

    private static void addComponent(TypeSpec.Builder type, ClassName self, ComponentModel c) {
        TypeName t = TypeName.get(c.type());
        String name = c.name();
        type.addField(FieldSpec.builder(t, name, Modifier.PRIVATE).build());
        type.addField(
                FieldSpec.builder(TypeName.BOOLEAN, set(c), Modifier.PRIVATE).build());
        boolean reducer = c.kind() == ComponentModel.Kind.REDUCER;
        if (reducer) {
            type.addField(FieldSpec.builder(TypeName.BOOLEAN, overwrite(c), Modifier.PRIVATE)
                    .build());
        }
        type.addMethod(setter(self, c, name, t, false));
        if (reducer) {
            type.addMethod(
                    setter(self, c, "overwrite" + Character.toUpperCase(name.charAt(0)) + name.substring(1), t, true));
        }
    }

    private static MethodSpec setter(ClassName self, ComponentModel c, String method, TypeName t, boolean overwrite) {
        String name = c.name();
        MethodSpec.Builder m = MethodSpec.methodBuilder(method)
                .addJavadoc(javadoc(c, overwrite))
                .addModifiers(Modifier.PUBLIC)
                .addParameter(t, name)
                .returns(self);
        boolean nullable = !t.isPrimitive()
                && (c.kind() == ComponentModel.Kind.LAST_VALUE
                        || c.kind() == ComponentModel.Kind.ANY_VALUE
                        || c.kind() == ComponentModel.Kind.UNTRACKED
                        || c.kind() == ComponentModel.Kind.EPHEMERAL
                        || c.kind() == ComponentModel.Kind.LAST_VALUE_AFTER_FINISH);
        if (nullable) {
            m.addStatement("this.$N = $N", name, name);
        } else if (t.isPrimitive()) {
            m.addStatement("this.$N = $N", name, name);
        } else {
            m.addStatement("this.$N = $T.requireNonNull($N, $S)", name, ClassNames.OBJECTS, name, name);
        }
        m.addStatement("this.$N = true", set(c));
        if (c.kind() == ComponentModel.Kind.REDUCER) {
            m.addStatement("this.$N = $L", overwrite(c), overwrite);
        }
        return m.addStatement("return this").build();
    }

    private static String javadoc(ComponentModel c, boolean overwrite) {
        String what = switch (c.kind()) {
            case REDUCER ->
                overwrite
                        ? "Replaces {@code " + c.name() + "}, bypassing its reducer; a second overwrite in the same"
                                + " step is an error."
                        : "Writes {@code " + c.name() + "}; the value is reduced into the current one by {@code "
                                + c.impl().getSimpleName() + "}.";
            case TOPIC -> "Publishes values to the topic {@code " + c.name() + "}.";
            case UNTRACKED -> "Writes {@code " + c.name() + "}, which is never checkpointed.";
            case EPHEMERAL -> "Writes {@code " + c.name() + "}, which is visible in the next step only.";
            default -> "Writes {@code " + c.name() + "}.";
        };
        return what + "\n\n@param " + c.name() + " the value\n@return this update\n";
    }

    private static CodeBlock writeStatement(ComponentModel c, int index) {
        // Fields are read through this.: a component may be named like the parameter (sink).
        if (c.kind() == ComponentModel.Kind.REDUCER) {
            return CodeBlock.builder()
                    .beginControlFlow("if (this.$N)", set(c))
                    .addStatement(
                            "sink.write($L, this.$N ? new $T<>(this.$N) : this.$N)",
                            index,
                            overwrite(c),
                            ClassNames.OVERWRITE,
                            c.name(),
                            c.name())
                    .endControlFlow()
                    .build();
        }
        return CodeBlock.builder()
                .beginControlFlow("if (this.$N)", set(c))
                .addStatement("sink.write($L, this.$N)", index, c.name())
                .endControlFlow()
                .build();
    }

    private static String set(ComponentModel c) {
        return c.name() + "$set";
    }

    private static String overwrite(ComponentModel c) {
        return c.name() + "$overwrite";
    }
}
