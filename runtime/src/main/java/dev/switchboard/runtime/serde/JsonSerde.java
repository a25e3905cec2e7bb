package dev.switchboard.runtime.serde;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.type.TypeBindings;
import tools.jackson.databind.type.TypeFactory;

/**
 * Jackson, configured so that only declared types are ever read: no default typing, and a
 * polymorphic type validator that allows no class named in data (so even a user type annotated
 * with {@code @JsonTypeInfo(use = CLASS)} cannot be abused). Values are read with the
 * {@link ValueType} of their channel, streaming from the stored bytes; size, nesting, string length
 * and token count are bounded by {@link SerdeLimits} while the parser reads, before anything is
 * built. Thread-safe; readers and writers are cached per type.
 *
 * <p>Decoding is exact and strict: stored data that does not match the declared type is a
 * {@link SerdeException}, never coerced. No number is read through a {@code double} unless the type
 * is one ({@code BigDecimal} keeps its scale, {@code BigInteger} and {@code long} every digit); an
 * integer is never read from a fraction, a string or a boolean, a string never from a number; a
 * {@code double} or {@code float} accepts integer literals and the strings {@code "NaN"},
 * {@code "Infinity"} and {@code "-Infinity"} Jackson writes for non-finite values (so {@code -0.0}
 * and NaN round-trip, except that {@code -0.0} read through a tree, see {@link #decodeTree}, is
 * {@code 0.0}), but not a literal too large for it. {@code null} is never a primitive's
 * value; empty input and trailing data are errors. A record component missing from stored data is
 * an error unless it is an {@code Optional} (read as empty) or annotated {@code @Nullable} (any
 * annotation of that name; read as {@code null}); properties the record no longer has are ignored,
 * so a component can be removed without breaking old checkpoints. Values of type {@code Object}
 * are read as plain JSON: strings, booleans, {@code null}, {@code Integer}/{@code Long}/{@code
 * BigInteger}, {@code Double}, maps and lists. A {@code null} element of a list or value of a map is
 * data, kept as it was written.
 */
public final class JsonSerde {
    private static final JsonSerde STANDARD = new JsonSerde(SerdeLimits.DEFAULT);

    private final SerdeLimits limits;
    private final JsonMapper mapper;
    private final ObjectReader treeReader;
    /** Reads untyped JSON keeping every digit (see {@link #exactPlain}). */
    private final ObjectReader exactReader;

    private final TypeFactory types;
    private final Map<ValueType, JavaType> javaTypes = new ConcurrentHashMap<>();
    private final Map<JavaType, ObjectReader> readers = new ConcurrentHashMap<>();
    private final Map<JavaType, ObjectWriter> writers = new ConcurrentHashMap<>();

    /**
     * Creates a serde.
     *
     * @param limits the decoding bounds
     */
    public JsonSerde(SerdeLimits limits) {
        this(limits, List.of());
    }

    /**
     * Creates a serde that also reads and writes the given sealed interfaces by their tags.
     *
     * @param limits the decoding bounds
     * @param sealed the sealed types of a graph's schemas, as generated code declares them
     */
    public JsonSerde(SerdeLimits limits, List<SealedType> sealed) {
        this(limits, sealed, List.of());
    }

    /**
     * Creates a serde that also reads and writes the given sealed interfaces by their tags, and the
     * types of the given codecs with them.
     *
     * @param limits the decoding bounds
     * @param sealed the sealed types of a graph's schemas, as generated code declares them
     * @param codecs the codecs of a graph's schemas, at most one per type
     */
    public JsonSerde(SerdeLimits limits, List<SealedType> sealed, List<ValueCodec<?>> codecs) {
        this.limits = limits;
        this.mapper = Strictness.mapper(limits, new SealedTypes(sealed), Codecs.module(codecs));
        // Trees keep every decimal digit, so that a value read through a tree (inputs, sends,
        // interrupts) is as exact as one read straight from its bytes.
        this.treeReader = mapper.reader().with(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);
        this.exactReader = mapper.readerFor(Object.class).with(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);
        this.types = mapper.getTypeFactory();
    }

    /**
     * The serde with {@link SerdeLimits#DEFAULT}.
     *
     * @return the shared instance
     */
    public static JsonSerde standard() {
        return STANDARD;
    }

    /**
     * The limits this serde decodes within.
     *
     * @return the limits
     */
    public SerdeLimits limits() {
        return limits;
    }

    /**
     * Encodes a value as its declared type.
     *
     * @param type the declared type
     * @param value the value
     * @return JSON bytes
     * @throws SerdeException if the value cannot be written
     */
    public byte[] encode(ValueType type, Object value) {
        byte[] plain = PlainJson.tryEncode(value);
        if (plain != null) {
            return plain;
        }
        try {
            return writer(javaType(type)).writeValueAsBytes(value);
        } catch (JacksonException e) {
            throw new SerdeException("cannot write a " + type + ": " + e.getOriginalMessage(), e);
        }
    }

