package dev.switchboard.processor.generate;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.switchboard.processor.model.GeneratedNames;
import dev.switchboard.processor.model.PolicyModel;
import dev.switchboard.processor.model.StoredTypes;
import dev.switchboard.processor.model.WorkflowModel;
import dev.switchboard.processor.model.WorkflowModel.Param;
import dev.switchboard.processor.model.WorkflowModel.TaskModel;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Types;

/**
 * Generates the two types of a functional workflow class {@code X}: {@code XWorkflow}, the compiled
 * graph (its definition with the entrypoint as its one node, a dispatcher that calls the entrypoint
 * method with what it declares, a builder, diagram and schemas), and {@code XTasks}, through which
 * the entrypoint calls its tasks: one method per {@code @Task}, with the task's parameters,
 * returning a {@code CompletableFuture} of its result.
 */
public final class WorkflowGenerator {
    private final ValueTypes valueTypes;
    private final JsonSchemas schemas;
    private final StoredTypes stored;

    public WorkflowGenerator(Types types) {
        this.valueTypes = new ValueTypes(types);
        this.schemas = new JsonSchemas(types);
        this.stored = new StoredTypes(types);
    }

    /** {@code XWorkflow} and {@code XTasks} of a valid workflow, to be written by {@link SourceWriter}. */
    public List<TypeSpec.Builder> generate(WorkflowModel w) {
        return List.of(workflow(w), tasks(w));
    }

    private TypeSpec.Builder workflow(WorkflowModel w) {
        TypeElement cls = w.type();
        String pkg = GeneratedNames.packageOf(cls);
        ClassName self = ClassName.get(pkg, GeneratedNames.workflow(cls));
        ClassName builder = self.nestedClass("Builder");
        ClassName workflow = ClassName.get(cls);
        TypeMirror input = w.param(WorkflowModel.Role.INPUT).element().asType();
        TypeName inputType = TypeName.get(input).box();
        TypeName output = TypeName.get(w.output());
        return TypeSpec.classBuilder(self)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .superclass(ParameterizedTypeName.get(ClassNames.WORKFLOW_GRAPH, inputType, output))
                .addJavadoc(
                        "The compiled functional workflow $S of {@link $T}: its entrypoint {@code $L} is its one node."
                                + " Create it with {@link #builder($T)}.\n",
                        w.name(),
                        workflow,
                        w.entrypoint().getSimpleName(),
                        workflow)
                .addField(constant("MERMAID", mermaid(w.name()), "The workflow as a Mermaid flowchart."))
                .addField(constant(
                        "INPUT_JSON_SCHEMA",
                        schemas.render(input, w.name() + "Input"),
                        "The JSON Schema of the input."))
                .addField(constant(
                        "OUTPUT_JSON_SCHEMA",
                        schemas.render(w.output(), w.name() + "Output"),
                        "The JSON Schema of the output."))
                .addField(FieldSpec.builder(ClassNames.WORKFLOW_STATE, "STATE", Modifier.STATIC, Modifier.FINAL)
                        .initializer(
                                "$T.of($L, $L)",
                                ClassNames.WORKFLOW_STATE,
                                valueTypes.of(w.output()),
                                valueTypes.of(w.saved()))
                        .build())
                .addField(FieldSpec.builder(ClassNames.GRAPH_DEFINITION, "SPEC", Modifier.STATIC, Modifier.FINAL)
                        .initializer(spec(w, input))
                        .build())
                .addMethod(MethodSpec.constructorBuilder()
                        .addModifiers(Modifier.PRIVATE)
                        .addParameter(builder, "builder")
                        .addStatement("super(SPEC, new Dispatcher(builder.workflow), builder)")
                        .build())
                .addMethod(MethodSpec.methodBuilder("builder")
                        .addJavadoc("Starts building the workflow.\n\n@param workflow the object whose entrypoint and"
                                + " tasks the workflow calls\n@return a builder\n")
                        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                        .addParameter(workflow, "workflow")
                        .returns(builder)
                        .addStatement("return new $T(workflow)", builder)
                        .build())
                .addMethod(returning("mermaid", "MERMAID"))
                .addMethod(returning("inputJsonSchema", "INPUT_JSON_SCHEMA"))
                .addMethod(returning("outputJsonSchema", "OUTPUT_JSON_SCHEMA"))
                .addType(GraphGenerator.builderType(self, builder, workflow, "workflow"))
                .addType(dispatcher(w, workflow));
    }

