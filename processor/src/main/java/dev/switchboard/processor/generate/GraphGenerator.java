package dev.switchboard.processor.generate;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.switchboard.processor.model.EdgeModel;
import dev.switchboard.processor.model.GeneratedNames;
import dev.switchboard.processor.model.GraphModel;
import dev.switchboard.processor.model.HandlerModel;
import dev.switchboard.processor.model.JoinModel;
import dev.switchboard.processor.model.NameRef;
import dev.switchboard.processor.model.NodeInput;
import dev.switchboard.processor.model.NodeModel;
import dev.switchboard.processor.model.Returns;
import dev.switchboard.processor.model.RouteModel;
import dev.switchboard.processor.model.StateModel;
import dev.switchboard.processor.model.StoredTypes;
import dev.switchboard.processor.schema.History;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Types;

/**
 * Generates {@code XGraph} for graph class {@code X}: the {@code GraphDefinition} (node table, policies,
 * edges, joins, routes), a {@code switch}-based dispatcher that calls node, route and error handler
 * methods without reflection, a builder, and the Mermaid diagram and JSON Schemas as constants.
 */
public final class GraphGenerator {
    private final JsonSchemas schemas;
    private final ValueTypes valueTypes;
    private final SendsGenerator sends;
    private final StoredTypes stored;
    private final Mermaid mermaid;
    private final Types types;
    private final Function<TypeMirror, Optional<GraphModel>> subgraphs;
    private final SchemaHistoryCode history;

    /** A generator that writes node inputs as {@code ValueType}s and JSON Schemas with javac's {@code types}. */
    public GraphGenerator(Types types) {
        this(types, t -> Optional.empty());
    }

    /**
     * A generator that draws subgraph nodes' graphs in the x-ray diagram.
     *
     * @param subgraphs the model of the graph a generated graph type was made from, if it can be read
     */
    public GraphGenerator(Types types, Function<TypeMirror, Optional<GraphModel>> subgraphs) {
        this.schemas = new JsonSchemas(types);
        this.valueTypes = new ValueTypes(types);
        this.sends = new SendsGenerator(types);
        this.stored = new StoredTypes(types);
        this.mermaid = new Mermaid(subgraphs);
        this.types = types;
        this.subgraphs = subgraphs;
        this.history = new SchemaHistoryCode(types);
    }

    /** The {@code XGraph} type of a valid graph of a first version, to be written by {@link SourceWriter}. */
    public TypeSpec.Builder generate(GraphModel g) {
        return generate(g, new History(1, List.of(), List.of(), List.of()));
    }

