package dev.switchboard.langchain4j.spi;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * For generated code (SPI, see the package): turns a tool's return value into the text of its
 * result for a generated {@code ToolSet}, as LangChain4j does ({@code void} is {@code "Success"}, a
 * {@code String} is kept as is) but for other values through JSON trees the generated code builds
 * from the declared type, with no reflection. A {@code null} anywhere is JSON {@code null}.
 */
public final class ToolResults {
    /** What a {@code void} tool answers, as LangChain4j's executor does. */
    public static final String SUCCESS = "Success";

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private ToolResults() {}

    /**
     * The result text of a tool returning a string: the string itself.
     *
     * @param value the returned string, or {@code null}
     * @return the text; {@code "null"} for {@code null}
     */
    public static String text(String value) {
        return value == null ? "null" : value;
    }

    /**
     * The result text of a tool returning anything else: its JSON.
     *
     * @param value the returned value as JSON
     * @return compact JSON text
     */
    public static String json(JsonNode value) {
        return JsonMapper.shared().writeValueAsString(value);
    }

    /**
     * A string, or {@code null}.
     *
     * @param value the string
     * @return its JSON
     */
    public static JsonNode string(String value) {
        return value == null ? NODES.nullNode() : NODES.stringNode(value);
    }

    /**
     * A character, or {@code null}, as a string of length one.
     *
     * @param value the character
     * @return its JSON
     */
    public static JsonNode character(Character value) {
        return value == null ? NODES.nullNode() : NODES.stringNode(value.toString());
    }

    /**
     * A boolean, or {@code null}.
     *
     * @param value the boolean
     * @return its JSON
     */
    public static JsonNode bool(Boolean value) {
        return value == null ? NODES.nullNode() : NODES.booleanNode(value);
    }

    /**
     * An integral primitive.
     *
     * @param value the number
     * @return its JSON
     */
    public static JsonNode number(long value) {
        return NODES.numberNode(value);
    }

    /**
     * A {@code float}, written as short as it reads back.
     *
     * @param value the number
     * @return its JSON
     */
    public static JsonNode number(float value) {
        return NODES.numberNode(value);
    }

    /**
     * A {@code double}.
     *
     * @param value the number
     * @return its JSON
     */
    public static JsonNode number(double value) {
        return NODES.numberNode(value);
    }

    /**
     * A boxed number, {@code BigInteger} or {@code BigDecimal}, or {@code null}.
     *
     * @param value the number
     * @return its JSON
     */
    public static JsonNode number(Number value) {
        if (value == null) {
            return NODES.nullNode();
        }
        if (value instanceof BigDecimal d) {
            return NODES.numberNode(d);
        }
        if (value instanceof BigInteger i) {
            return NODES.numberNode(i);
        }
        if (value instanceof Float f) {
            return NODES.numberNode(f.floatValue());
        }
        if (value instanceof Double d) {
            return NODES.numberNode(d.doubleValue());
        }
        return NODES.numberNode(value.longValue());
    }

    /**
     * An enum constant by name, or {@code null}.
     *
     * @param value the constant
     * @return its JSON
     */
    public static JsonNode constant(Enum<?> value) {
        return value == null ? NODES.nullNode() : NODES.stringNode(value.name());
    }

    /**
     * A list, set or other collection as an array, or {@code null}.
     *
     * @param <T> the element type
     * @param values the elements
     * @param element writes one element
     * @return its JSON
     */
    public static <T> JsonNode list(Iterable<T> values, Function<T, JsonNode> element) {
        if (values == null) {
            return NODES.nullNode();
        }
        ArrayNode out = NODES.arrayNode();
        for (T v : values) {
            out.add(element.apply(v));
        }
        return out;
    }

    /**
     * A map with string keys as an object, or {@code null}.
     *
     * @param <T> the value type
     * @param values the entries
     * @param value writes one value
     * @return its JSON
     */
    public static <T> JsonNode map(Map<String, T> values, Function<T, JsonNode> value) {
        if (values == null) {
            return NODES.nullNode();
        }
        ObjectNode out = NODES.objectNode();
        values.forEach((k, v) -> out.set(k, value.apply(v)));
        return out;
    }

    /**
     * An optional: its value, or {@code null} when empty.
     *
     * @param <T> the value type
     * @param value the optional
     * @param present writes a present value
     * @return its JSON
     */
    public static <T> JsonNode optional(Optional<T> value, Function<T, JsonNode> present) {
        return value == null || value.isEmpty() ? NODES.nullNode() : present.apply(value.get());
    }

    /**
     * An empty object, to which generated code adds a record's components.
     *
     * @return a new object
     */
    public static ObjectNode object() {
        return NODES.objectNode();
    }

    /**
     * An empty array, to which generated code adds an array's elements.
     *
     * @return a new array
     */
    public static ArrayNode array() {
        return NODES.arrayNode();
    }

    /**
     * JSON {@code null}, for a {@code null} record or array.
     *
     * @return the null node
     */
    public static JsonNode nullValue() {
        return NODES.nullNode();
    }
}
