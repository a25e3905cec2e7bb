package dev.switchboard.runtime.reducer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** {@link Union}: Python's {@code current | update} on sets, keeping insertion order. */
class UnionTest {
    private final Union<String> union = new Union<>();

    private static Set<String> ordered(String... elements) {
        return new LinkedHashSet<>(List.of(elements));
    }

    @Test
    void addsTheNewElementsAfterTheCurrentOnes() {
        Set<String> result = union.reduce(ordered("b", "a"), ordered("c", "a", "d"));
        assertEquals(Set.of("a", "b", "c", "d"), result);
        assertEquals(List.of("b", "a", "c", "d"), List.copyOf(result));
    }

    @Test
    void startsEmpty() {
        assertEquals(Set.of(), union.empty());
        assertThrows(UnsupportedOperationException.class, () -> union.empty().add("x"));
    }

    @Test
    void theResultIsUnmodifiableAndDetachedFromTheInputs() {
        Set<String> current = ordered("a");
        Set<String> update = ordered("b");
        Set<String> result = union.reduce(current, update);
        assertThrows(UnsupportedOperationException.class, () -> result.add("x"));

        current.add("later");
        update.add("later");
        assertEquals(Set.of("a", "b"), result);
    }

    @Test
    void theInputsAreNotModified() {
        Set<String> current = ordered("a");
        Set<String> update = ordered("b");
        union.reduce(current, update);
        assertEquals(Set.of("a"), current);
        assertEquals(Set.of("b"), update);
    }

    @Test
    void nothingNewKeepsTheCurrentSet() {
        Set<String> current = Set.of("a", "b");
        assertSame(current, union.reduce(current, Set.of("b")));
        assertSame(current, union.reduce(current, Set.of()));
    }
}
