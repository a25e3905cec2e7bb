package dev.switchboard.server.wire;

import dev.switchboard.runtime.GraphSchema;
import dev.switchboard.runtime.serde.JsonSerde;
import dev.switchboard.runtime.serde.SerdeLimits;
import dev.switchboard.runtime.serde.ValueCodec;
import dev.switchboard.runtime.serde.ValueType;
import dev.switchboard.runtime.serde.WireCodec;
import dev.switchboard.runtime.serde.WireValue;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * How one graph's values look to API clients: the graph's own serde (its sealed types and codecs),
 * except that a codec which is also a {@link WireCodec} writes and reads its client form, so that
 * chat messages are LangGraph message JSON on the wire in every graph that holds them, whatever
 * the channel is called. Values that are no channel's (task inputs, custom payloads, streamed
 * chunks) are written by their class, a {@link WireValue} as its client form.
 */
public final class ClientForms {
    private final JsonSerde serde;
    private final List<WireCodec<?>> wireCodecs = new ArrayList<>();

    /**
     * The client forms of a graph's values.
     *
     * @param schema the graph's schema (its sealed types and codecs)
     */
    public ClientForms(GraphSchema schema) {
        List<ValueCodec<?>> codecs = new ArrayList<>();
        for (ValueCodec<?> c : schema.codecs()) {
            if (c instanceof WireCodec<?> w) {
                wireCodecs.add(w);
                codecs.add(clientSide(w));
            } else {
                codecs.add(c);
            }
        }
        this.serde = new JsonSerde(SerdeLimits.DEFAULT, schema.sealedTypes(), codecs);
    }

    /**
     * A value of a declared type in its client form.
     *
     * @param type the declared type
     * @param value the value, or null
     * @return the JSON
     */
    public JsonNode write(ValueType type, Object value) {
        return value == null ? Json.MAPPER.nullNode() : serde.toTree(type, value);
    }

    /**
     * A value of a declared type read from its client form.
     *
     * @param type the declared type
     * @param json the JSON
     * @return the value
     */
    public Object read(ValueType type, JsonNode json) {
        return serde.fromTree(type, json);
    }

    /**
     * A value of no declared type, by its class.
     *
     * @param value the value, or null
     * @return the JSON
     */
    public JsonNode write(Object value) {
        if (value == null) {
            return Json.MAPPER.nullNode();
        }
        if (value instanceof WireValue w) {
            return w.toWire(JsonNodeFactory.instance);
        }
        return serde.untypedTree(value);
    }

    /**
     * Whether a channel of this type holds chat messages: one, or a list of them.
     *
     * @param type the channel's type
     * @return true for messages
     */
    public boolean holdsMessages(ValueType type) {
        Class<?> raw = type.raw();
        if (List.class.isAssignableFrom(raw) && type.arguments().size() == 1) {
            raw = type.arguments().get(0).raw();
        }
        for (WireCodec<?> w : wireCodecs) {
            if (w.chatMessages() && w.type().isAssignableFrom(raw)) {
                return true;
            }
        }
        return false;
    }

    private static <T> ValueCodec<T> clientSide(WireCodec<T> w) {
        return new ValueCodec<>() {
            @Override
            public Class<T> type() {
                return w.type();
            }

            @Override
            public JsonNode encode(T value, JsonNodeFactory nodes) {
                return w.toWire(value, nodes);
            }

            @Override
            public T decode(JsonNode node) {
                return w.fromWire(node);
            }
        };
    }
}
