package dev.switchboard.runtime.reducer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link MergeMap}: Python's {@code current | update} on dicts. */
class MergeMapTest {
    private final MergeMap<String, Integer> merge = new MergeMap<>();

    private static Map<String, Integer> ordered(Object... keysAndValues) {
        Map<String, Integer> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put((String) keysAndValues[i], (Integer) keysAndValues[i + 1]);
        }
        return map;
    }

    @Test
    void writtenKeysWinAndNewKeysAreAdded() {
        assertEquals(Map.of("a", 1, "b", 20, "c", 3), merge.reduce(ordered("a", 1, "b", 2), ordered("b", 20, "c", 3)));
    }

    @Test
    void keepsInsertionOrderLikeADict() {
        Map<String, Integer> result = merge.reduce(ordered("z", 1, "a", 2), ordered("m", 3, "z", 10));
        assertEquals(List.of("z", "a", "m"), List.copyOf(result.keySet()));
        assertEquals(List.of(10, 2, 3), List.copyOf(result.values()));
    }

    @Test
    void startsEmpty() {
        assertEquals(Map.of(), merge.empty());
        assertThrows(UnsupportedOperationException.class, () -> merge.empty().put("x", 1));
    }

    @Test
    void theResultIsUnmodifiableAndDetachedFromTheInputs() {
        Map<String, Integer> current = ordered("a", 1);
        Map<String, Integer> update = ordered("b", 2);
        Map<String, Integer> result = merge.reduce(current, update);
        assertThrows(UnsupportedOperationException.class, () -> result.put("x", 1));

        current.put("later", 0);
        update.put("later", 0);
        assertEquals(Map.of("a", 1, "b", 2), result);
    }

    @Test
    void theInputsAreNotModified() {
        Map<String, Integer> current = ordered("a", 1);
        Map<String, Integer> update = ordered("a", 2);
        merge.reduce(current, update);
        assertEquals(Map.of("a", 1), current);
        assertEquals(Map.of("a", 2), update);
    }

    @Test
    void anEmptyUpdateKeepsTheCurrentMap() {
        Map<String, Integer> current = Map.of("a", 1);
        assertSame(current, merge.reduce(current, Map.of()));
    }
}
