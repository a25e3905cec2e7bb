package dev.switchboard.processor.generate;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeSpec;
import dev.switchboard.processor.model.GraphModel;
import dev.switchboard.processor.model.NodeModel;
import dev.switchboard.processor.model.Returns;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import javax.lang.model.element.Modifier;
import javax.lang.model.type.TypeMirror;

/**
 * The {@code SUBGRAPHS} constant and {@code subgraphs()} method of a graph whose nodes run
 * subgraphs: each subgraph the processor can read the model of, at every depth, with its namespace
 * ({@code middle|inner}, as LangGraph names nested ones) and its input and output JSON Schemas,
 * rendered here at compile time so nothing is looked up at run time. A graph that runs itself
 * further down is listed once, as the x-ray diagram draws it once.
 */
final class SubgraphList {
    private static final ClassName SUBGRAPH_SCHEMA = ClassName.get(ClassNames.RUNTIME, "SubgraphSchema");

    private final Function<TypeMirror, Optional<GraphModel>> subgraphs;
    private final JsonSchemas schemas;

    SubgraphList(Function<TypeMirror, Optional<GraphModel>> subgraphs, JsonSchemas schemas) {
        this.subgraphs = subgraphs;
        this.schemas = schemas;
    }

    void addTo(TypeSpec.Builder type, GraphModel g) {
        CodeBlock.Builder items = CodeBlock.builder();
        Set<String> path = new HashSet<>();
        path.add(g.element().getQualifiedName().toString());
        collect(g, "", path, items);
        ParameterizedTypeName list = ParameterizedTypeName.get(ClassNames.LIST, SUBGRAPH_SCHEMA);
        CodeBlock body = items.isEmpty() ? CodeBlock.of("") : items.build();
        type.addField(FieldSpec.builder(list, "SUBGRAPHS", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                        .addJavadoc("The subgraphs the graph's nodes run, at every depth.\n")
                        .initializer(CodeBlock.builder()
                                .add("$T.of(", ClassNames.LIST)
                                .indent()
                                .add(body)
                                .unindent()
                                .add(")")
                                .build())
                        .build())
                .addMethod(MethodSpec.methodBuilder("subgraphs")
                        .addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC)
                        .returns(list)
                        .addStatement("return SUBGRAPHS")
                        .build());
    }

    private void collect(GraphModel g, String prefix, Set<String> path, CodeBlock.Builder items) {
        for (NodeModel n : g.nodes()) {
            if (n.returns().kind() != Returns.Kind.SUBGRAPH) {
                continue;
            }
            Optional<GraphModel> child = subgraphs.apply(n.returns().type());
            if (child.isEmpty()) {
                continue;
            }
            GraphModel c = child.get();
            String qualified = c.element().getQualifiedName().toString();
            if (path.contains(qualified)) {
                continue;
            }
            String namespace = prefix + n.name();
            items.add(
                    "$L\nnew $T($S, $S, $S, $S)",
                    items.isEmpty() ? "" : ",",
                    SUBGRAPH_SCHEMA,
                    namespace,
                    c.name(),
                    schemas.render(c.input(), c.name() + "Input"),
                    schemas.render(c.output(), c.name() + "Output"));
            path.add(qualified);
            collect(c, namespace + "|", path, items);
            path.remove(qualified);
        }
    }
}
