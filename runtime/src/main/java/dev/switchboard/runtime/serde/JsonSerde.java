package dev.switchboard.runtime.serde;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.jsontype.BasicPolymorphicTypeValidator;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.type.TypeBindings;
import tools.jackson.databind.type.TypeFactory;

/**
 * Jackson, configured so that only declared types are ever read: no default typing, and a
 * polymorphic type validator that allows no class named in data (so even a user type annotated
 * with {@code @JsonTypeInfo(use = CLASS)} cannot be abused). Values are read with the
 * {@link ValueType} of their channel; size and nesting are bounded by {@link SerdeLimits}.
 * Thread-safe; readers and writers are cached per type.
 */
public final class JsonSerde {
    private static final JsonSerde STANDARD = new JsonSerde(SerdeLimits.DEFAULT);

    private final SerdeLimits limits;
    private final JsonMapper mapper;
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
        this.limits = limits;
        JsonFactory factory = JsonFactory.builder()
                .streamReadConstraints(StreamReadConstraints.builder()
                        .maxDocumentLength(limits.maxBytes())
                        .maxNestingDepth(limits.maxNestingDepth())
                        .maxStringLength(limits.maxStringLength())
                        .build())
                .build();
        this.mapper = JsonMapper.builder(factory)
                .annotationIntrospector(new SealedTypes(sealed))
                .polymorphicTypeValidator(
                        BasicPolymorphicTypeValidator.builder().build())
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .build();
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
     * Decodes a value as its declared type.
     *
     * @param type the declared type
     * @param data JSON bytes
     * @return the value
     * @throws SerdeException if the data does not match the type or exceeds the limits
     */
    public Object decode(ValueType type, byte[] data) {
        checkSize(data.length);
        try {
            return reader(javaType(type)).readValue(data);
        } catch (JacksonException e) {
            throw new SerdeException("stored data is not a valid " + type + ": " + e.getOriginalMessage(), e);
        }
    }

    /**
     * Converts a value to a JSON tree as its declared type.
     *
     * @param type the declared type
     * @param value the value
     * @return the tree
     */
    public JsonNode toTree(ValueType type, Object value) {
        return decodeTree(encode(type, value));
    }

    /**
     * Encodes a value as its declared type into bytes that decode within the limits: the same
     * acceptance as {@code encodeTree(toTree(type, value))}, without the tree when the bytes are too
     * few to break a limit (no string can be longer, and no nesting deeper, than the bytes).
     *
     * @param type the declared type
     * @param value the value
     * @return JSON bytes
     * @throws SerdeException if the value cannot be written or would not decode within the limits
     */
    public byte[] encodeChecked(ValueType type, Object value) {
        byte[] data = encode(type, value);
        if (data.length <= Math.min(limits.maxNestingDepth(), limits.maxStringLength())) {
            return data;
        }
        return encodeTree(decodeTree(data));
    }

    /**
     * Reads a value of the declared type from a JSON tree.
     *
     * @param type the declared type
     * @param node the tree
     * @return the value
     */
    public Object fromTree(ValueType type, JsonNode node) {
        try {
            return reader(javaType(type)).readValue(node);
        } catch (JacksonException e) {
            throw new SerdeException("stored data is not a valid " + type + ": " + e.getOriginalMessage(), e);
        }
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
     * Encodes a JSON tree.
     *
     * @param node the tree
     * @return JSON bytes
     */
    public byte[] encodeTree(JsonNode node) {
        return mapper.writeValueAsBytes(node);
    }

    /**
     * Decodes a JSON tree, within the limits.
     *
     * @param data JSON bytes
     * @return the tree
     */
    public JsonNode decodeTree(byte[] data) {
        checkSize(data.length);
        try {
            return mapper.readTree(data);
        } catch (JacksonException e) {
            throw new SerdeException("stored data is not valid JSON: " + e.getOriginalMessage(), e);
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
                    "stored value of " + length + " bytes exceeds the limit of " + limits.maxBytes() + " bytes", null);
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
