package dev.switchboard.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OverwriteTest {
    @Test
    void carriesTheNewValue() {
        Overwrite<List<String>> overwrite = new Overwrite<>(List.of("a"));
        assertEquals(List.of("a"), overwrite.value());
        assertEquals(new Overwrite<>(List.of("a")), overwrite);
        assertNotEquals(new Overwrite<>(List.of()), overwrite);
    }

    @Test
    void wireFormIsLangGraphs() {
        assertEquals("__overwrite__", Overwrite.WIRE_KEY);
        assertEquals(Map.of("__overwrite__", 0), new Overwrite<>(0).toWire());
    }

    @Test
    void wireFormIsUnmodifiable() {
        Map<String, Object> wire = new Overwrite<>(0).toWire();
        assertThrows(UnsupportedOperationException.class, () -> wire.put("x", 1));
    }

    @Test
    void aNullValueIsAllowedLikePythonsOverwriteOfNone() {
        Overwrite<String> overwrite = new Overwrite<>(null);
        assertNull(overwrite.value());
        Map<String, Object> wire = overwrite.toWire();
        assertTrue(wire.containsKey("__overwrite__"));
        assertNull(wire.get("__overwrite__"));
    }
}