    /**
     * The {@code XGraph} type of a valid graph, whose definition declares {@code versions}, to be
     * written by {@link SourceWriter}.
     */
    public TypeSpec.Builder generate(GraphModel g, History versions) {
        TypeElement cls = g.element();
        String pkg = GeneratedNames.packageOf(cls);
        ClassName self = ClassName.get(pkg, GeneratedNames.graph(cls));
        ClassName builder = self.nestedClass("Builder");
        ClassName nodes = ClassName.get(cls);
        TypeName state = ClassName.get(g.state().element());
        TypeName input = update(g.input());
        TypeName output = ClassName.get(g.output().element());
        TypeSpec.Builder type = TypeSpec.classBuilder(self)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .superclass(ParameterizedTypeName.get(ClassNames.PREGEL_GRAPH, state, input, output))
                .addJavadoc(
                        "The compiled graph $S of {@link $T}. Create it with {@link #builder($T)}.\n",
                        g.name(),
                        nodes,
                        nodes)
                .addField(constant("MERMAID", mermaid.render(g), "The graph as a Mermaid flowchart."))
                .addField(constant(
                        "DESCRIPTION",
                        g.description(),
                        "What the graph does: {@code @Graph(description)} or the class's javadoc."))
                .addField(constant(
                        "INPUT_JSON_SCHEMA",
                        schemas.render(g.input(), g.name() + "Input"),
                        "The JSON Schema of the input."))
                .addField(constant(
                        "OUTPUT_JSON_SCHEMA",
                        schemas.render(g.output(), g.name() + "Output"),
                        "The JSON Schema of the output."))
                .addField(spec(g, versions))
                .addMethod(MethodSpec.constructorBuilder()
                        .addModifiers(Modifier.PRIVATE)
                        .addParameter(builder, "builder")
                        .addStatement("super(SPEC, new Dispatcher(builder.nodes), builder)")
                        .build())
                .addMethod(MethodSpec.methodBuilder("builder")
                        .addJavadoc("Starts building the graph.\n\n@param nodes the object whose node and route"
                                + " methods the graph calls\n@return a builder\n")
                        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                        .addParameter(nodes, "nodes")
                        .returns(builder)
                        .addStatement("return new $T(nodes)", builder)
                        .build())
                .addMethod(returning("mermaid", "MERMAID"))
                .addMethod(returning("description", "DESCRIPTION"))
                .addMethod(returning("inputJsonSchema", "INPUT_JSON_SCHEMA"))
                .addMethod(returning("outputJsonSchema", "OUTPUT_JSON_SCHEMA"))
                .addType(builderType(self, builder, nodes, "nodes"))
                .addType(dispatcher(g, nodes))
                .addTypes(sends.generate(g, self).stream().toList());
        if (g.context() != null) {
            addContext(type, g, input, output);
        }
        if (Mermaid.hasSubgraphs(g)) {
            new SubgraphList(subgraphs, schemas).addTo(type, g);
            type.addField(constant(
                            "MERMAID_XRAY",
                            mermaid.renderXray(g),
                            "The graph as a Mermaid flowchart with each subgraph drawn inside its node."))
                    .addMethod(MethodSpec.methodBuilder("mermaid")
                            .addAnnotation(Override.class)
                            .addModifiers(Modifier.PUBLIC)
                            .addParameter(boolean.class, "xray")
                            .returns(String.class)
                            .addStatement("return xray ? MERMAID_XRAY : MERMAID")
                            .build());
        }
        return type;
    }

    /** A graph with a run context: marked for the processor's subgraph check, with typed invokes. */
    private static void addContext(TypeSpec.Builder type, GraphModel g, TypeName input, TypeName output) {
        TypeName context = TypeName.get(g.context());
        TypeName result = ParameterizedTypeName.get(ClassNames.GRAPH_OUTPUT, output);
        type.addSuperinterface(ParameterizedTypeName.get(ClassNames.CONTEXTUAL_GRAPH, context))
                .addMethod(MethodSpec.methodBuilder("invoke")
                        .addJavadoc("Runs the graph to completion with its run context.\n\n@param input the input"
                                + " update\n@param config the run configuration\n@param context the run context\n"
                                + "@return the output\n")
                        .addModifiers(Modifier.PUBLIC)
                        .addParameter(input, "input")
                        .addParameter(ClassNames.RUN_CONFIG, "config")
                        .addParameter(context, "context")
                        .returns(result)
                        .addStatement("return invoke(input, config.withContext(context))")
                        .build());
    }

