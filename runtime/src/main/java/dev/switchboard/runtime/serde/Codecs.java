package dev.switchboard.runtime.serde;

import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.BeanDescription;
import tools.jackson.databind.DeserializationConfig;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.module.SimpleDeserializers;
import tools.jackson.databind.module.SimpleModule;
import tools.jackson.databind.module.SimpleSerializers;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * Plugs {@link ValueCodec}s into Jackson: a serializer for each codec's type (Jackson finds it for
 * subclasses and implementations too) and a deserializer for the type and any declared subtype of
 * it, which checks that what the codec read is of the declared type.
 */
final class Codecs {
    private Codecs() {}

    static SimpleModule module(List<ValueCodec<?>> codecs) {
        SimpleSerializers serializers = new SimpleSerializers();
        codecs.forEach(c -> add(serializers, c));
        return new SimpleModule("switchboard-codecs")
                .setSerializers(serializers)
                .setDeserializers(new BySupertype(codecs));
    }

    private static <T> void add(SimpleSerializers serializers, ValueCodec<T> codec) {
        serializers.addSerializer(codec.type(), new Writer<>(codec));
    }

    private static final class Writer<T> extends ValueSerializer<T> {
        private final ValueCodec<T> codec;

        Writer(ValueCodec<T> codec) {
            this.codec = codec;
        }

        @Override
        public void serialize(T value, JsonGenerator g, SerializationContext ctxt) {
            g.writeTree(codec.encode(value, JsonNodeFactory.instance));
        }
    }

    private static final class Reader extends ValueDeserializer<Object> {
        private final ValueCodec<?> codec;
        private final Class<?> declared;

        Reader(ValueCodec<?> codec, Class<?> declared) {
            this.codec = codec;
            this.declared = declared;
        }

        @Override
        public Object deserialize(JsonParser p, DeserializationContext ctxt) throws JacksonException {
            JsonNode tree = ctxt.readTree(p);
            Object value = codec.decode(tree);
            if (!declared.isInstance(value)) {
                throw new SerdeException(
                        "stored data is a " + value.getClass().getSimpleName() + ", not a " + declared.getSimpleName(),
                        null);
            }
            return value;
        }
    }

    /** Finds the codec whose type is the declared type or one of its supertypes. */
    private static final class BySupertype extends SimpleDeserializers {
        private static final long serialVersionUID = 1L;
        // Never serialized: lives and dies with its mapper.
        private final transient List<ValueCodec<?>> codecs;

        BySupertype(List<ValueCodec<?>> codecs) {
            this.codecs = List.copyOf(codecs);
        }

        @Override
        public ValueDeserializer<?> findBeanDeserializer(
                JavaType type, DeserializationConfig config, BeanDescription.Supplier beanDesc) {
            ValueCodec<?> codec = find(type.getRawClass());
            return codec == null ? null : new Reader(codec, type.getRawClass());
        }

        @Override
        public boolean hasDeserializerFor(DeserializationConfig config, Class<?> valueType) {
            return find(valueType) != null;
        }

        private ValueCodec<?> find(Class<?> raw) {
            for (ValueCodec<?> c : codecs) {
                if (c.type().isAssignableFrom(raw)) {
                    return c;
                }
            }
            return null;
        }
    }
}
