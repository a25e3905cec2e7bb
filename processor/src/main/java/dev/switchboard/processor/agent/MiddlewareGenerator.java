package dev.switchboard.processor.agent;

import static dev.switchboard.processor.agent.AgentNames.AGENT_STATE;
import static dev.switchboard.processor.agent.AgentNames.HOOK;
import static dev.switchboard.processor.agent.AgentNames.HOOK_RESULT;
import static dev.switchboard.processor.agent.AgentNames.JUMP_TO;
import static dev.switchboard.processor.agent.AgentNames.NODE_CONTEXT;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import com.palantir.javapoet.WildcardTypeName;
import dev.switchboard.processor.agent.MiddlewareModel.HookMethod;
import dev.switchboard.processor.agent.MiddlewareModel.Kind;
import dev.switchboard.processor.agent.MiddlewareModel.Param;
import dev.switchboard.processor.model.GeneratedNames;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;

/**
 * Generates {@code <Class>Middleware}: the hooks the class has, their jump targets, the state
 * record's channels, and a {@code switch} that calls each hook with the arguments it asks for.
 */
final class MiddlewareGenerator {
    private static final String TARGET = "target";

    TypeSpec.Builder generate(MiddlewareModel model) {
        TypeName target = TypeName.get(model.type().asType());
        TypeSpec.Builder type = TypeSpec.classBuilder(model.generatedName())
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addSuperinterface(AgentNames.AGENT_MIDDLEWARE)
                .addJavadoc("The middleware {@link $T}, its hooks called without reflection.\n", target)
                .addField(FieldSpec.builder(
                                ParameterizedTypeName.get(ClassName.get(Set.class), HOOK),
                                "HOOKS",
                                Modifier.PRIVATE,
                                Modifier.STATIC,
                                Modifier.FINAL)
                        .initializer("$L", hooks(model))
                        .build())
                .addField(target, TARGET, Modifier.PRIVATE, Modifier.FINAL)
                .addField(String.class, "name", Modifier.PRIVATE, Modifier.FINAL)
                .addMethod(MethodSpec.constructorBuilder()
                        .addModifiers(Modifier.PUBLIC)
                        .addJavadoc(
                                "The middleware named $S.\n\n@param $N the middleware's instance\n",
                                model.name(),
                                TARGET)
                        .addParameter(target, TARGET)
                        .addStatement("this($N, $S)", TARGET, model.name())
                        .build())
                .addMethod(MethodSpec.constructorBuilder()
                        .addModifiers(Modifier.PUBLIC)
                        .addJavadoc(
                                "The middleware under another name, to use it twice in one agent.\n\n"
                                        + "@param $N the middleware's instance\n@param name its name\n",
                                TARGET)
                        .addParameter(target, TARGET)
                        .addParameter(String.class, "name")
                        .addStatement("this.$N = $T.requireNonNull($N, $S)", TARGET, Objects.class, TARGET, TARGET)
                        .addStatement("this.name = $T.requireNonNull(name, $S)", Objects.class, "name")
                        .build())
                .addMethod(override("name", TypeName.get(String.class))
                        .addStatement("return name")
                        .build())
                .addMethod(override("hooks", ParameterizedTypeName.get(ClassName.get(Set.class), HOOK))
                        .addStatement("return HOOKS")
                        .build())
                .addMethod(canJumpTo(model));
        if (model.state() != null) {
            TypeElement record = (TypeElement) ((DeclaredType) model.state()).asElement();
            type.addMethod(override(
                            "stateSchema",
                            ParameterizedTypeName.get(
                                    AgentNames.STATE_SCHEMA, WildcardTypeName.subtypeOf(Object.class)))
                    .addStatement(
                            "return $T.SCHEMA",
                            ClassName.get(GeneratedNames.packageOf(record), GeneratedNames.channels(record)))
                    .build());
        }
        if (model.toolProvider()) {
            type.addMethod(
                    override("tools", ParameterizedTypeName.get(ClassName.get(List.class), AgentNames.AGENT_TOOL))
                            .addStatement("return $N.tools()", TARGET)
                            .build());
        }
        type.addMethod(run(model));
        for (HookMethod h : model.hooks()) {
            if (h.kind() == Kind.WRAP_MODEL_CALL) {
                type.addMethod(wrap(
                        "wrapModelCall",
                        AgentNames.MODEL_RESPONSE,
                        AgentNames.MODEL_REQUEST,
                        AgentNames.MODEL_CALL_HANDLER,
                        h));
            } else if (h.kind() == Kind.WRAP_TOOL_CALL) {
                type.addMethod(wrap(
                        "wrapToolCall",
                        AgentNames.TOOL_RESULT,
                        AgentNames.TOOL_CALL_REQUEST,
                        AgentNames.TOOL_CALL_HANDLER,
                        h));
            }
        }
        return type;
    }