    /**
     * Decodes a value as its declared type, streaming from the bytes.
     *
     * @param type the declared type
     * @param data JSON bytes
     * @return the value; {@code null} only if the data is JSON {@code null} and the type is not
     *     primitive
     * @throws SerdeException if the data does not match the type or exceeds the limits
     */
    public Object decode(ValueType type, byte[] data) {
        return decode(type, data, 0, data.length);
    }

    /**
     * Decodes a value as its declared type from part of an array.
     *
     * @param type the declared type
     * @param data holds the JSON bytes
     * @param offset where they start
     * @param length how many there are
     * @return the value, as {@link #decode(ValueType, byte[])}
     * @throws SerdeException if the data does not match the type or exceeds the limits
     */
    public Object decode(ValueType type, byte[] data, int offset, int length) {
        return decode(type, data, offset, length, null);
    }

    /**
     * Decodes a value as its declared type from part of an array, spending its tokens from a budget
     * shared with the other values read with it.
     *
     * @param type the declared type
     * @param data holds the JSON bytes
     * @param offset where they start
     * @param length how many there are
     * @param budget what the values read together may hold, or {@code null} for this value's limits
     *     only
     * @return the value, as {@link #decode(ValueType, byte[])}
     * @throws SerdeException if the data does not match the type or exceeds the limits or the budget
     */
    public Object decode(ValueType type, byte[] data, int offset, int length, DecodeBudget budget) {
        checkSize(length);
        try (JsonParser p = mapper.createParser(data, offset, length)) {
            Object value = checkNull(type, reader(javaType(type)).readValue(p));
            if (p.nextToken() != null) {
                throw new SerdeException(
                        "stored data is not a valid " + type + ": Trailing token after the value", null);
            }
            spend(budget, p);
            return value;
        } catch (JacksonException e) {
            throw Strictness.mismatch(type, e, limits);
        }
    }

    /**
     * Decodes a JSON array whose elements are each of the declared type, streaming: no tree of the
     * whole array is built.
     *
     * @param element the declared type of each element
     * @param data JSON bytes of an array
     * @return the elements, in order
     * @throws SerdeException if the data is not such an array or exceeds the limits
     */
    public List<Object> decodeArray(ValueType element, byte[] data) {
        return decodeArray(element, data, null);
    }

    /**
     * Decodes a JSON array as {@link #decodeArray(ValueType, byte[])}, spending its tokens from a
     * budget shared with the other values read with it.
     *
     * @param element the declared type of each element
     * @param data JSON bytes of an array
     * @param budget what the values read together may hold, or {@code null}
     * @return the elements, in order
     * @throws SerdeException if the data is not such an array or exceeds the limits or the budget
     */
    public List<Object> decodeArray(ValueType element, byte[] data, DecodeBudget budget) {
        checkSize(data.length);
        // Each element is one value among several in the document: no trailing-token check.
        ObjectReader reader = reader(javaType(element)).without(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
        try (JsonParser p = mapper.createParser(data)) {
            if (p.nextToken() != JsonToken.START_ARRAY) {
                throw new SerdeException("stored data is not an array of " + element, null);
            }
            List<Object> out = new ArrayList<>();
            while (p.nextToken() != JsonToken.END_ARRAY) {
                out.add(checkNull(element, reader.readValue(p)));
            }
            if (p.nextToken() != null) {
                throw new SerdeException("stored data has more after its array of " + element, null);
            }
            spend(budget, p);
            return out;
        } catch (JacksonException e) {
            throw Strictness.mismatch(element, e, limits);
        }
    }

    private static void spend(DecodeBudget budget, JsonParser p) {
        if (budget != null) {
            budget.spend(p.currentTokenCount());
        }
    }

    private static Object checkNull(ValueType type, Object value) {
        if (value == null && type.primitive()) {
            throw new SerdeException("stored data is not a valid " + type + ": null", null);
        }
        return value;
    }

    /**
     * Converts a value to a JSON tree as its declared type.
     *
     * @param type the declared type
     * @param value the value
     * @return the tree
     */
    public JsonNode toTree(ValueType type, Object value) {
        JsonNode direct = DirectTree.of(this, type, value);
        return direct != null ? direct : decodeTree(encode(type, value));
    }

    /** The writer of a declared type, for {@link DirectTree}. */
    ObjectWriter writerOf(ValueType type) {
        return writer(javaType(type));
    }

    /**
     * Encodes a value as its declared type into bytes that decode within the limits, so that a run
     * never stores what it could not read back. The bytes are checked by streaming through their
     * tokens, building nothing, unless they are too few to break a limit (no string can be longer,
     * no nesting deeper and no token count higher than the bytes).
     *
     * @param type the declared type
     * @param value the value
     * @return JSON bytes
     * @throws SerdeException if the value cannot be written or would not decode within the limits
     */
    public byte[] encodeChecked(ValueType type, Object value) {
        byte[] data = encode(type, value);
        if (data.length <= Math.min(Math.min(limits.maxNestingDepth(), limits.maxStringLength()), limits.maxTokens())) {
            return data;
        }
        checkSize(data.length);
        try (JsonParser p = mapper.createParser(data)) {
            for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                if (t == JsonToken.VALUE_STRING) {
                    // The parser checks a string's length only once its text is read, not when it
                    // skips past it: read it, so that a too-long string fails here, not on reading back.
                    p.getString();
                }
            }
        } catch (JacksonException e) {
            throw Strictness.mismatch(type, e, limits);
        }
        return data;
    }