    /** The definition: the entrypoint as node 1 on the input, its policies, the stored types' tags and codecs. */
    private CodeBlock spec(WorkflowModel w, TypeMirror input) {
        CodeBlock inputType = valueTypes.of(input);
        CodeBlock.Builder b = CodeBlock.builder()
                .add("$T.builder($S, STATE)", ClassNames.GRAPH_DEFINITION, w.name())
                .indent()
                .add("\n.entrypoint($L)", inputType)
                .add("\n.node(1, $S, $L)", w.name(), inputType);
        PolicyModel p = w.policies();
        if (p.retry() != null) {
            b.add("\n.retry($S, $L)", w.name(), Policies.retry(p.retry()));
        }
        if (p.timeout() != null) {
            b.add(
                    "\n.timeout($S, $T.ofMillis($LL))",
                    w.name(),
                    ClassNames.DURATION,
                    p.timeout().value());
        }
        if (p.cache() != null) {
            b.add(
                    "\n.cache($S, $T.ofSeconds($LL))",
                    w.name(),
                    ClassNames.DURATION,
                    p.cache().value());
        }
        Map<TypeElement, StoredTypes.Sealed> sealed = new LinkedHashMap<>();
        Map<TypeElement, Boolean> codecs = new LinkedHashMap<>();
        for (TypeMirror t : storedTypes(w, input)) {
            StoredTypes.Findings f = stored.walk(t);
            f.sealed().forEach(s -> sealed.putIfAbsent(s.base(), s));
            f.codecs().forEach(c -> codecs.putIfAbsent(c, true));
        }
        sealed.values().forEach(s -> b.add("\n.sealedType($L)", SealedTypeCode.of(s)));
        codecs.keySet().forEach(c -> b.add("\n.codec(new $T())", ClassName.get(c)));
        return b.add("\n.build()").unindent().build();
    }

    /** Every type a run stores: its input, output and saved value, and its tasks' arguments and results. */
    private static List<TypeMirror> storedTypes(WorkflowModel w, TypeMirror input) {
        List<TypeMirror> out = new ArrayList<>(List.of(input, w.output(), w.saved()));
        for (TaskModel t : w.tasks()) {
            t.args().forEach(a -> out.add(a.asType()));
            if (!t.voidResult()) {
                out.add(t.result());
            }
        }
        return out;
    }