    private static MethodSpec.Builder override(String name, TypeName returns) {
        return MethodSpec.methodBuilder(name)
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(returns);
    }

    private static CodeBlock hooks(MiddlewareModel model) {
        if (model.hooks().isEmpty()) {
            return CodeBlock.of("$T.unmodifiableSet($T.noneOf($T.class))", Collections.class, EnumSet.class, HOOK);
        }
        List<CodeBlock> constants = new ArrayList<>();
        for (HookMethod h : model.hooks()) {
            constants.add(CodeBlock.of("$T.$L", HOOK, h.kind().name()));
        }
        return CodeBlock.of(
                "$T.unmodifiableSet($T.of($L))", Collections.class, EnumSet.class, CodeBlock.join(constants, ", "));
    }

    private static MethodSpec canJumpTo(MiddlewareModel model) {
        MethodSpec.Builder m = override("canJumpTo", ParameterizedTypeName.get(ClassName.get(Set.class), JUMP_TO))
                .addParameter(HOOK, "hook")
                .beginControlFlow("switch (hook)");
        for (HookMethod h : model.hooks()) {
            if (!h.canJumpTo().isEmpty()) {
                List<CodeBlock> targets = new ArrayList<>();
                h.canJumpTo().forEach(t -> targets.add(CodeBlock.of("$T.$L", JUMP_TO, t)));
                m.addStatement("case $L: return $T.of($L)", h.kind().name(), Set.class, CodeBlock.join(targets, ", "));
            }
        }
        return m.addStatement("default: return $T.of()", Set.class)
                .endControlFlow()
                .build();
    }

    private MethodSpec run(MiddlewareModel model) {
        MethodSpec.Builder m = override("run", HOOK_RESULT)
                .addParameter(HOOK, "hook")
                .addParameter(ParameterizedTypeName.get(AGENT_STATE, WildcardTypeName.subtypeOf(Object.class)), "state")
                .addParameter(NODE_CONTEXT, "context")
                .addException(Exception.class)
                .beginControlFlow("switch (hook)");
        for (HookMethod h : model.hooks()) {
            if (!h.kind().isNode()) {
                continue;
            }
            CodeBlock call =
                    CodeBlock.of("$N.$N($L)", TARGET, h.method().getSimpleName().toString(), arguments(model, h));
            switch (h.returns()) {
                case VOID ->
                    m.addCode("case $L:\n", h.kind().name())
                            .addStatement("$>$L", call)
                            .addStatement("return $T.none()$<", HOOK_RESULT);
                case RESULT ->
                    m.addCode("case $L: {\n", h.kind().name())
                            .addStatement("$>$T result = $L", HOOK_RESULT, call)
                            .addStatement("return result == null ? $T.none() : result$<", HOOK_RESULT)
                            .addCode("}\n");
                default ->
                    m.addCode("case $L: {\n", h.kind().name())
                            .addStatement(
                                    "$>$T update = $L", TypeName.get(h.method().getReturnType()), call)
                            .addStatement(
                                    "return update == null ? $T.none() : $T.update(update)$<", HOOK_RESULT, HOOK_RESULT)
                            .addCode("}\n");
            }
        }
        return m.addStatement("default: return $T.none()", HOOK_RESULT)
                .endControlFlow()
                .build();
    }

    private static CodeBlock arguments(MiddlewareModel model, HookMethod h) {
        List<CodeBlock> args = new ArrayList<>();
        for (Param p : h.params()) {
            args.add(
                    switch (p) {
                        case STATE -> CodeBlock.of("state");
                        case CONTEXT -> CodeBlock.of("context");
                        default -> CodeBlock.of("state.get($T.class)", TypeName.get(model.state()));
                    });
        }
        return CodeBlock.join(args, ", ");
    }

    private static MethodSpec wrap(String name, ClassName result, ClassName request, ClassName handler, HookMethod h) {
        return override(name, result)
                .addParameter(request, "request")
                .addParameter(handler, "handler")
                .addException(Exception.class)
                .addStatement(
                        "return $N.$N(request, handler)",
                        TARGET,
                        h.method().getSimpleName().toString())
                .build();
    }
}
