package dev.switchboard.server;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** The one mapper of the server: request bodies in, response bodies out. */
final class Json {
    static final JsonMapper MAPPER = JsonMapper.builder().build();

    private Json() {}

    static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    static ArrayNode array() {
        return MAPPER.createArrayNode();
    }

    static JsonNode tree(Object value) {
        return value == null ? MAPPER.nullNode() : MAPPER.valueToTree(value);
    }

    static Object plain(JsonNode node) {
        return node == null || node.isNull() ? null : MAPPER.treeToValue(node, Object.class);
    }

    static byte[] bytes(JsonNode node) {
        return MAPPER.writeValueAsBytes(node);
    }

    static JsonNode parse(byte[] body) {
        return MAPPER.readTree(body);
    }

    /** The string at {@code field}, or null when absent or JSON null. */
    static String text(JsonNode node, String field) {
        JsonNode v = node.get(field);
        return v == null || v.isNull() ? null : v.asString();
    }
}