    private static FieldSpec constant(String name, String value, String doc) {
        return FieldSpec.builder(String.class, name, Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc(doc + "\n")
                .initializer("$S", value)
                .build();
    }

    private static MethodSpec returning(String method, String constant) {
        return MethodSpec.methodBuilder(method)
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(String.class)
                .addStatement("return $N", constant)
                .build();
    }

    private static TypeName update(StateModel s) {
        return ClassName.get(GeneratedNames.packageOf(s.element()), GeneratedNames.update(s.element()));
    }

    private static CodeBlock schema(StateModel s) {
        return CodeBlock.of(
                "$T.SCHEMA",
                ClassName.get(GeneratedNames.packageOf(s.element()), GeneratedNames.channels(s.element())));
    }

    /** The tag tables of sealed interfaces that Send payloads hold, so pending sends read back. */
    private CodeBlock sealedPayloads(GraphModel g) {
        Map<TypeElement, StoredTypes.Sealed> all = new LinkedHashMap<>();
        for (NodeModel n : g.nodes()) {
            if (n.input().kind() == NodeInput.Kind.PAYLOAD && n.input().type() != null) {
                stored.walk(n.input().type()).sealed().forEach(s -> all.putIfAbsent(s.base(), s));
            }
        }
        CodeBlock.Builder b = CodeBlock.builder();
        all.values().forEach(s -> b.add("\n.sealedType($L)", SealedTypeCode.of(s)));
        codecPayloads(g).forEach(c -> b.add("\n.codec(new $T())", ClassName.get(c)));
        return b.build();
    }

    /** The codecs ({@code @Codec}) of types that Send payloads hold, so pending sends read back. */
    private java.util.Collection<TypeElement> codecPayloads(GraphModel g) {
        Map<String, TypeElement> all = new LinkedHashMap<>();
        for (NodeModel n : g.nodes()) {
            if (n.input().kind() == NodeInput.Kind.PAYLOAD && n.input().type() != null) {
                stored.walk(n.input().type())
                        .codecs()
                        .forEach(c -> all.putIfAbsent(c.getQualifiedName().toString(), c));
            }
        }
        return all.values();
    }

    private FieldSpec spec(GraphModel g, History versions) {
        FieldSpec.Builder f = FieldSpec.builder(ClassNames.GRAPH_DEFINITION, "SPEC", Modifier.STATIC, Modifier.FINAL)
                .initializer(spec(g, history.of(versions, g.element())));
        if (SchemaHistoryCode.unchecked(versions)) {
            f.addAnnotation(AnnotationSpec.builder(SuppressWarnings.class)
                    .addMember("value", "$S", "unchecked")
                    .build());
        }
        return f.build();
    }

    private CodeBlock spec(GraphModel g, CodeBlock versions) {
        CodeBlock.Builder b = CodeBlock.builder()
                .add("$T.builder($S, $L)", ClassNames.GRAPH_DEFINITION, g.name(), schema(g.state()))
                .indent();
        if (g.input() != g.state()) {
            b.add("\n.input($L)", schema(g.input()));
        }
        if (g.output() != g.state()) {
            b.add("\n.output($L)", schema(g.output()));
        }
        for (StateModel p : g.privateState()) {
            b.add("\n.privateState($L)", schema(p));
        }
        if (g.context() != null) {
            ClassName raw = ClassName.get((TypeElement) ((DeclaredType) g.context()).asElement());
            b.add(
                    "\n.context($S, c -> c instanceof $T, $L)",
                    raw.canonicalName(),
                    raw,
                    valueTypes.of(types.erasure(g.context())));
        }
        for (int i = 0; i < g.nodes().size(); i++) {
            NodeModel n = g.nodes().get(i);
            b.add(node(i, n, g));
            if (n.returns().kind() == Returns.Kind.SUBGRAPH) {
                b.add("\n.subgraph($S)", n.name());
            }
            b.add(Policies.of(n));
            if (g.handler(n.name()).isPresent()) {
                b.add("\n.onError($S)", n.name());
            }
        }
        b.add(sealedPayloads(g));
        for (EdgeModel e : g.edges()) {
            b.add("\n.edge($S, $S)", e.from().name(), e.to());
        }
        for (JoinModel j : g.joins()) {
            b.add(
                    "\n.join($S$L)",
                    j.to(),
                    names(j.from().stream().map(NameRef::name).toList(), true));
        }
        for (int i = 0; i < g.routes().size(); i++) {
            b.add(route(i, g.routes().get(i)));
        }
        return b.add(versions).add("\n.build()").unindent().build();
    }

    /**
     * Declares a node under the number its dispatcher case has (the builder checks it), then what
     * it reads and whether it is deferred, by name rather than by position.
     */
    private CodeBlock node(int i, NodeModel n, GraphModel g) {
        CodeBlock payload = n.input().type() == null
                ? ValueTypes.OBJECT
                : valueTypes.of(n.input().type());
        CodeBlock.Builder b = CodeBlock.builder().add("\n.node($L, $S, $L)", nodeIndex(i), n.name(), payload);
        reads(n, g).ifPresent(schema -> b.add(".reads($L)", schema));
        if (n.defer()) {
            b.add(".deferred()");
        }
        return b.build();
    }

    /** Declares a route under the number its dispatcher case has (the builder checks it). */
    private static CodeBlock route(int i, RouteModel r) {
        CodeBlock.Builder b = CodeBlock.builder()
                .add(
                        "\n.route($L, $S, $S)",
                        i,
                        r.method().getSimpleName().toString(),
                        r.from().name())
                .add(".to($L)", names(r.destinations(), false));
        if (r.returns() == RouteModel.Kind.ENUM) {
            List<String> targets =
                    r.enumConstants().stream().map(RouteModel::enumTarget).toList();
            b.add(".enumTargets($L)", names(targets, false));
        }
        return b.build();
    }

    /** Node numbers start at 1: number 0 is the runtime's {@code __start__} pseudo-node. */
    private static int nodeIndex(int position) {
        return position + 1;
    }

    /** The schema a node reads its input with: its record's, the state's for a subgraph, or none. */
    private static Optional<CodeBlock> reads(NodeModel n, GraphModel g) {
        if (n.input().record() != null) {
            return Optional.of(schema(n.input().record()));
        }
        if (n.returns().kind() == Returns.Kind.SUBGRAPH) {
            return Optional.of(schema(g.state()));
        }
        return Optional.empty();
    }

    private static CodeBlock names(List<String> names, boolean leadingComma) {
        CodeBlock.Builder b = CodeBlock.builder();
        for (int i = 0; i < names.size(); i++) {
            b.add(i == 0 && !leadingComma ? "$S" : ", $S", names.get(i));
        }
        return b.build();
    }

    /**
     * The generated graph's {@code Builder}: it holds what the graph is built from (the user's
     * nodes object, or a workflow's) in a field of that name; shared by graphs and workflows.
     */
    static TypeSpec builderType(ClassName self, ClassName builder, ClassName held, String field) {
        return TypeSpec.classBuilder(builder)
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .superclass(ParameterizedTypeName.get(ClassNames.GRAPH_BUILDER, builder, self))
                .addJavadoc("Configures and builds a {@link $T}.\n", self)
                .addField(held, field, Modifier.PRIVATE, Modifier.FINAL)
                .addMethod(MethodSpec.constructorBuilder()
                        .addModifiers(Modifier.PRIVATE)
                        .addParameter(held, field)
                        .addStatement("this.$N = $T.requireNonNull($N, $S)", field, ClassNames.OBJECTS, field, field)
                        .build())
                .addMethod(MethodSpec.methodBuilder("self")
                        .addAnnotation(Override.class)
                        .addModifiers(Modifier.PROTECTED)
                        .returns(builder)
                        .addStatement("return this")
                        .build())
                .addMethod(MethodSpec.methodBuilder("build")
                        .addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC)
                        .returns(self)
                        .addStatement("return new $T(this)", self)
                        .build())
                .build();
    }

