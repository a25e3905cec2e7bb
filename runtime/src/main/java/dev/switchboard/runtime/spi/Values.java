package dev.switchboard.runtime.spi;

/**
 * Conversions generated {@code read} methods use for components whose channel is empty: a
 * primitive reads as zero and an {@code Optional} as empty, never {@code null}.
 *
 * <p>Service provider interface, for code the Switchboard processor generates and for extension
 * modules that build graphs without it; not for application code. Compatible within a release
 * line, as the {@linkplain dev.switchboard.runtime.spi package} promises.
 */
public final class Values {
    private Values() {}

    /**
     * Unboxes an int.
     *
     * @param v the value or {@code null}
     * @return the value, or 0
     */
    public static int toInt(Object v) {
        return v == null ? 0 : (Integer) v;
    }

    /**
     * Unboxes a long.
     *
     * @param v the value or {@code null}
     * @return the value, or 0
     */
    public static long toLong(Object v) {
        return v == null ? 0L : (Long) v;
    }

    /**
     * Unboxes a double.
     *
     * @param v the value or {@code null}
     * @return the value, or 0
     */
    public static double toDouble(Object v) {
        return v == null ? 0.0 : (Double) v;
    }

    /**
     * Unboxes a float.
     *
     * @param v the value or {@code null}
     * @return the value, or 0
     */
    public static float toFloat(Object v) {
        return v == null ? 0.0f : (Float) v;
    }

    /**
     * Unboxes a short.
     *
     * @param v the value or {@code null}
     * @return the value, or 0
     */
    public static short toShort(Object v) {
        return v == null ? 0 : (Short) v;
    }

    /**
     * Unboxes a byte.
     *
     * @param v the value or {@code null}
     * @return the value, or 0
     */
    public static byte toByte(Object v) {
        return v == null ? 0 : (Byte) v;
    }

    /**
     * Unboxes a char.
     *
     * @param v the value or {@code null}
     * @return the value, or the zero char
     */
    public static char toChar(Object v) {
        return v == null ? '\0' : (Character) v;
    }

    /**
     * Unboxes a boolean.
     *
     * @param v the value or {@code null}
     * @return the value, or {@code false}
     */
    public static boolean toBoolean(Object v) {
        return v != null && (Boolean) v;
    }

    /**
     * An {@code Optional} component's value.
     *
     * @param v the value or {@code null}
     * @return the value, or {@code Optional.empty()}
     */
    public static Object optional(Object v) {
        return v == null ? java.util.Optional.empty() : v;
    }
}
