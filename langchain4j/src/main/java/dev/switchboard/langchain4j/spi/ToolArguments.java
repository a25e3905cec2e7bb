package dev.switchboard.langchain4j.spi;

import dev.switchboard.langchain4j.ToolArgumentsException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * For generated code (SPI, see the package): reads a tool request's JSON arguments for a generated
 * {@code ToolSet} or a model's structured output for a generated {@code OutputFormat}, one typed
 * value at a time, with Jackson's tree model only (no data binding, so no user type is ever
 * instantiated by Jackson). Every failure is a {@link ToolArgumentsException} naming the argument
 * by its path ({@code address.street}, {@code tags[2]}) so that a model can correct its call.
 */
public final class ToolArguments {
    private static final int MAX_SHOWN = 60;
    /** Reads a fraction as written ({@code 5.00}, {@code 12345678901234567.89}), not as a double. */
    private static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    private ToolArguments() {}

    /**
     * Reads one value from a JSON node; {@code path} names it in error messages.
     *
     * @param <T> the value's type
     */
    @FunctionalInterface
    public interface Reader<T> {
        /**
         * Reads the value.
         *
         * @param node the JSON, never {@code null}
         * @param path where the value is in the arguments
         * @return the value
         */
        T read(JsonNode node, String path);
    }

    /**
     * Parses a request's arguments: a JSON object, or nothing at all for a tool without
     * parameters (some providers send an empty string).
     *
     * @param arguments the request's arguments
     * @return the arguments object
     */
    public static JsonNode parse(String arguments) {
        if (arguments == null || arguments.isBlank()) {
            return MAPPER.createObjectNode();
        }
        JsonNode root;
        try {
            root = MAPPER.readTree(arguments);
        } catch (JacksonException e) {
            throw new ToolArgumentsException("arguments are not valid JSON: " + e.getOriginalMessage(), e);
        }
        if (root == null || !root.isObject()) {
            throw new ToolArgumentsException("arguments must be a JSON object, got " + shown(root), null);
        }
        return root;
    }

    /**
     * The object at {@code path}.
     *
     * @param node the JSON
     * @param path where it is
     * @return the node, checked to be an object
     */
    public static JsonNode object(JsonNode node, String path) {
        if (!node.isObject()) {
            throw wrong(path, "a JSON object", node);
        }
        return node;
    }

    /**
     * A required property: missing or {@code null} is an error.
     *
     * @param object the enclosing object
     * @param path the object's path ({@code ""} at the top)
     * @param name the property
     * @return the property's value
     */
    public static JsonNode field(JsonNode object, String path, String name) {
        JsonNode value = object.get(name);
        if (value == null || value.isNull()) {
            throw new ToolArgumentsException("missing argument '" + join(path, name) + "'", null);
        }
        return value;
    }

    /**
     * An optional property.
     *
     * @param object the enclosing object
     * @param name the property
     * @return the property's value, or {@code null} when missing or JSON {@code null}
     */
    public static JsonNode optionalField(JsonNode object, String name) {
        JsonNode value = object.get(name);
        return value == null || value.isNull() ? null : value;
    }

    /**
     * The path of a property of the object at {@code path}.
     *
     * @param path the object's path ({@code ""} at the top)
     * @param name the property
     * @return the property's path
     */
    public static String join(String path, String name) {
        return path.isEmpty() ? name : path + "." + name;
    }

    /**
     * An optional value: empty when the node is {@code null}.
     *
     * @param <T> the value's type
     * @param node the JSON, or {@code null}
     * @param path where it is
     * @param reader reads a present value
     * @return the value, or empty
     */
    public static <T> Optional<T> optional(JsonNode node, String path, Reader<T> reader) {
        return node == null ? Optional.empty() : Optional.of(reader.read(node, path));
    }

    /**
     * A nullable value: {@code null} when the node is {@code null}.
     *
     * @param <T> the value's type
     * @param node the JSON, or {@code null}
     * @param path where it is
     * @param reader reads a present value
     * @return the value, or {@code null}
     */
    public static <T> T orNull(JsonNode node, String path, Reader<T> reader) {
        return node == null ? null : reader.read(node, path);
    }

    /**
     * A string.
     *
     * @param node the JSON
     * @param path where it is
     * @return the string
     */
    public static String string(JsonNode node, String path) {
        if (!node.isString()) {
            throw wrong(path, "a string", node);
        }
        return node.stringValue();
    }

    /**
     * One character, written as a string of length one.
     *
     * @param node the JSON
     * @param path where it is
     * @return the character
     */
    public static char character(JsonNode node, String path) {
        if (!node.isString() || node.stringValue().length() != 1) {
            throw wrong(path, "a string of one character", node);
        }
        return node.stringValue().charAt(0);
    }