    private TypeSpec dispatcher(GraphModel g, ClassName nodes) {
        CodeBlock.Builder nodeCases = CodeBlock.builder().beginControlFlow("switch (node)");
        for (int i = 0; i < g.nodes().size(); i++) {
            NodeModel n = g.nodes().get(i);
            nodeCases
                    .add("case $L:\n", nodeIndex(i))
                    .indent()
                    .add(nodeCall(n, nodes))
                    .unindent();
        }
        nodeCases
                .add("default:\n")
                .indent()
                .addStatement("throw new $T($S + node)", IllegalArgumentException.class, "no node #")
                .unindent()
                .endControlFlow();
        CodeBlock.Builder routeCases = CodeBlock.builder().beginControlFlow("switch (route)");
        for (int i = 0; i < g.routes().size(); i++) {
            RouteModel r = g.routes().get(i);
            CodeBlock args = args(r.method(), "state", g.state().element().asType());
            routeCases
                    .add("case $L:\n", i)
                    .indent()
                    .addStatement(
                            "return $L.$N($L)",
                            target(r.method(), nodes),
                            r.method().getSimpleName(),
                            args)
                    .unindent();
        }
        routeCases
                .add("default:\n")
                .indent()
                .addStatement("throw new $T($S + route)", IllegalArgumentException.class, "no route #")
                .unindent()
                .endControlFlow();
        AnnotationSpec unchecked = AnnotationSpec.builder(SuppressWarnings.class)
                .addMember("value", "$S", "unchecked")
                .build();
        TypeSpec.Builder dispatcher = TypeSpec.classBuilder("Dispatcher")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .addSuperinterface(ClassNames.NODE_DISPATCHER)
                .addField(nodes, "nodes", Modifier.PRIVATE, Modifier.FINAL)
                .addMethod(MethodSpec.constructorBuilder()
                        .addParameter(nodes, "nodes")
                        .addStatement("this.nodes = nodes")
                        .build())
                .addMethod(MethodSpec.methodBuilder("node")
                        .addAnnotation(Override.class)
                        .addAnnotation(unchecked)
                        .addModifiers(Modifier.PUBLIC)
                        .addParameter(int.class, "node")
                        .addParameter(Object.class, "input")
                        .addParameter(ClassNames.NODE_CONTEXT, "context")
                        .addException(Exception.class)
                        .returns(Object.class)
                        .addCode(nodeCases.build())
                        .build())
                .addMethod(MethodSpec.methodBuilder("route")
                        .addAnnotation(Override.class)
                        .addAnnotation(unchecked)
                        .addModifiers(Modifier.PUBLIC)
                        .addParameter(int.class, "route")
                        .addParameter(Object.class, "state")
                        .addParameter(ClassNames.NODE_CONTEXT, "context")
                        .addException(Exception.class)
                        .returns(Object.class)
                        .addCode(routeCases.build())
                        .build());
        if (!g.handlers().isEmpty()) {
            dispatcher.addMethod(MethodSpec.methodBuilder("onError")
                    .addAnnotation(Override.class)
                    .addAnnotation(unchecked)
                    .addModifiers(Modifier.PUBLIC)
                    .addParameter(int.class, "node")
                    .addParameter(Object.class, "input")
                    .addParameter(Throwable.class, "error")
                    .addParameter(ClassNames.NODE_CONTEXT, "context")
                    .addException(Exception.class)
                    .returns(Object.class)
                    .addCode(handlerCases(g, nodes))
                    .build());
        }
        return dispatcher.build();
    }

