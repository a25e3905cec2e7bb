package dev.switchboard.runtime.serde;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Sealed interfaces are stored with their tag from the generated table, and read back by it. */
class SealedTypeSerdeTest {
    sealed interface Shape permits Circle, Square {}

    record Circle(double radius) implements Shape {}

    record Square(double side) implements Shape {}

    record Drawing(Shape main, List<Shape> all, Map<String, Shape> named) {}

    private static final SealedType SHAPE =
            SealedType.of(Shape.class).with("Circle", Circle.class).with("Sq", Square.class);
    private final JsonSerde serde = new JsonSerde(SerdeLimits.DEFAULT, List.of(SHAPE));

    @Test
    void fieldListAndMapOfASealedInterfaceRoundTrip() {
        Drawing d = new Drawing(new Circle(1.5), List.of(new Square(2), new Circle(3)), Map.of("a", new Square(4)));
        ValueType t = ValueType.of(Drawing.class);
        byte[] json = serde.encode(t, d);
        assertEquals(d, serde.decode(t, json));
        assertTrue(new String(json, StandardCharsets.UTF_8).contains("{\"@type\":\"Sq\",\"side\":2.0}"));
    }

    @Test
    void aSealedValueAtTheTopAndInAListRoundTrips() {
        ValueType list = ValueType.of(List.class, ValueType.of(Shape.class));
        List<Shape> shapes = List.of(new Circle(1), new Square(2));
        assertEquals(shapes, serde.decode(list, serde.encode(list, shapes)));
        ValueType one = ValueType.of(Shape.class);
        assertEquals(new Square(5), serde.decode(one, serde.encode(one, new Square(5))));
    }

    @Test
    void aTagOutsideTheTableIsADecodingError() {
        byte[] json = "{\"@type\":\"dev.switchboard.Evil\",\"radius\":1}".getBytes(StandardCharsets.UTF_8);
        SerdeException e = assertThrows(SerdeException.class, () -> serde.decode(ValueType.of(Shape.class), json));
        assertTrue(e.getMessage().contains("dev.switchboard.Evil"), e.getMessage());
    }

    @Test
    void aTableRejectsDuplicateTagsAndForeignClasses() {
        IllegalArgumentException dup =
                assertThrows(IllegalArgumentException.class, () -> SHAPE.with("Sq", Circle.class));
        assertEquals("tag \"Sq\" of Circle is already used by Square", dup.getMessage());
        assertThrows(
                IllegalArgumentException.class, () -> SealedType.of(Shape.class).with("S", String.class));
    }

    @Test
    void anAliasReadsOldTagsAndTheVariantsOwnTagIsWritten() {
        SealedType aliased = SHAPE.withAlias("Round", Circle.class).withAlias("Box", Square.class);
        JsonSerde withAliases = new JsonSerde(SerdeLimits.DEFAULT, List.of(aliased));
        ValueType one = ValueType.of(Shape.class);
        byte[] old = "{\"@type\":\"Round\",\"radius\":2}".getBytes(StandardCharsets.UTF_8);
        assertEquals(new Circle(2), withAliases.decode(one, old));
        assertEquals(
                "{\"@type\":\"Circle\",\"radius\":2.0}",
                new String(withAliases.encode(one, new Circle(2)), StandardCharsets.UTF_8));
        assertEquals(
                new Square(1),
                withAliases.decode(one, "{\"@type\":\"Box\",\"side\":1}".getBytes(StandardCharsets.UTF_8)));
        assertEquals(Map.of("Round", Circle.class, "Box", Square.class), aliased.aliases());
    }

    @Test
    void anAliasIsATagLikeTheOthers() {
        assertEquals(
                "tag \"Circle\" of Square is already used by Circle",
                assertThrows(IllegalArgumentException.class, () -> SHAPE.withAlias("Circle", Square.class))
                        .getMessage());
        assertThrows(
                IllegalArgumentException.class,
                () -> SealedType.of(Shape.class).with("C", Circle.class).withAlias("Sq", Square.class));
    }
}
