package dev.switchboard.runtime.serde;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * A registered codec stores its type and the types under it wherever a schema holds them; what it
 * reads must be of the declared type; stored values stay within the limits.
 */
class ValueCodecTest {
    /** A library-like open interface the serde cannot read by itself. */
    interface Shape {
        double size();
    }

    record Circle(double size) implements Shape {}

    record Square(double size) implements Shape {}

    /** Stores shapes under a closed set of tags. */
    static final class ShapeCodec implements ValueCodec<Shape> {
        @Override
        public Class<Shape> type() {
            return Shape.class;
        }

        @Override
        public JsonNode encode(Shape s, JsonNodeFactory nodes) {
            return nodes.objectNode()
                    .put("kind", s instanceof Circle ? "circle" : "square")
                    .put("size", s.size());
        }

        @Override
        public Shape decode(JsonNode node) {
            double size = node.get("size").asDouble();
            return switch (node.get("kind").asString()) {
                case "circle" -> new Circle(size);
                case "square" -> new Square(size);
                default -> throw new SerdeException("unknown shape " + node.get("kind"), null);
            };
        }
    }

    private static final JsonSerde SERDE = new JsonSerde(SerdeLimits.DEFAULT, List.of(), List.of(new ShapeCodec()));

    @Test
    void codecStoresItsTypeInsideCollectionsAndMaps() {
        ValueType t = ValueType.of(Map.class, ValueType.of(String.class), JsonSerde.listOf(ValueType.of(Shape.class)));
        Map<String, List<Shape>> value = Map.of("a", List.of(new Circle(1), new Square(2)));
        byte[] data = SERDE.encode(t, value);
        assertEquals(
                "{\"a\":[{\"kind\":\"circle\",\"size\":1.0},{\"kind\":\"square\",\"size\":2.0}]}",
                new String(data, StandardCharsets.UTF_8));
        assertEquals(value, SERDE.decode(t, data));
    }

    @Test
    void declaredSubtypeIsReadByItsSupertypesCodecAndChecked() {
        byte[] circle = SERDE.encode(ValueType.of(Circle.class), new Circle(3));
        assertEquals(new Circle(3), SERDE.decode(ValueType.of(Circle.class), circle));
        SerdeException e = assertThrows(SerdeException.class, () -> SERDE.decode(ValueType.of(Square.class), circle));
        assertTrue(e.getMessage().contains("is a Circle, not a Square"), e.getMessage());
    }

    @Test
    void codecErrorIsASerdeException() {
        byte[] data = "{\"kind\":\"java.lang.Runtime\",\"size\":1}".getBytes(StandardCharsets.UTF_8);
        SerdeException e = assertThrows(SerdeException.class, () -> SERDE.decode(ValueType.of(Shape.class), data));
        assertTrue(e.getMessage().contains("unknown shape \"java.lang.Runtime\""), e.getMessage());
    }

    @Test
    void withoutTheCodecTheTypeIsNotRead() {
        byte[] data = SERDE.encode(ValueType.of(Shape.class), new Circle(1));
        assertThrows(SerdeException.class, () -> JsonSerde.standard().decode(ValueType.of(Shape.class), data));
    }

    @Test
    void encodeCheckedRejectsAStringLongerThanTheLimitAnywhereInTheValue() {
        JsonSerde small = new JsonSerde(new SerdeLimits(1 << 20, 64, 1_000));
        ValueType t = JsonSerde.listOf(ValueType.of(String.class));
        List<String> value = List.of("short", "x".repeat(1_001));
        SerdeException e = assertThrows(SerdeException.class, () -> small.encodeChecked(t, value));
        assertEquals("stored value exceeds SerdeLimits.maxStringLength = 1000 characters", e.getMessage());
        assertEquals(List.of("x".repeat(1_000)), small.decode(t, small.encodeChecked(t, List.of("x".repeat(1_000)))));
    }
}
