package dev.switchboard.runtime.serde;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Stored data that does not match its declared type is refused, never coerced: each row is one kind
 * of mismatch on one type, and the message names the type and the mismatch.
 */
class StrictDecodingTest {
    private static final JsonSerde SERDE = JsonSerde.standard();

    /** An annotation of the conventional name: components carrying it may be absent. */
    @Retention(RetentionPolicy.RUNTIME)
    @interface Nullable {}

    record Item(
            String name,
            int count,
            Optional<String> note,
            @Nullable String comment,
            BigDecimal price) {}

    enum Colour {
        RED,
        GREEN
    }

    private static ValueType t(Class<?> raw, ValueType... args) {
        return ValueType.of(raw, args);
    }

    static Stream<Arguments> mismatches() {
        ValueType listOfStrings = t(List.class, t(String.class));
        return Stream.of(
                // kind, type, stored JSON, words the message must contain
                Arguments.of("string for integer", t(int.class), "\"12\"", "String value (\"12\")"),
                Arguments.of("string for integer", t(Long.class), "\"12\"", "String value (\"12\")"),
                Arguments.of("string for integer", t(BigInteger.class), "\"12\"", "String value"),
                Arguments.of("fraction for integer", t(int.class), "1.9", "Floating-point value (1.9)"),
                Arguments.of("fraction for integer", t(long.class), "1.0", "Floating-point value (1.0)"),
                Arguments.of("fraction for integer", t(BigInteger.class), "1.5", "Floating-point value"),
                Arguments.of("number for string", t(String.class), "12", "Integer value (12)"),
                Arguments.of("number for string", listOfStrings, "[\"a\", 1]", "Integer value (1)"),
                Arguments.of("boolean for string", listOfStrings, "[true]", "Boolean value (true)"),
                Arguments.of("number for boolean", t(boolean.class), "1", "Integer value (1)"),
                Arguments.of("string for boolean", t(Boolean.class), "\"true\"", "String value (\"true\")"),
                Arguments.of("string for double", t(double.class), "\"1.5\"", "string \"1.5\" is not a double"),
                Arguments.of("string for decimal", t(BigDecimal.class), "\"1.5\"", "String value"),
                Arguments.of("overflow to infinity", t(double.class), "1e999999999", "too large for a double"),
                Arguments.of("overflow to infinity", t(Float.class), "1e50", "too large for a float"),
                Arguments.of("overflow", t(int.class), "3000000000", "out of range of `int`"),
                Arguments.of("overflow", t(long.class), "9223372036854775808", "out of range of `long`"),
                Arguments.of("null for primitive", t(int.class), "null", "int: null"),
                Arguments.of("null for primitive", t(double.class), "null", "double: null"),
                Arguments.of("null for primitive", t(boolean.class), "null", "boolean: null"),
                Arguments.of("empty", t(Integer.class), "", "No content"),
                Arguments.of("empty", listOfStrings, "", "No content"),
                Arguments.of("empty", t(Item.class), "", "No content"),
                Arguments.of("trailing data", t(int.class), "1 2", "Trailing token"),
                Arguments.of("wrong shape", listOfStrings, "{}", "Object value"),
                Arguments.of("wrong shape", listOfStrings, "\"x\"", "String value"),
                Arguments.of("wrong shape", t(Item.class), "[]", "Array value"),
                Arguments.of("number for enum", t(Colour.class), "0", "Colour"),
                Arguments.of("unknown enum", t(Colour.class), "\"BLUE\"", "BLUE"),
                Arguments.of("missing component", t(Item.class), "{\"count\":1,\"price\":1}", "'name'"),
                Arguments.of("missing primitive component", t(Item.class), "{\"name\":\"a\",\"price\":1}", "'count'"),
                Arguments.of(
                        "null primitive component",
                        t(Item.class),
                        "{\"name\":\"a\",\"count\":null,\"price\":1}",
                        "null"),
                Arguments.of(
                        "nested mismatch",
                        t(Map.class, t(String.class), t(Item.class)),
                        "{\"k\":{\"name\":\"a\",\"count\":\"1\",\"price\":1}}",
                        "String value (\"1\")"),
                Arguments.of(
                        "duplicate property",
                        t(Item.class),
                        "{\"name\":\"a\",\"name\":\"b\",\"count\":1,\"price\":1}",
                        "Duplicate"));
    }

    @ParameterizedTest(name = "{0}: {2} as {1}")
    @MethodSource("mismatches")
    void storedDataThatDoesNotMatchItsTypeIsRefused(String kind, ValueType type, String json, String words) {
        byte[] data = json.getBytes(StandardCharsets.UTF_8);
        SerdeException e = assertThrows(SerdeException.class, () -> SERDE.decode(type, data), kind);
        assertTrue(e.getMessage().contains("not a valid " + type), e.getMessage());
        assertTrue(e.getMessage().contains(words), kind + ": " + e.getMessage());
        // The same rule holds for values read through a tree (run input, sends, interrupts).
        if (!json.isEmpty() && !kind.equals("trailing data") && !kind.equals("duplicate property")) {
            assertThrows(SerdeException.class, () -> SERDE.fromTree(type, SERDE.decodeTree(data)), kind);
        }
    }

    @Test
    void aComponentMayBeAbsentOnlyWhereTheRecordSaysSo() {
        Item read = (Item) SERDE.decode(
                t(Item.class), "{\"name\":\"a\",\"count\":2,\"price\":1.50}".getBytes(StandardCharsets.UTF_8));
        assertEquals(new Item("a", 2, Optional.empty(), null, new BigDecimal("1.50")), read);
        Item extra = (Item) SERDE.decode(
                t(Item.class),
                "{\"name\":\"a\",\"count\":2,\"price\":1,\"gone\":true}".getBytes(StandardCharsets.UTF_8));
        assertEquals("a", extra.name(), "a component the record no longer has is ignored");
    }

    @Test
    void nullIsAValueOfReferenceTypesAndOfListElements() {
        assertEquals(null, SERDE.decode(t(Integer.class), "null".getBytes(StandardCharsets.UTF_8)));
        assertEquals(
                java.util.Arrays.asList("a", null),
                SERDE.decode(t(List.class, t(String.class)), "[\"a\",null]".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void integerLiteralsAreExactFloatingPointValues() {
        assertEquals(1.0, SERDE.decode(t(double.class), "1".getBytes(StandardCharsets.UTF_8)));
        assertEquals(new BigDecimal("5"), SERDE.decode(t(BigDecimal.class), "5".getBytes(StandardCharsets.UTF_8)));
    }
}