    /**
     * Reads a value of the declared type from a JSON tree.
     *
     * @param type the declared type
     * @param node the tree
     * @return the value
     */
    public Object fromTree(ValueType type, JsonNode node) {
        // Through bytes, so that a tree's numbers are read as the type wants them (a decimal node
        // is a Double where the type is Object) and the same strict rules apply as from storage.
        return decode(type, encodeTree(node));
    }

    /**
     * Converts any value to a JSON tree by its own class, for values whose type is not declared
     * (interrupt payloads, resume values). Reading such a tree never instantiates a class: see
     * {@link #plain(JsonNode)}.
     *
     * @param value the value
     * @return the tree
     */
    public JsonNode untypedTree(Object value) {
        try {
            return mapper.valueToTree(value);
        } catch (JacksonException e) {
            throw new SerdeException(
                    "cannot write a " + value.getClass().getSimpleName() + ": " + e.getOriginalMessage(), e);
        }
    }

    /**
     * Reads a tree as plain JSON values: strings, numbers, booleans, {@code null}, maps and lists.
     *
     * @param node the tree
     * @return the value
     */
    public Object plain(JsonNode node) {
        return fromTree(ValueType.of(Object.class), node);
    }

    /**
     * Reads JSON bytes as plain values that keep every digit: decimals as {@code BigDecimal} (their
     * scale too: {@code 120.50} stays {@code 120.50}), integers as {@code Integer}, {@code Long} or
     * {@code BigInteger} by size; strings, booleans, {@code null}, maps and lists otherwise. What a
     * store answers, so that a value put comes back as it was.
     *
     * @param json the bytes
     * @return the value
     * @throws SerdeException if the bytes are not JSON within the limits
     */
    public Object exactPlain(byte[] json) {
        checkSize(json.length);
        try {
            return exactReader.readValue(json);
        } catch (JacksonException e) {
            throw new SerdeException("cannot read JSON: " + e.getOriginalMessage(), e);
        }
    }

    /**
     * Encodes a JSON tree.
     *
     * @param node the tree
     * @return JSON bytes
     */
    public byte[] encodeTree(JsonNode node) {
        return mapper.writeValueAsBytes(node);
    }

    /**
     * Decodes a JSON tree, within the limits. Fractions are kept as decimals, digit for digit; the
     * one value a decimal cannot hold is a negative zero, which a tree reads as {@code 0.0}.
     *
     * @param data JSON bytes
     * @return the tree
     */
    public JsonNode decodeTree(byte[] data) {
        return decodeTree(data, null);
    }

    /**
     * Decodes a JSON tree as {@link #decodeTree(byte[])}, spending its tokens from a budget shared
     * with the other values read with it.
     *
     * @param data JSON bytes
     * @param budget what the values read together may hold, or {@code null}
     * @return the tree
     */
    public JsonNode decodeTree(byte[] data, DecodeBudget budget) {
        checkSize(data.length);
        if (data.length == 0) {
            throw new SerdeException("stored data is empty, not JSON", null);
        }
        try (JsonParser p = mapper.createParser(data)) {
            JsonNode tree = treeReader.readTree(p);
            if (p.nextToken() != null) {
                throw new SerdeException("stored data is not valid JSON: Trailing token after the value", null);
            }
            spend(budget, p);
            return tree;
        } catch (JacksonException e) {
            throw Strictness.mismatch(null, e, limits);
        }
    }

    /**
     * A factory for building trees.
     *
     * @return the node factory
     */
    public JsonNodeFactory nodes() {
        return mapper.getNodeFactory();
    }

    /**
     * The type of a list of the given element type.
     *
     * @param element the element type
     * @return {@code List<element>}
     */
    public static ValueType listOf(ValueType element) {
        return ValueType.of(List.class, element);
    }

    private void checkSize(int length) {
        if (length > limits.maxBytes()) {
            throw new SerdeException(
                    "stored value of " + length + " bytes exceeds SerdeLimits.maxBytes = " + limits.maxBytes(), null);
        }
    }

    private JavaType javaType(ValueType t) {
        JavaType cached = javaTypes.get(t);
        if (cached != null) {
            return cached;
        }
        JavaType built;
        if (t.arguments().isEmpty()) {
            // Not constructType(Class): that overload takes a reflection Type, which NoReflectionTest bans.
            built = types.constructParametricType(t.raw(), TypeBindings.emptyBindings());
        } else {
            JavaType[] args = t.arguments().stream().map(this::javaType).toArray(JavaType[]::new);
            built = types.constructParametricType(t.raw(), args);
        }
        javaTypes.put(t, built);
        return built;
    }

    private ObjectReader reader(JavaType t) {
        return readers.computeIfAbsent(t, mapper::readerFor);
    }

    private ObjectWriter writer(JavaType t) {
        return writers.computeIfAbsent(t, mapper::writerFor);
    }
}
