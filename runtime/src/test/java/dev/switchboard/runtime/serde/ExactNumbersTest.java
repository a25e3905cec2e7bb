package dev.switchboard.runtime.serde;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every numeric type reads back exactly what was written: a {@code BigDecimal} with its scale, every
 * digit of a {@code BigInteger} or {@code long}, and {@code -0.0}, NaN and the infinities of
 * {@code double} and {@code float}; straight from bytes and through a tree alike.
 */
class ExactNumbersTest {
    private static final JsonSerde SERDE = JsonSerde.standard();

    record Price(BigDecimal amount, List<BigDecimal> history, Map<String, BigInteger> totals, double rate) {}

    private static void roundTrips(ValueType type, Object value) {
        byte[] data = SERDE.encode(type, value);
        assertEquals(value, SERDE.decode(type, data), "from bytes: " + new String(data));
        assertEquals(value, SERDE.decode(type, SERDE.encodeChecked(type, value)), "as a checkpoint stores it");
        if (!value.equals(-0.0) && !value.equals(-0.0f)) {
            // A tree holds a decimal, which has no negative zero: see JsonSerde.decodeTree.
            assertEquals(value, SERDE.fromTree(type, SERDE.toTree(type, value)), "through a tree");
        }
    }

    @Test
    void bigDecimalsKeepScaleAndPrecision() {
        ValueType t = ValueType.of(BigDecimal.class);
        for (String s :
                List.of("19.90", "12345678901234567890.123456789", "0.000", "-0.0", "1E+3", "5", "1E-400", "-7.50")) {
            BigDecimal d = new BigDecimal(s);
            roundTrips(t, d);
            assertEquals(d.scale(), ((BigDecimal) SERDE.decode(t, SERDE.encode(t, d))).scale(), s);
        }
    }

    @Test
    void integersKeepEveryDigit() {
        roundTrips(ValueType.of(long.class), Long.MAX_VALUE);
        roundTrips(ValueType.of(long.class), Long.MIN_VALUE);
        roundTrips(ValueType.of(int.class), Integer.MIN_VALUE);
        roundTrips(ValueType.of(BigInteger.class), new BigInteger("-123456789012345678901234567890123456789"));
        roundTrips(ValueType.of(short.class), Short.MIN_VALUE);
        roundTrips(ValueType.of(byte.class), Byte.MAX_VALUE);
    }

    @Test
    void floatingPointKeepsSignedZeroNanAndInfinities() {
        for (double d : new double[] {
            -0.0,
            0.0,
            Double.NaN,
            Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY,
            Double.MIN_VALUE,
            Double.MAX_VALUE,
            0.1,
            1e300
        }) {
            roundTrips(ValueType.of(double.class), d);
        }
        for (float f :
                new float[] {-0.0f, Float.NaN, Float.NEGATIVE_INFINITY, Float.MIN_VALUE, Float.MAX_VALUE, 0.1f}) {
            roundTrips(ValueType.of(Float.class), f);
        }
    }

    @Test
    void negativeZeroInsideALargeRecordIsKept() {
        // Large enough that storing it checks the limits on the bytes.
        Price p = new Price(BigDecimal.ONE, java.util.Collections.nCopies(100, BigDecimal.TEN), Map.of(), -0.0);
        ValueType t = ValueType.of(Price.class);
        assertEquals(p, SERDE.decode(t, SERDE.encode(t, p)));
        assertEquals(p, SERDE.decode(t, SERDE.encodeChecked(t, p)));
    }

    @Test
    void numbersInsideRecordsAndCollectionsAreExact() {
        ValueType t = ValueType.of(Price.class);
        roundTrips(
                t,
                new Price(
                        new BigDecimal("19.90"),
                        List.of(new BigDecimal("12345678901234567890.123456789"), new BigDecimal("0.10")),
                        Map.of("all", new BigInteger("98765432109876543210987654321")),
                        0.25));
    }

    @Test
    void untypedNumbersReadAsPlainJsonNumbers() {
        ValueType t = ValueType.of(Object.class);
        assertEquals(
                List.of(1, 0.5, new BigInteger("12345678901234567890")),
                SERDE.decode(t, "[1,0.5,12345678901234567890]".getBytes()));
        assertEquals(List.of(0.5), SERDE.fromTree(t, SERDE.decodeTree("[0.5]".getBytes())));
    }
}
