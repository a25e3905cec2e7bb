package test;

import dev.switchboard.runtime.GraphBuilder;
import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.Send;
import dev.switchboard.runtime.pregel.PregelGraph;
import dev.switchboard.runtime.serde.ValueType;
import dev.switchboard.runtime.spi.GraphDefinition;
import dev.switchboard.runtime.spi.NodeDispatcher;
import java.util.Objects;
import javax.annotation.processing.Generated;

/**
 * The compiled graph "Support" of {@link Support}. Create it with {@link #builder(Support)}.
 */
@Generated("dev.switchboard.processor.SwitchboardProcessor")
public final class SupportGraph extends PregelGraph<Chat, ChatUpdate, Chat> {
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
            + "\tclassify(classify)\n"
            + "\tbilling(billing)\n"
            + "\tgeneral(general)\n"
            + "\tescalate(escalate)\n"
            + "\tresearch(research)\n"
            + "\tsummarize(summarize)\n"
            + "\twrapUp(wrapUp, deferred)\n"
            + "\tjoin\\3abilling\\2bgeneral\\3asummarize((join)):::join\n"
            + "\t__end__([<p>__end__</p>]):::last\n"
            + "\t__start__ --> classify;\n"
            + "\tsummarize --> wrapUp;\n"
            + "\tresearch --> wrapUp;\n"
            + "\tbilling --> join\\3abilling\\2bgeneral\\3asummarize;\n"
            + "\tgeneral --> join\\3abilling\\2bgeneral\\3asummarize;\n"
            + "\tjoin\\3abilling\\2bgeneral\\3asummarize --> summarize;\n"
            + "\tclassify -.-> billing;\n"
            + "\tclassify -.-> general;\n"
            + "\tgeneral -.-> wrapUp;\n"
            + "\tgeneral -.-> __end__;\n"
            + "\tescalate -.-> research;\n"
            + "\tbilling -.-> escalate;\n"
            + "\tbilling -.-> __end__;\n"
            + "\twrapUp --> __end__;\n"
            + "\tclassDef default fill:#f2f0ff,line-height:1.2\n"
            + "\tclassDef first fill-opacity:0\n"
            + "\tclassDef last fill:#bfb6fc\n"
            + "\tclassDef join fill:#ffffff,stroke-dasharray:3 3\n";

    /**
     * What the graph does: {@code @Graph(description)} or the class's javadoc.
     */
    public static final String DESCRIPTION = "";

    /**
     * The JSON Schema of the input.
     */
    public static final String INPUT_JSON_SCHEMA = "{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\",\"title\":\"SupportInput\",\"type\":\"object\",\"properties\":{\"messages\":{\"type\":\"array\",\"items\":{\"type\":\"string\"}},\"turns\":{\"type\":\"integer\"},\"topic\":{\"type\":\"string\"},\"trace\":{\"type\":\"object\",\"properties\":{\"notes\":{\"type\":\"array\",\"items\":{\"type\":\"string\"}}}}}}";

    /**
     * The JSON Schema of the output.
     */
    public static final String OUTPUT_JSON_SCHEMA = "{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\",\"title\":\"SupportOutput\",\"type\":\"object\",\"properties\":{\"messages\":{\"type\":\"array\",\"items\":{\"type\":\"string\"}},\"turns\":{\"type\":\"integer\"},\"topic\":{\"type\":\"string\"},\"trace\":{\"type\":\"object\",\"properties\":{\"notes\":{\"type\":\"array\",\"items\":{\"type\":\"string\"}}}}}}";

    static final GraphDefinition SPEC = GraphDefinition.builder("Support", ChatChannels.SCHEMA)
        .node(1, "classify", ValueType.of(Chat.class)).reads(ChatChannels.SCHEMA)
        .node(2, "billing", ValueType.of(Chat.class)).reads(ChatChannels.SCHEMA)
        .node(3, "general", ValueType.of(Chat.class)).reads(ChatChannels.SCHEMA)
        .node(4, "escalate", ValueType.of(Chat.class)).reads(ChatChannels.SCHEMA)
        .node(5, "research", ValueType.of(Job.class))
        .node(6, "summarize", ValueType.of(Chat.class)).reads(ChatChannels.SCHEMA)
        .node(7, "wrapUp", ValueType.of(Chat.class)).reads(ChatChannels.SCHEMA).deferred()
        .edge("__start__", "classify")
        .edge("summarize", "wrapUp")
        .edge("research", "wrapUp")
        .join("summarize", "billing", "general")
        .route(0, "byTopic", "classify").to("billing", "general").enumTargets("billing", "general")
        .route(1, "afterGeneral", "general").to("wrapUp", "__end__")
        .route(2, "research", "escalate").to("research")
        .build();

    private SupportGraph(Builder builder) {
        super(SPEC, new Dispatcher(builder.nodes), builder);
    }

    /**
     * Starts building the graph.
     *
     * @param nodes the object whose node and route methods the graph calls
     * @return a builder
     */
    public static Builder builder(Support nodes) {
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
     * Configures and builds a {@link SupportGraph}.
     */
    public static final class Builder extends GraphBuilder<Builder, SupportGraph> {
        private final Support nodes;

        private Builder(Support nodes) {
            this.nodes = Objects.requireNonNull(nodes, "nodes");
        }

        @Override
        protected Builder self() {
            return this;
        }

        @Override
        public SupportGraph build() {
            return new SupportGraph(this);
        }
    }

    private static final class Dispatcher implements NodeDispatcher {
        private final Support nodes;

        Dispatcher(Support nodes) {
            this.nodes = nodes;
        }

        @Override
        @SuppressWarnings("unchecked")
        public Object node(int node, Object input, NodeContext context) throws Exception {
            switch (node) {
                case 1:
                    return nodes.classify((Chat) input);
                case 2:
                    return nodes.billing((Chat) input);
                case 3:
                    return nodes.general((Chat) input, context);
                case 4:
                    nodes.escalate((Chat) input);
                    return NodeDispatcher.NO_WRITES;
                case 5:
                    return nodes.investigate((Job) input);
                case 6:
                    return nodes.summarize((Chat) input);
                case 7:
                    return nodes.wrapUp((Chat) input);
                default:
                    throw new IllegalArgumentException("no node #" + node);
            }
        }

        @Override
        @SuppressWarnings("unchecked")
        public Object route(int route, Object state, NodeContext context) throws Exception {
            switch (route) {
                case 0:
                    return nodes.byTopic((Chat) state);
                case 1:
                    return nodes.afterGeneral((Chat) state);
                case 2:
                    return nodes.research((Chat) state);
                default:
                    throw new IllegalArgumentException("no route #" + route);
            }
        }
    }

    /**
     * Typed {@link Send}s to the nodes of {@link SupportGraph} that take a payload.
     * Each factory's parameter is its node's, so javac checks the payload that would otherwise fail
     * with a {@code ClassCastException} in the run.
     */
    public static final class Sends {
        private Sends() {
        }

        /**
         * A {@link Send} that runs node {@code research} with {@code payload} as its parameter.
         *
         * @param payload the node's input
         * @return the send
         */
        public static Send<Job> research(Job payload) {
            return Send.to("research", payload);
        }
    }
}
