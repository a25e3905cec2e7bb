package dev.switchboard.server.api;

import dev.switchboard.runtime.SubgraphSchema;
import dev.switchboard.server.wire.Json;
import dev.switchboard.server.wire.ServedGraph;
import java.nio.charset.StandardCharsets;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The schemas an assistant's graph answers: {@code GET /assistants/{id}/schemas} (input, output,
 * state, config and context schemas) and {@code GET /assistants/{id}/subgraphs}, each subgraph by
 * its namespace with the same keys (the SDKs' {@code GraphSchema}), read from what the annotation
 * processor recorded of the graph ({@link dev.switchboard.runtime.CompiledGraph#subgraphs()}).
 */
final class AssistantSchemas {
    private AssistantSchemas() {}

    /** The graph's schemas. */
    static ObjectNode of(ServedGraph g) {
        ObjectNode out = Json.object();
        out.put("graph_id", g.graphId());
        JsonNode input = parse(g.graph().inputJsonSchema());
        JsonNode output = parse(g.graph().outputJsonSchema());
        g.describeMessages(input);
        g.describeMessages(output);
        out.set("input_schema", input);
        out.set("output_schema", output);
        out.set("state_schema", g.stateJsonSchema(input, output));
        out.set("config_schema", emptyObjectSchema());
        out.set("context_schema", emptyObjectSchema());
        return out;
    }

    /**
     * The graph's subgraphs by namespace, as LangGraph lists them: without a namespace its direct
     * subgraphs (all depths with {@code recurse}); with one, the subgraph of exactly that namespace.
     */
    static ObjectNode subgraphs(ServedGraph g, String namespace, boolean recurse) {
        ObjectNode out = Json.object();
        for (SubgraphSchema s : g.graph().subgraphs()) {
            boolean shown = namespace == null
                    ? recurse || !s.namespace().contains("|")
                    : s.namespace().equals(namespace);
            if (shown) {
                out.set(s.namespace(), subgraph(s));
            }
        }
        return out;
    }

    private static ObjectNode subgraph(SubgraphSchema s) {
        ObjectNode o = Json.object();
        o.put("graph_id", s.graph());
        JsonNode output = parse(s.outputJsonSchema());
        o.set("input_schema", parse(s.inputJsonSchema()));
        o.set("output_schema", output);
        o.set("state_schema", output);
        o.set("config_schema", emptyObjectSchema());
        o.set("context_schema", emptyObjectSchema());
        return o;
    }

    private static ObjectNode emptyObjectSchema() {
        ObjectNode o = Json.object();
        o.put("type", "object");
        o.putObject("properties");
        return o;
    }

    private static JsonNode parse(String schema) {
        return Json.parse(schema.getBytes(StandardCharsets.UTF_8));
    }
}
