package dev.switchboard.runtime.reducer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/** {@link Min}: like Python's {@code min(current, update)}. */
class MinTest {
    @Test
    void keepsTheSmaller() {
        Min<Integer> min = new Min<>();
        assertEquals(3, min.reduce(3, 7));
        assertEquals(3, min.reduce(7, 3));
        assertEquals(-5, min.reduce(-5, -1));
        assertEquals("apple", new Min<String>().reduce("pear", "apple"));
    }

    @Test
    void onATieKeepsTheCurrentValueAsPythonsMinKeepsTheFirst() {
        BigDecimal current = new BigDecimal("1.0");
        BigDecimal update = new BigDecimal("1.00");
        assertSame(current, new Min<BigDecimal>().reduce(current, update));
    }

    @Test
    void hasNoEmptyValue() {
        assertNull(new Min<Integer>().empty());
    }
}
