package dev.switchboard.runtime.reducer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** {@link Sum}: Python's {@code operator.add} on numbers; the result keeps the component's type. */
class SumTest {
    @Test
    void integers() {
        Integer sum = new Sum<Integer>().reduce(2, 3);
        assertEquals(Integer.valueOf(5), sum);
        assertEquals(Integer.valueOf(-1), new Sum<Integer>().reduce(2, -3));
    }

    @Test
    void longs() {
        Long sum = new Sum<Long>().reduce(4_000_000_000L, 5_000_000_000L);
        assertEquals(Long.valueOf(9_000_000_000L), sum);
    }

    @Test
    void doubles() {
        Double sum = new Sum<Double>().reduce(0.1, 0.2);
        assertEquals(Double.valueOf(0.1 + 0.2), sum, "plain IEEE addition, like Python floats");
    }

    @Test
    void floats() {
        Float sum = new Sum<Float>().reduce(1.5f, 2.25f);
        assertEquals(Float.valueOf(3.75f), sum);
    }

    @Test
    void shorts() {
        Short sum = new Sum<Short>().reduce((short) 300, (short) 400);
        assertEquals(Short.valueOf((short) 700), sum);
    }

    @Test
    void bytes() {
        Byte sum = new Sum<Byte>().reduce((byte) 20, (byte) 22);
        assertEquals(Byte.valueOf((byte) 42), sum);
    }

    @Test
    void bigIntegers() {
        BigInteger big = new BigInteger("123456789012345678901234567890");
        BigInteger sum = new Sum<BigInteger>().reduce(big, BigInteger.ONE);
        assertEquals(new BigInteger("123456789012345678901234567891"), sum);
    }

    @Test
    void bigDecimalsKeepTheirScale() {
        BigDecimal sum = new Sum<BigDecimal>().reduce(new BigDecimal("1.10"), new BigDecimal("2.205"));
        assertEquals(new BigDecimal("3.305"), sum);
        assertEquals(3, sum.scale());
    }

    @Test
    void theResultHasTheTypeOfTheCurrentValue() {
        @SuppressWarnings({"rawtypes", "unchecked"})
        Sum<Number> raw = (Sum) new Sum<Long>();
        assertEquals(Long.valueOf(7L), raw.reduce(5L, 2));
    }

    @Test
    void anUnsupportedTypeIsRejectedWithAHint() {
        Sum<AtomicInteger> sum = new Sum<>();
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> sum.reduce(new AtomicInteger(1), new AtomicInteger(2)));
        assertEquals(
                "Sum cannot add values of type java.util.concurrent.atomic.AtomicInteger; use a component of a"
                        + " primitive or java.math type",
                e.getMessage());
    }

    @Test
    void hasNoEmptyValueBecausePrimitiveComponentsStartAtZeroAnyway() {
        assertNull(new Sum<Integer>().empty());
    }
}
