package dev.switchboard.runtime.reducer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link Append}: Python's {@code operator.add} on lists. */
class AppendTest {
    private final Append<String> append = new Append<>();

    @Test
    void appendsTheWrittenElementsInOrder() {
        assertEquals(List.of("a", "b", "c", "d"), append.reduce(List.of("a", "b"), List.of("c", "d")));
        assertEquals(List.of("a", "a"), append.reduce(List.of("a"), List.of("a")), "duplicates are kept");
    }

    @Test
    void startsEmpty() {
        assertEquals(List.of(), append.empty());
        assertThrows(UnsupportedOperationException.class, () -> append.empty().add("x"));
        assertEquals(List.of("a"), append.reduce(append.empty(), List.of("a")));
    }

    @Test
    void theResultIsUnmodifiableAndDetachedFromTheInputs() {
        List<String> current = new ArrayList<>(List.of("a"));
        List<String> update = new ArrayList<>(List.of("b"));
        List<String> result = append.reduce(current, update);
        assertThrows(UnsupportedOperationException.class, () -> result.add("x"));

        current.add("later");
        update.add("later");
        assertEquals(List.of("a", "b"), result);
    }

    @Test
    void theInputsAreNotModified() {
        List<String> current = new ArrayList<>(List.of("a"));
        List<String> update = new ArrayList<>(List.of("b"));
        append.reduce(current, update);
        assertEquals(List.of("a"), current);
        assertEquals(List.of("b"), update);
    }

    @Test
    void anEmptyUpdateKeepsTheCurrentList() {
        List<String> current = List.of("a");
        assertSame(current, append.reduce(current, List.of()));
    }
}