    private static CodeBlock handlerCases(GraphModel g, ClassName nodes) {
        CodeBlock.Builder b = CodeBlock.builder().beginControlFlow("switch (node)");
        for (int i = 0; i < g.nodes().size(); i++) {
            NodeModel n = g.nodes().get(i);
            Optional<HandlerModel> h = g.handler(n.name());
            if (h.isPresent()) {
                b.add("case $L:\n", nodeIndex(i))
                        .indent()
                        .add(handlerCall(h.get(), n, nodes))
                        .unindent();
            }
        }
        return b.add("default:\n")
                .indent()
                .addStatement("throw new $T($S + node)", IllegalArgumentException.class, "no error handler for node #")
                .unindent()
                .endControlFlow()
                .build();
    }

    /**
     * Calls a handler with the node's input and the failure. A failure the handler does not take is
     * rethrown unchanged, so the run fails as it would have without the handler: an {@code Exception}
     * as itself, anything else wrapped in the {@code ExecutionException} that the runtime unwraps.
     */
    private static CodeBlock handlerCall(HandlerModel h, NodeModel n, ClassName nodes) {
        ExecutableElement m = h.method();
        boolean hasInput = n.input().kind() != NodeInput.Kind.MISSING;
        int errorAt = hasInput ? 1 : 0;
        TypeName errorType = TypeName.get(h.params().get(errorAt).asType());
        CodeBlock.Builder b = CodeBlock.builder();
        CodeBlock.Builder args = CodeBlock.builder();
        if (hasInput) {
            args.add("$L, ", castInput("input", n.input().type()));
        }
        if (errorType.equals(TypeName.get(Throwable.class))) {
            args.add("error");
        } else {
            b.beginControlFlow("if (!(error instanceof $T))", errorType);
            if (errorType.equals(TypeName.get(Exception.class))) {
                b.addStatement("throw new $T(error)", ClassNames.EXECUTION_EXCEPTION);
            } else {
                b.addStatement(
                        "throw error instanceof $T ? ($T) error : new $T(error)",
                        Exception.class,
                        Exception.class,
                        ClassNames.EXECUTION_EXCEPTION);
            }
            b.endControlFlow();
            args.add("($T) error", errorType);
        }
        if (h.params().size() > errorAt + 1) {
            args.add(", context");
        }
        CodeBlock call = CodeBlock.of("$L.$N($L)", target(m, nodes), m.getSimpleName(), args.build());
        return b.add(returning(call, h.returns())).build();
    }

