package test;

import dev.switchboard.runtime.GraphBuilder;
import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.pregel.PregelGraph;
import dev.switchboard.runtime.serde.ValueType;
import dev.switchboard.runtime.spi.GraphDefinition;
import dev.switchboard.runtime.spi.NodeDispatcher;
import java.util.Objects;
import javax.annotation.processing.Generated;

/**
 * The compiled graph "schemas" of {@link Schemas}. Create it with {@link #builder(Schemas)}.
 */
@Generated("dev.switchboard.processor.SwitchboardProcessor")
public final class SchemasGraph extends PregelGraph<Overall, QuestionUpdate, Answer> {
    /**
     * The graph as a Mermaid flowchart.
     */
    public static final String MERMAID = "---\n"
            + "config:\n"
            + "  flowchart:\n"
            + "    curve: linear\n"
            + "---\n"
            + "graph TD;\n"
            + "\t__start__([<p>__start__</p>]):::first\n"
            + "\tthink(think)\n"
            + "\trespond(respond)\n"
            + "\t__end__([<p>__end__</p>]):::last\n"
            + "\t__start__ --> think;\n"
            + "\tthink --> respond;\n"
            + "\trespond --> __end__;\n"
            + "\tclassDef default fill:#f2f0ff,line-height:1.2\n"
            + "\tclassDef first fill-opacity:0\n"
            + "\tclassDef last fill:#bfb6fc\n";

    /**
     * What the graph does: {@code @Graph(description)} or the class's javadoc.
     */
    public static final String DESCRIPTION = "";

    /**
     * The JSON Schema of the input.
     */
    public static final String INPUT_JSON_SCHEMA = "{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\",\"title\":\"schemasInput\",\"type\":\"object\",\"properties\":{\"question\":{\"type\":\"string\"}}}";

    /**
     * The JSON Schema of the output.
     */
    public static final String OUTPUT_JSON_SCHEMA = "{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\",\"title\":\"schemasOutput\",\"type\":\"object\",\"properties\":{\"answer\":{\"type\":\"string\"}}}";

    static final GraphDefinition SPEC = GraphDefinition.builder("schemas", OverallChannels.SCHEMA)
        .input(QuestionChannels.SCHEMA)
        .output(AnswerChannels.SCHEMA)
        .privateState(NotesChannels.SCHEMA)
        .node(1, "think", ValueType.of(Question.class)).reads(QuestionChannels.SCHEMA)
        .node(2, "respond", ValueType.of(Notes.class)).reads(NotesChannels.SCHEMA)
        .edge("__start__", "think")
        .edge("think", "respond")
        .build();

    private SchemasGraph(Builder builder) {
        super(SPEC, new Dispatcher(builder.nodes), builder);
    }

    /**
     * Starts building the graph.
     *
     * @param nodes the object whose node and route methods the graph calls
     * @return a builder
     */
    public static Builder builder(Schemas nodes) {
        return new Builder(nodes);
    }

    @Override
    public String mermaid() {
        return MERMAID;
    }

    @Override
    public String description() {
        return DESCRIPTION;
    }

    @Override
    public String inputJsonSchema() {
        return INPUT_JSON_SCHEMA;
    }

    @Override
    public String outputJsonSchema() {
        return OUTPUT_JSON_SCHEMA;
    }

    /**
     * Configures and builds a {@link SchemasGraph}.
     */
    public static final class Builder extends GraphBuilder<Builder, SchemasGraph> {
        private final Schemas nodes;

        private Builder(Schemas nodes) {
            this.nodes = Objects.requireNonNull(nodes, "nodes");
        }

        @Override
        protected Builder self() {
            return this;
        }

        @Override
        public SchemasGraph build() {
            return new SchemasGraph(this);
        }
    }

    private static final class Dispatcher implements NodeDispatcher {
        private final Schemas nodes;

        Dispatcher(Schemas nodes) {
            this.nodes = nodes;
        }

        @Override
        @SuppressWarnings("unchecked")
        public Object node(int node, Object input, NodeContext context) throws Exception {
            switch (node) {
                case 1:
                    return nodes.think((Question) input);
                case 2:
                    return nodes.respond((Notes) input);
                default:
                    throw new IllegalArgumentException("no node #" + node);
            }
        }

        @Override
        @SuppressWarnings("unchecked")
        public Object route(int route, Object state, NodeContext context) throws Exception {
            switch (route) {
                default:
                    throw new IllegalArgumentException("no route #" + route);
            }
        }
    }
}
