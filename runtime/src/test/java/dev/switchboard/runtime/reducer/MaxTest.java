package dev.switchboard.runtime.reducer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/** {@link Max}: like Python's {@code max(current, update)}. */
class MaxTest {
    @Test
    void keepsTheLarger() {
        Max<Integer> max = new Max<>();
        assertEquals(7, max.reduce(3, 7));
        assertEquals(7, max.reduce(7, 3));
        assertEquals(-1, max.reduce(-5, -1));
        assertEquals("pear", new Max<String>().reduce("apple", "pear"));
    }

    @Test
    void onATieKeepsTheCurrentValueAsPythonsMaxKeepsTheFirst() {
        BigDecimal current = new BigDecimal("1.0");
        BigDecimal update = new BigDecimal("1.00");
        assertSame(current, new Max<BigDecimal>().reduce(current, update));
    }

    @Test
    void hasNoEmptyValue() {
        assertNull(new Max<Integer>().empty());
    }
}
