package dev.switchboard.server.a2a;

import dev.switchboard.server.wire.Json;
import java.util.Iterator;
import java.util.Map;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * An assistant as an A2A agent: its id, name, description and the JSON Schemas the processor
 * generated for its graph's input and output, which decide how messages map to input. A graph
 * whose input has {@code messages} takes text parts as a user message (a plain string when its
 * messages are strings) and data parts as more input; any other takes data parts, JSON objects of
 * its input schema.
 */
record Agent(String id, String graphId, String name, String description, JsonNode inputSchema, JsonNode outputSchema) {

    /**
     * The agent of an assistant: its own description, else its graph's (generated; the assistants
     * API keeps LangGraph's null for a graph's default assistant, so it comes from the registry).
     */
    static Agent of(JsonNode assistant, Function<String, String> graphDescriptions, JsonNode schemas) {
        String id = assistant.path("assistant_id").asString();
        String description = assistant.path("description").asString("");
        if (description.isEmpty()) {
            String graph = graphDescriptions.apply(assistant.path("graph_id").asString(""));
            description = graph == null ? "" : graph;
        }
        return new Agent(
                id,
                assistant.path("graph_id").asString(id),
                assistant.path("name").asString(id),
                description,
                schemas.path("input_schema"),
                schemas.path("output_schema"));
    }

    boolean takesMessages() {
        return inputSchema.path("properties").has("messages");
    }

    /** Whether the graph's messages are plain strings ({@code List<String>}) rather than chat messages. */
    boolean plainMessages() {
        return "string"
                .equals(inputSchema
                        .path("properties")
                        .path("messages")
                        .path("items")
                        .path("type")
                        .asString(""));
    }

    boolean givesMessages() {
        return outputSchema.path("properties").has("messages");
    }

    /** The run input a message's parts make. */
    ObjectNode input(Parts parts) {
        ObjectNode input = Json.object();
        for (JsonNode d : parts.data()) {
            if (!d.isObject()) {
                throw new Tasks.Failure(
                        Tasks.INVALID_PARAMS,
                        "a data part for agent '" + id + "' must be a JSON object of its input schema, not " + d);
            }
            d.properties().forEach(e -> input.set(e.getKey(), e.getValue()));
        }
        if (!parts.texts().isEmpty()) {
            if (!takesMessages()) {
                throw new Tasks.Failure(
                        Tasks.INVALID_PARAMS,
                        "agent '" + id + "' has no messages in its input, so it"
                                + " takes no text: send one data part, a JSON object of its input schema");
            }
            if (plainMessages()) {
                input.withArray("messages").add(parts.text());
            } else {
                input.withArray("messages").addObject().put("role", "user").put("content", parts.text());
            }
        }
        return input;
    }

    /** The output values other than the conversation, as the artifact's data. */
    ObjectNode output(JsonNode values) {
        ObjectNode out = Json.object();
        JsonNode keys = outputSchema.path("properties");
        for (Iterator<Map.Entry<String, JsonNode>> it = values.properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!e.getKey().equals("messages") && (keys.isMissingNode() || keys.has(e.getKey()))) {
                out.set(e.getKey(), e.getValue());
            }
        }
        return out;
    }
}