    private TypeSpec dispatcher(WorkflowModel w, ClassName workflow) {
        ClassName tasks = ClassName.get(GeneratedNames.packageOf(w.type()), GeneratedNames.tasks(w.type()));
        CodeBlock.Builder args = CodeBlock.builder();
        for (int i = 0; i < w.params().size(); i++) {
            Param p = w.params().get(i);
            if (i > 0) {
                args.add(", ");
            }
            switch (p.role()) {
                case INPUT ->
                    args.add(
                            "($T) call.input()",
                            TypeName.get(p.element().asType()).box());
                case PREVIOUS ->
                    args.add("($T) call.previous()", TypeName.get(p.element().asType()));
                case TASKS -> args.add("new $T(workflow, context)", tasks);
                case CONTEXT -> args.add("context");
                default -> throw new IllegalStateException("invalid workflow reached the generator: " + p);
            }
        }
        return TypeSpec.classBuilder("Dispatcher")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .addSuperinterface(ClassNames.NODE_DISPATCHER)
                .addField(workflow, "workflow", Modifier.PRIVATE, Modifier.FINAL)
                .addMethod(MethodSpec.constructorBuilder()
                        .addParameter(workflow, "workflow")
                        .addStatement("this.workflow = workflow")
                        .build())
                .addMethod(MethodSpec.methodBuilder("node")
                        .addAnnotation(Override.class)
                        .addAnnotation(AnnotationSpec.builder(SuppressWarnings.class)
                                .addMember("value", "$S", "unchecked")
                                .build())
                        .addModifiers(Modifier.PUBLIC)
                        .returns(Object.class)
                        .addParameter(int.class, "node")
                        .addParameter(Object.class, "input")
                        .addParameter(ClassNames.NODE_CONTEXT, "context")
                        .addException(Exception.class)
                        .addStatement("$T call = ($T) input", ClassNames.ENTRYPOINT_CALL, ClassNames.ENTRYPOINT_CALL)
                        .addStatement(
                                "return STATE.returned(workflow.$L($L))",
                                w.entrypoint().getSimpleName(),
                                args.build())
                        .build())
                .addMethod(MethodSpec.methodBuilder("route")
                        .addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC)
                        .returns(Object.class)
                        .addParameter(int.class, "route")
                        .addParameter(Object.class, "state")
                        .addParameter(ClassNames.NODE_CONTEXT, "context")
                        .addStatement(
                                "throw new $T($S + route)", IllegalArgumentException.class, "a workflow has no route #")
                        .build())
                .build();
    }

    private TypeSpec.Builder tasks(WorkflowModel w) {
        TypeElement cls = w.type();
        ClassName self = ClassName.get(GeneratedNames.packageOf(cls), GeneratedNames.tasks(cls));
        ClassName workflow = ClassName.get(cls);
        TypeSpec.Builder type = TypeSpec.classBuilder(self)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addJavadoc(
                        "The tasks of workflow {@link $T}, as its entrypoint calls them: each call is recorded when it"
                                + " finishes, so that\na resumed or retried entrypoint gets the result again without"
                                + " running the task; calls run on the\nworkflow's executor, in parallel unless joined"
                                + " one by one. Only the entrypoint gets an instance.\n",
                        workflow)
                .addField(workflow, "workflow", Modifier.PRIVATE, Modifier.FINAL)
                .addField(ClassNames.NODE_CONTEXT, "context", Modifier.PRIVATE, Modifier.FINAL)
                .addField(ClassNames.TASK_CALLER, "caller", Modifier.PRIVATE, Modifier.FINAL)
                .addMethod(MethodSpec.constructorBuilder()
                        .addParameter(workflow, "workflow")
                        .addParameter(ClassNames.NODE_CONTEXT, "context")
                        .addStatement("this.workflow = workflow")
                        .addStatement("this.context = context")
                        .addStatement("this.caller = $T.of(context)", ClassNames.TASK_CALLER)
                        .build());
        for (int i = 0; i < w.tasks().size(); i++) {
            TaskModel t = w.tasks().get(i);
            String constant = "TASK_" + i;
            type.addField(FieldSpec.builder(
                            ParameterizedTypeName.get(ClassNames.TASK_DEF, TypeName.get(t.result())),
                            constant,
                            Modifier.PRIVATE,
                            Modifier.STATIC,
                            Modifier.FINAL)
                    .initializer(taskDef(t))
                    .build());
            type.addMethod(taskMethod(t, constant, workflow));
        }
        return type;
    }

    private CodeBlock taskDef(TaskModel t) {
        PolicyModel p = t.policies();
        return CodeBlock.of(
                "new $T<>($S, $L, $L, $L)",
                ClassNames.TASK_DEF,
                t.name(),
                valueTypes.of(t.result()),
                p.retry() == null ? CodeBlock.of("null") : Policies.retry(p.retry()),
                p.timeout() == null
                        ? CodeBlock.of("null")
                        : CodeBlock.of(
                                "$T.ofMillis($LL)",
                                ClassNames.DURATION,
                                p.timeout().value()));
    }

    private MethodSpec taskMethod(TaskModel t, String constant, ClassName workflow) {
        String method = t.method().getSimpleName().toString();
        MethodSpec.Builder m = MethodSpec.methodBuilder(method)
                .addModifiers(Modifier.PUBLIC)
                .returns(ParameterizedTypeName.get(ClassNames.COMPLETABLE_FUTURE, TypeName.get(t.result())))
                .addJavadoc("Calls task {@code $L} ({@link $T#$L}).\n\n", t.name(), workflow, method);
        CodeBlock.Builder args = CodeBlock.builder();
        CodeBlock.Builder call = CodeBlock.builder();
        for (int i = 0; i < t.args().size(); i++) {
            VariableElement a = t.args().get(i);
            String name = a.getSimpleName().toString();
            m.addParameter(TypeName.get(a.asType()), name, Modifier.FINAL);
            m.addJavadoc("@param $L its argument $L\n", name, name);
            args.add(i == 0 ? "$L" : ", $L", name);
            call.add(i == 0 ? "$L" : ", $L", name);
        }
        if (t.takesContext()) {
            call.add(t.args().isEmpty() ? "context" : ", context");
        }
        m.addJavadoc("@return the result's future\n");
        CodeBlock body = t.voidResult()
                ? CodeBlock.of("() -> {\n$>workflow.$L($L);\nreturn null;\n$<}", method, call.build())
                : CodeBlock.of("() -> workflow.$L($L)", method, call.build());
        return m.addStatement(
                        "return caller.call($L, $T.asList(new Object[] {$L}), $L)",
                        constant,
                        ClassNames.ARRAYS,
                        args.build(),
                        body)
                .build();
    }

    private static String mermaid(String name) {
        return "---\nconfig:\n  flowchart:\n    curve: linear\n---\ngraph TD;\n"
                + "\t__start__([<p>__start__</p>]):::first\n\t" + name + "(" + name + ")\n"
                + "\t__end__([<p>__end__</p>]):::last\n\t__start__ --> " + name + ";\n\t" + name
                + " --> __end__;\n\tclassDef default fill:#f2f0ff,line-height:1.2\n"
                + "\tclassDef first fill-opacity:0\n\tclassDef last fill:#bfb6fc\n";
    }

    private static FieldSpec constant(String name, String value, String doc) {
        return FieldSpec.builder(String.class, name, Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("$L\n", doc)
                .initializer("$S", value)
                .build();
    }

    private static MethodSpec returning(String method, String constant) {
        return MethodSpec.methodBuilder(method)
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(String.class)
                .addStatement("return $L", constant)
                .build();
    }
}
