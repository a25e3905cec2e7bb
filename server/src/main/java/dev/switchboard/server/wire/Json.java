package dev.switchboard.server.wire;

import java.math.BigInteger;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.cfg.JsonNodeFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The one mapper of the server: request bodies in, response bodies out. Numbers keep every digit:
 * a decimal is read as a {@code BigDecimal} with its scale ({@code 120.50} stays {@code 120.50}),
 * an integer beyond 64 bits as a {@code BigInteger}, and both are written back as they were read.
 */
public final class Json {
    /** Reads and writes every JSON document of the server. */
    public static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(JsonNodeFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
            .build();

    private Json() {}

    /**
     * A new empty object.
     *
     * @return the object
     */
    public static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    /**
     * A new empty array.
     *
     * @return the array
     */
    public static ArrayNode array() {
        return MAPPER.createArrayNode();
    }

    /**
     * A value as a tree.
     *
     * @param value any value Jackson writes, or null
     * @return the tree ({@code null} as a null node)
     */
    public static JsonNode tree(Object value) {
        return value == null ? MAPPER.nullNode() : MAPPER.valueToTree(value);
    }

    /**
     * A tree as plain Java values (maps, lists, strings, numbers, booleans).
     *
     * @param node the tree, or null
     * @return the value, or null for a null node
     */
    public static Object plain(JsonNode node) {
        if (node == null || node.isNull()) {
            return null;
        }
        // a scalar as reading its text would give it (every run's checkpoint metadata is scalars):
        // the smallest of Integer, Long and BigInteger that holds an integer, a decimal's BigDecimal
        if (node.isString()) {
            return node.stringValue();
        }
        if (node.isBoolean()) {
            return node.booleanValue();
        }
        if (node.isBigDecimal()) {
            return node.decimalValue();
        }
        if (node.isInt() || node.isShort()) {
            return node.intValue();
        }
        if (node.isLong()) {
            long v = node.longValue();
            return v == (int) v ? (Object) (int) v : (Object) v;
        }
        if (node.isIntegralNumber()) {
            BigInteger big = node.bigIntegerValue();
            int bits = big.bitLength();
            return bits < 32 ? (Object) big.intValue() : bits < 64 ? (Object) big.longValue() : big;
        }
        // the rest through bytes: a double becomes a BigDecimal with its scale, as it reads back
        return MAPPER.readValue(bytes(node), Object.class);
    }

    /**
     * A tree as UTF-8 JSON.
     *
     * @param node the tree
     * @return the bytes
     */
    public static byte[] bytes(JsonNode node) {
        return MAPPER.writeValueAsBytes(node);
    }

    /**
     * A tree as JSON text.
     *
     * @param node the tree
     * @return the text
     */
    public static String text(JsonNode node) {
        return MAPPER.writeValueAsString(node);
    }

    /**
     * Parses UTF-8 JSON.
     *
     * @param body the bytes
     * @return the tree
     */
    public static JsonNode parse(byte[] body) {
        return MAPPER.readTree(body);
    }

    /**
     * Parses JSON text.
     *
     * @param text the text
     * @return the tree
     */
    public static JsonNode parse(String text) {
        return MAPPER.readTree(text);
    }

    /**
     * The string at {@code field}.
     *
     * @param node an object
     * @param field the field
     * @return its text, or null when absent or JSON null
     */
    public static String text(JsonNode node, String field) {
        JsonNode v = node.get(field);
        return v == null || v.isNull() ? null : v.asString();
    }
}
