package dev.switchboard.runtime.serde;

import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.deser.std.StdScalarDeserializer;
import tools.jackson.databind.type.LogicalType;

/**
 * Reads {@code double} and {@code float} values so that they round-trip exactly and nothing else
 * gets in. Jackson writes the non-finite values as the strings {@code "NaN"}, {@code "Infinity"} and
 * {@code "-Infinity"}, so those three strings are read back as such; every other string is a
 * mismatch. A finite literal too large for the type (say {@code 1e999999999}) is a mismatch too,
 * not infinity: no write could have produced it. Integer literals are exact floating-point values
 * and are accepted.
 */
final class FloatingPoint<T> extends StdScalarDeserializer<T> {
    private final boolean single;
    private final boolean primitive;

    private FloatingPoint(Class<?> type, boolean single, boolean primitive) {
        super(type);
        this.single = single;
        this.primitive = primitive;
    }

    static FloatingPoint<Double> doubles(boolean primitive) {
        return new FloatingPoint<>(primitive ? double.class : Double.class, false, primitive);
    }

    static FloatingPoint<Float> floats(boolean primitive) {
        return new FloatingPoint<>(primitive ? float.class : Float.class, true, primitive);
    }

    @Override
    public T deserialize(JsonParser p, DeserializationContext ctxt) {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NUMBER_FLOAT || t == JsonToken.VALUE_NUMBER_INT) {
            double d = single ? p.getFloatValue() : p.getDoubleValue();
            if (Double.isInfinite(d)) {
                return ctxt.reportInputMismatch(this, "number %s is too large for a %s", p.getString(), name());
            }
            return box(d);
        }
        if (t == JsonToken.VALUE_STRING) {
            return special(p.getString(), ctxt);
        }
        return ctxt.reportInputMismatch(this, "expected a number for a %s, found %s", name(), t);
    }

    private T special(String text, DeserializationContext ctxt) {
        double d;
        switch (text) {
            case "NaN" -> d = Double.NaN;
            case "Infinity" -> d = Double.POSITIVE_INFINITY;
            case "-Infinity" -> d = Double.NEGATIVE_INFINITY;
            default -> {
                return ctxt.reportInputMismatch(
                        this, "string \"%s\" is not a %s (only NaN, Infinity and -Infinity are)", text, name());
            }
        }
        return box(d);
    }

    @SuppressWarnings("unchecked")
    private T box(double d) {
        return (T) (single ? (Object) (float) d : (Object) d);
    }

    @Override
    public Object getNullValue(DeserializationContext ctxt) {
        if (primitive) {
            return ctxt.reportInputMismatch(this, "null is not a %s", name());
        }
        return null;
    }

    @Override
    public LogicalType logicalType() {
        return LogicalType.Float;
    }

    private String name() {
        return single ? "float" : "double";
    }
}
