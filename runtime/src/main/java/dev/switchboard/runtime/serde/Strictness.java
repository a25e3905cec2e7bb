package dev.switchboard.runtime.serde;

import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.AnnotationIntrospector;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.MapperFeature;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.cfg.EnumFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.jsontype.BasicPolymorphicTypeValidator;
import tools.jackson.databind.module.SimpleModule;
import tools.jackson.databind.type.LogicalType;

/**
 * How {@link JsonSerde}'s Jackson is configured to read stored data strictly and within bounds, and
 * how its failures are told: which limit was exceeded, or what did not match.
 */
final class Strictness {
    private static final CoercionAction FAIL = CoercionAction.Fail;

    private Strictness() {}

    static JsonMapper mapper(SerdeLimits limits, AnnotationIntrospector sealed, SimpleModule codecs) {
        JsonMapper.Builder b = JsonMapper.builder(factory(limits))
                .polymorphicTypeValidator(
                        BasicPolymorphicTypeValidator.builder().build())
                // Sealed tags first; record components decide what may be absent.
                .annotationIntrospector(AnnotationIntrospector.pair(sealed, new RecordComponents()))
                .addModule(floatingPoint())
                .addModule(codecs)
                // Removed record components stay readable: old checkpoints outlive schema changes.
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .enable(EnumFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
        return noCoercion(b).build();
    }

    /** A parser factory that enforces the limits while it reads, token by token. */
    private static JsonFactory factory(SerdeLimits limits) {
        return JsonFactory.builder()
                .streamReadConstraints(StreamReadConstraints.builder()
                        .maxDocumentLength(limits.maxBytes())
                        .maxNestingDepth(limits.maxNestingDepth())
                        .maxStringLength(limits.maxStringLength())
                        .maxNameLength(limits.maxStringLength())
                        .maxTokenCount(limits.maxTokens())
                        .build())
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .build();
    }

    private static SimpleModule floatingPoint() {
        return new SimpleModule("switchboard-floating-point")
                .addDeserializer(Double.class, FloatingPoint.doubles(false))
                .addDeserializer(double.class, FloatingPoint.doubles(true))
                .addDeserializer(Float.class, FloatingPoint.floats(false))
                .addDeserializer(float.class, FloatingPoint.floats(true));
    }

    /** No scalar is read from another kind of scalar, except an integer literal as a fraction. */
    private static JsonMapper.Builder noCoercion(JsonMapper.Builder b) {
        return b.withCoercionConfig(
                        LogicalType.Integer,
                        c -> c.setCoercion(CoercionInputShape.String, FAIL)
                                .setCoercion(CoercionInputShape.Float, FAIL)
                                .setCoercion(CoercionInputShape.Boolean, FAIL))
                .withCoercionConfig(
                        LogicalType.Float,
                        c -> c.setCoercion(CoercionInputShape.String, FAIL)
                                .setCoercion(CoercionInputShape.Boolean, FAIL)
                                // An integer literal is an exact decimal: BigDecimal 5 is written as 5.
                                .setCoercion(CoercionInputShape.Integer, CoercionAction.TryConvert))
                .withCoercionConfig(
                        LogicalType.Boolean,
                        c -> c.setCoercion(CoercionInputShape.String, FAIL)
                                .setCoercion(CoercionInputShape.Integer, FAIL)
                                .setCoercion(CoercionInputShape.Float, FAIL))
                .withCoercionConfig(
                        LogicalType.Textual,
                        c -> c.setCoercion(CoercionInputShape.Integer, FAIL)
                                .setCoercion(CoercionInputShape.Float, FAIL)
                                .setCoercion(CoercionInputShape.Boolean, FAIL));
    }

    /** The failure of reading stored data as {@code type} (or as JSON, for {@code null}). */
    static SerdeException mismatch(ValueType type, JacksonException e, SerdeLimits limits) {
        String limit = limitBroken(e, limits);
        if (limit != null) {
            return new SerdeException("stored value exceeds " + limit, e);
        }
        String what = type == null ? "valid JSON" : "a valid " + type;
        return new SerdeException("stored data is not " + what + ": " + describe(e), e);
    }

    /** Which of our limits a parser constraint is, as users set it; null if not a limit. */
    private static String limitBroken(Throwable e, SerdeLimits limits) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof StreamConstraintsException c) {
                String m = String.valueOf(c.getOriginalMessage());
                if (m.contains("getMaxTokenCount")) {
                    return "SerdeLimits.maxTokens = " + limits.maxTokens() + " JSON tokens";
                }
                if (m.contains("getMaxNestingDepth")) {
                    return "SerdeLimits.maxNestingDepth = " + limits.maxNestingDepth();
                }
                if (m.contains("getMaxStringLength") || m.contains("getMaxNameLength")) {
                    return "SerdeLimits.maxStringLength = " + limits.maxStringLength() + " characters";
                }
                if (m.contains("getMaxDocumentLength")) {
                    return "SerdeLimits.maxBytes = " + limits.maxBytes();
                }
                return "a parser limit: " + m;
            }
        }
        return null;
    }

    /** Jackson's words, less its advice to enable coercion, which would defeat strict reading. */
    private static String describe(JacksonException e) {
        String m = String.valueOf(e.getOriginalMessage());
        int advice = m.indexOf(" (but ");
        if (advice > 0 && m.indexOf(')', advice) > 0) {
            m = m.substring(0, advice) + m.substring(m.indexOf(')', advice) + 1);
        }
        String path = e.getPathReference();
        return path == null || path.isEmpty() ? m : m + " at " + path;
    }
}