    /**
     * A boolean.
     *
     * @param node the JSON
     * @param path where it is
     * @return the boolean
     */
    public static boolean bool(JsonNode node, String path) {
        if (!node.isBoolean()) {
            throw wrong(path, "true or false", node);
        }
        return node.booleanValue();
    }

    /**
     * An integer in {@code [min, max]}; a number with a zero fraction ({@code 3.0}) counts.
     *
     * @param node the JSON
     * @param path where it is
     * @param min the least value
     * @param max the greatest value
     * @return the integer
     */
    public static long integer(JsonNode node, String path, long min, long max) {
        BigInteger value = bigInteger(node, path);
        if (value.compareTo(BigInteger.valueOf(min)) < 0 || value.compareTo(BigInteger.valueOf(max)) > 0) {
            throw wrong(path, "an integer from " + min + " to " + max, node);
        }
        return value.longValue();
    }

    /**
     * An integer of any size.
     *
     * @param node the JSON
     * @param path where it is
     * @return the integer
     */
    public static BigInteger bigInteger(JsonNode node, String path) {
        if (!node.isNumber() || !(node.isIntegralNumber() || node.canConvertToExactIntegral())) {
            throw wrong(path, "an integer", node);
        }
        return node.isIntegralNumber()
                ? node.bigIntegerValue()
                : node.decimalValue().toBigIntegerExact();
    }

    /**
     * A number.
     *
     * @param node the JSON
     * @param path where it is
     * @return the number as a double
     */
    public static double number(JsonNode node, String path) {
        if (!node.isNumber()) {
            throw wrong(path, "a number", node);
        }
        return node.doubleValue();
    }

    /**
     * A number, exactly as written.
     *
     * @param node the JSON
     * @param path where it is
     * @return the number
     */
    public static BigDecimal decimal(JsonNode node, String path) {
        if (!node.isNumber()) {
            throw wrong(path, "a number", node);
        }
        return node.decimalValue();
    }

    /**
     * One of an enum's constants, by name.
     *
     * @param <E> the enum
     * @param node the JSON
     * @param path where it is
     * @param constants the enum's {@code values()}
     * @return the constant
     */
    public static <E extends Enum<E>> E constant(JsonNode node, String path, E[] constants) {
        if (node.isString()) {
            for (E e : constants) {
                if (e.name().equals(node.stringValue())) {
                    return e;
                }
            }
        }
        List<String> names = new ArrayList<>();
        for (E e : constants) {
            names.add(e.name());
        }
        throw wrong(path, "one of " + names, node);
    }

    /**
     * A JSON array read into a list, in order.
     *
     * @param <T> the element type
     * @param node the JSON
     * @param path where it is
     * @param element reads one element
     * @return an unmodifiable list
     */
    public static <T> List<T> list(JsonNode node, String path, Reader<T> element) {
        if (!node.isArray()) {
            throw wrong(path, "a JSON array", node);
        }
        List<T> out = new ArrayList<>(node.size());
        for (int i = 0; i < node.size(); i++) {
            out.add(element.read(nonNull(node.get(i), path + "[" + i + "]"), path + "[" + i + "]"));
        }
        return Collections.unmodifiableList(out);
    }

    /**
     * A JSON array read into a set, in order; a repeated element is kept once.
     *
     * @param <T> the element type
     * @param node the JSON
     * @param path where it is
     * @param element reads one element
     * @return an unmodifiable set
     */
    public static <T> Set<T> set(JsonNode node, String path, Reader<T> element) {
        return Collections.unmodifiableSet(new LinkedHashSet<>(list(node, path, element)));
    }

    /**
     * A JSON object read into a map from property name to value, in order.
     *
     * @param <T> the value type
     * @param node the JSON
     * @param path where it is
     * @param value reads one value
     * @return an unmodifiable map
     */
    public static <T> Map<String, T> map(JsonNode node, String path, Reader<T> value) {
        object(node, path);
        Map<String, T> out = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : node.properties()) {
            String at = join(path, e.getKey());
            out.put(e.getKey(), value.read(nonNull(e.getValue(), at), at));
        }
        return Collections.unmodifiableMap(out);
    }

    private static JsonNode nonNull(JsonNode node, String path) {
        if (node.isNull()) {
            throw new ToolArgumentsException("argument '" + path + "' must not be null", null);
        }
        return node;
    }

    private static ToolArgumentsException wrong(String path, String expected, JsonNode got) {
        return new ToolArgumentsException("argument '" + path + "' must be " + expected + ", got " + shown(got), null);
    }

    private static String shown(JsonNode node) {
        String text = String.valueOf(node);
        return text.length() <= MAX_SHOWN ? text : text.substring(0, MAX_SHOWN) + "...";
    }
}