    private CodeBlock nodeCall(NodeModel n, ClassName nodes) {
        ExecutableElement m = n.method();
        CodeBlock call = CodeBlock.of(
                "$L.$N($L)",
                target(m, nodes),
                m.getSimpleName(),
                args(
                        m,
                        "input",
                        n.input().kind() == NodeInput.Kind.MISSING
                                ? null
                                : n.input().type()));
        return returning(call, n.returns());
    }

    /** Returns what a node or handler call returned, with {@code NO_WRITES} for {@code void}. */
    private static CodeBlock returning(CodeBlock call, Returns r) {
        if (r.kind() == Returns.Kind.VOID && !r.async()) {
            return CodeBlock.builder()
                    .addStatement("$L", call)
                    .addStatement("return $T.NO_WRITES", ClassNames.NODE_DISPATCHER)
                    .build();
        }
        if (r.kind() == Returns.Kind.VOID) {
            return CodeBlock.builder()
                    .addStatement("return $L.thenApply(ignored -> $T.NO_WRITES)", call, ClassNames.NODE_DISPATCHER)
                    .build();
        }
        return CodeBlock.builder().addStatement("return $L", call).build();
    }

    private static CodeBlock target(ExecutableElement m, ClassName nodes) {
        return m.getModifiers().contains(Modifier.STATIC) ? CodeBlock.of("$T", nodes) : CodeBlock.of("nodes");
    }

    private static CodeBlock args(ExecutableElement m, String input, TypeMirror inputType) {
        CodeBlock.Builder b = CodeBlock.builder();
        if (inputType != null) {
            b.add(castInput(input, inputType));
        }
        for (VariableElement p : m.getParameters()
                .subList(
                        Math.min(1, m.getParameters().size()), m.getParameters().size())) {
            b.add(", $L", extraArgument(p.asType()));
        }
        return b.build();
    }

    /**
     * What a parameter after the input receives: the task's {@code NodeContext}, or else the run
     * context (validation allows nothing else), which the run checked before its first step.
     */
    private static CodeBlock extraArgument(TypeMirror t) {
        return TypeName.get(t).equals(ClassNames.NODE_CONTEXT)
                ? CodeBlock.of("context")
                : CodeBlock.of("($T) context.config().context().orElseThrow()", TypeName.get(t));
    }

    private static CodeBlock castInput(String input, TypeMirror inputType) {
        return inputType.toString().equals("java.lang.Object")
                ? CodeBlock.of("$N", input)
                : CodeBlock.of("($T) $N", TypeName.get(inputType).box(), input);
    }
}
