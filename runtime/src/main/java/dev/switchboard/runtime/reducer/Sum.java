package dev.switchboard.runtime.reducer;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Adds the written number to the current one. Works for {@code int}, {@code long},
 * {@code double}, {@code float}, {@code short}, {@code byte}, their boxes, {@link BigInteger} and
 * {@link BigDecimal}; the result has the type of the component.
 *
 * @param <N> the number type
 */
public final class Sum<N extends Number> implements ReduceFunction<N> {
    /** Creates the reducer. */
    public Sum() {}

    @Override
    @SuppressWarnings("unchecked")
    public N reduce(N current, N update) {
        Number sum;
        if (current instanceof Integer a) {
            sum = a + update.intValue();
        } else if (current instanceof Long a) {
            sum = a + update.longValue();
        } else if (current instanceof Double a) {
            sum = a + update.doubleValue();
        } else if (current instanceof Float a) {
            sum = a + update.floatValue();
        } else if (current instanceof Short a) {
            sum = (short) (a + update.shortValue());
        } else if (current instanceof Byte a) {
            sum = (byte) (a + update.byteValue());
        } else if (current instanceof BigInteger a) {
            sum = a.add((BigInteger) update);
        } else if (current instanceof BigDecimal a) {
            sum = a.add((BigDecimal) update);
        } else {
            throw new IllegalArgumentException("Sum cannot add values of type "
                    + current.getClass().getName() + "; use a component of a primitive or java.math type");
        }
        return (N) sum;
    }
}
