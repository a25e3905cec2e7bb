package dev.switchboard.server.a2a;

import dev.switchboard.server.wire.Json;
import java.util.List;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * An assistant's A2A agent card, made from what the processor generated for its graph: the
 * description, the input and output modes (text for a graph with {@code messages}, JSON for any
 * other) and one skill, the graph, whose input and output JSON Schemas the card carries in an
 * extension ({@value #SCHEMAS}) so a client can build a valid data part without guessing.
 */
final class Card {
    /** The extension that carries each skill's input and output JSON Schemas. */
    static final String SCHEMAS = "https://switchboard.dev/a2a/extensions/json-schemas/v1";

    private Card() {}

    static ObjectNode of(Agent agent, String url, boolean v03) {
        List<String> in =
                agent.takesMessages() ? List.of("text/plain", "application/json") : List.of("application/json");
        List<String> out =
                agent.givesMessages() ? List.of("text/plain", "application/json") : List.of("application/json");
        String description =
                agent.description().isEmpty() ? "The graph '" + agent.graphId() + "'." : agent.description();
        ObjectNode card = Json.object().put("name", agent.name()).put("description", description);
        if (v03) {
            card.put("url", url).put("protocolVersion", "0.3.0").put("preferredTransport", "JSONRPC");
        } else {
            card.putArray("supportedInterfaces")
                    .addObject()
                    .put("url", url)
                    .put("protocolBinding", "JSONRPC")
                    .put("protocolVersion", "1.0");
        }
        card.put("version", "1");
        ObjectNode capabilities =
                card.putObject("capabilities").put("streaming", true).put("pushNotifications", false);
        ObjectNode schemas = capabilities
                .putArray("extensions")
                .addObject()
                .put("uri", SCHEMAS)
                .put("description", "The input and output JSON Schemas of the agent's skill, generated from its graph")
                .put("required", false);
        schemas.putObject("params").set("input_schema", agent.inputSchema());
        ((ObjectNode) schemas.get("params")).set("output_schema", agent.outputSchema());
        strings(card.putArray("defaultInputModes"), in);
        strings(card.putArray("defaultOutputModes"), out);
        ObjectNode skill = card.putArray("skills")
                .addObject()
                .put("id", agent.graphId())
                .put("name", agent.graphId())
                .put("description", description);
        strings(skill.putArray("tags"), List.of("graph", agent.graphId()));
        skill.putArray("examples");
        strings(skill.putArray("inputModes"), in);
        strings(skill.putArray("outputModes"), out);
        return card;
    }

    private static void strings(ArrayNode a, List<String> values) {
        values.forEach(a::add);
    }
}
