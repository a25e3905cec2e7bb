package dev.switchboard.runtime.serde;

import java.util.List;
import java.util.Objects;

/**
 * A Java type with its type arguments, as generated code declares it for each channel
 * ({@code ValueType.of(List.class, ValueType.of(String.class))} for {@code List<String>}). It is
 * the schema a stored value is read back with; it is built from class literals, never by
 * reflection.
 */
public final class ValueType {
    private final Class<?> raw;
    private final List<ValueType> arguments;
    private final boolean primitive;

    private ValueType(Class<?> raw, List<ValueType> arguments, boolean primitive) {
        this.raw = raw;
        this.arguments = arguments;
        this.primitive = primitive;
    }

    /**
     * A type.
     *
     * @param raw the class (primitives are boxed, and remembered as primitive: no value of theirs is
     *     {@code null})
     * @param arguments its type arguments, in declaration order
     * @return the type
     */
    public static ValueType of(Class<?> raw, ValueType... arguments) {
        Objects.requireNonNull(raw, "raw");
        for (ValueType a : arguments) {
            Objects.requireNonNull(a, "arguments[]");
        }
        return new ValueType(box(raw), List.of(arguments), raw.isPrimitive());
    }

    private static Class<?> box(Class<?> c) {
        if (!c.isPrimitive()) {
            return c;
        }
        if (c == int.class) {
            return Integer.class;
        }
        if (c == long.class) {
            return Long.class;
        }
        if (c == double.class) {
            return Double.class;
        }
        if (c == boolean.class) {
            return Boolean.class;
        }
        if (c == float.class) {
            return Float.class;
        }
        if (c == short.class) {
            return Short.class;
        }
        if (c == byte.class) {
            return Byte.class;
        }
        if (c == char.class) {
            return Character.class;
        }
        throw new IllegalArgumentException("no value type for " + c);
    }

    /**
     * The class (boxed for primitives).
     *
     * @return the raw class
     */
    public Class<?> raw() {
        return raw;
    }

    /**
     * Whether the type was declared primitive ({@code int} rather than {@code Integer}), so that a
     * stored {@code null} cannot be one of its values.
     *
     * @return {@code true} for a primitive type
     */
    public boolean primitive() {
        return primitive;
    }

    /**
     * The type arguments.
     *
     * @return the arguments, possibly empty
     */
    public List<ValueType> arguments() {
        return arguments;
    }

    /**
     * Whether a value can be of this type, judged by its class only.
     *
     * @param value the value
     * @return {@code true} if the value is an instance of the raw class
     */
    public boolean accepts(Object value) {
        return raw.isInstance(value);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ValueType t && raw == t.raw && primitive == t.primitive && arguments.equals(t.arguments);
    }

    @Override
    public int hashCode() {
        return (raw.hashCode() * 31 + arguments.hashCode()) * 2 + (primitive ? 1 : 0);
    }

    @Override
    public String toString() {
        if (primitive) {
            return raw == Integer.class
                    ? "int"
                    : raw == Character.class ? "char" : raw.getSimpleName().toLowerCase(java.util.Locale.ROOT);
        }
        if (arguments.isEmpty()) {
            return raw.getSimpleName();
        }
        StringBuilder b = new StringBuilder(raw.getSimpleName()).append('<');
        for (int i = 0; i < arguments.size(); i++) {
            b.append(i == 0 ? "" : ", ").append(arguments.get(i));
        }
        return b.append('>').toString();
    }
}
