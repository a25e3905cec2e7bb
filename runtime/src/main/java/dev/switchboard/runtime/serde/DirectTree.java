package dev.switchboard.runtime.serde;

import java.math.BigInteger;
import java.util.List;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.util.TokenBuffer;

/**
 * Builds the tree {@link JsonSerde#toTree} answers without writing the value's bytes and parsing
 * them back (what the server does for each values event), where the tree is certain to be the one
 * the bytes would give: plain values (those {@link PlainJson} writes) from the objects, any other
 * value from the tokens its writer produces. Whatever could come out otherwise is left to the bytes:
 * a fraction (read back as a decimal, {@code -0.0} as {@code 0.0}: the text decides), a binary or
 * raw value, a string with a surrogate, a repeated property name (an error when parsed), and a
 * value near a limit (the parser's error is the answer). Integers take the node a parser gives
 * their text: an {@code int} node when the value fits one, else a {@code long}, else a big integer.
 */
final class DirectTree {
    /** {@link PlainJson}'s longest list. */
    private static final int PLAIN_ELEMENTS = 64;

    private final JsonNodeFactory nodes;
    private final SerdeLimits limits;
    /** A bound on the bytes the value would be written as. */
    private long bytes;

    private long tokens;

    private DirectTree(JsonNodeFactory nodes, SerdeLimits limits) {
        this.nodes = nodes;
        this.limits = limits;
    }

    /** The value's tree as {@code serde} would parse it from its bytes, or null to take the bytes. */
    static JsonNode of(JsonSerde serde, ValueType type, Object value) {
        DirectTree t = new DirectTree(serde.nodes(), serde.limits());
        if (isPlain(value, true)) {
            return t.within(t.plain(value));
        }
        TokenBuffer buffer;
        try {
            buffer = serde.writerOf(type).writeValueIntoBuffer(value);
        } catch (RuntimeException e) {
            return null; // the bytes path reports it as it always has
        }
        try (JsonParser p = buffer.asParser()) {
            JsonToken first = p.nextToken();
            JsonNode tree = first == null ? null : t.read(p, first, 1);
            return tree == null || p.nextToken() != null ? null : t.within(tree);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** Whether {@link PlainJson} writes the value (then its bytes are PlainJson's, whatever the type). */
    private static boolean isPlain(Object value, boolean top) {
        if (value == null
                || value instanceof Integer
                || value instanceof Long
                || value instanceof Short
                || value instanceof Byte
                || value instanceof Boolean) {
            return true;
        }
        if (value instanceof String s) {
            return !hasSurrogate(s);
        }
        if (top && value instanceof List<?> list && list.size() <= PLAIN_ELEMENTS) {
            for (Object e : list) {
                if (!isPlain(e, false)) {
                    return false;
                }
            }
            return true;
        }
        return false;
    }

    private static boolean hasSurrogate(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (Character.isSurrogate(s.charAt(i))) {
                return true;
            }
        }
        return false;
    }

    private JsonNode plain(Object value) {
        tokens++;
        if (value == null) {
            bytes += 5;
            return nodes.nullNode();
        }
        if (value instanceof String s) {
            return string(s);
        }
        if (value instanceof Boolean b) {
            bytes += 6;
            return nodes.booleanNode(b);
        }
        if (value instanceof List<?> list) {
            ArrayNode a = nodes.arrayNode(list.size());
            bytes += 2;
            tokens++;
            for (Object e : list) {
                JsonNode n = plain(e);
                if (n == null) {
                    return null;
                }
                a.add(n);
            }
            return a;
        }
        return integer(((Number) value).longValue());
    }

    private JsonNode string(String s) {
        if (s.length() >= limits.maxStringLength()) {
            return null;
        }
        bytes += 6L * s.length() + 3; // at most six bytes a char (an escape), its quotes and a comma
        return nodes.stringNode(s);
    }

    private JsonNode integer(long v) {
        bytes += 21;
        return v == (int) v ? nodes.numberNode((int) v) : nodes.numberNode(v);
    }

    /** The tree of the value whose first token is {@code t}, or null to take the bytes. */
    private JsonNode read(JsonParser p, JsonToken t, int depth) {
        tokens++;
        switch (t) {
            case START_OBJECT -> {
                if (depth >= limits.maxNestingDepth()) {
                    return null;
                }
                ObjectNode o = nodes.objectNode();
                bytes += 2;
                for (JsonToken n = p.nextToken(); n != JsonToken.END_OBJECT; n = p.nextToken()) {
                    if (n != JsonToken.PROPERTY_NAME) {
                        return null;
                    }
                    tokens++;
                    String name = p.currentName();
                    if (name.length() >= limits.maxStringLength() || hasSurrogate(name) || o.has(name)) {
                        return null;
                    }
                    bytes += 6L * name.length() + 3;
                    JsonNode v = read(p, p.nextToken(), depth + 1);
                    if (v == null) {
                        return null;
                    }
                    o.set(name, v);
                }
                tokens++;
                return o;
            }
            case START_ARRAY -> {
                if (depth >= limits.maxNestingDepth()) {
                    return null;
                }
                ArrayNode a = nodes.arrayNode();
                bytes += 2;
                for (JsonToken n = p.nextToken(); n != JsonToken.END_ARRAY; n = p.nextToken()) {
                    if (n == null) {
                        return null;
                    }
                    JsonNode v = read(p, n, depth + 1);
                    if (v == null) {
                        return null;
                    }
                    a.add(v);
                }
                tokens++;
                return a;
            }
            case VALUE_STRING -> {
                String s = p.getString();
                return hasSurrogate(s) ? null : string(s);
            }
            case VALUE_NUMBER_INT -> {
                return switch (p.getNumberType()) {
                    case INT, LONG -> integer(p.getLongValue());
                    case BIG_INTEGER -> bigInteger(p.getBigIntegerValue());
                    default -> null;
                };
            }
            case VALUE_TRUE, VALUE_FALSE -> {
                bytes += 6;
                return nodes.booleanNode(t == JsonToken.VALUE_TRUE);
            }
            case VALUE_NULL -> {
                bytes += 5;
                return nodes.nullNode();
            }
            default -> {
                return null; // fractions, binary, raw and embedded values: their text decides
            }
        }
    }

    private JsonNode bigInteger(BigInteger v) {
        if (v.bitLength() < 64) {
            return integer(v.longValue());
        }
        bytes += v.bitLength() / 3 + 3; // more than its decimal digits, its sign and a comma
        return nodes.numberNode(v);
    }

    /** The tree, unless its bytes or tokens come near a limit: then the parser's answer is the answer. */
    private JsonNode within(JsonNode tree) {
        return tree == null || bytes >= limits.maxBytes() || tokens + 2 >= limits.maxTokens() ? null : tree;
    }
}
