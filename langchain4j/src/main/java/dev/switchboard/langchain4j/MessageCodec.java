package dev.switchboard.langchain4j;

import dev.switchboard.runtime.serde.SerdeException;
import dev.switchboard.runtime.serde.WireCodec;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Stores a {@link Message} as {@code {"id": ..., "message": <chat message>}}, the chat message in
 * {@link ChatMessageCodec}'s form, or a removal as {@code {"id": ..., "remove": true}}. Registered
 * for {@link Message} by its {@code @Codec}; users need not name it. For LangGraph's clients
 * (Switchboard's server) messages are {@link LangGraphMessageJson}, and removals LangGraph's
 * {@code {"type": "remove", "id": ...}}.
 */
public final class MessageCodec implements WireCodec<Message> {
    private static final ChatMessageCodec CHAT = new ChatMessageCodec();

    /** Creates the codec; it is stateless. */
    public MessageCodec() {}

    @Override
    public Class<Message> type() {
        return Message.class;
    }

    @Override
    public JsonNode encode(Message m, JsonNodeFactory nodes) {
        ObjectNode o = nodes.objectNode();
        if (m.id() != null) {
            o.put("id", m.id());
        }
        if (m.isRemoval()) {
            o.put("remove", true);
        } else {
            o.set("message", CHAT.encode(m.chat(), nodes));
        }
        return o;
    }

    @Override
    public Message decode(JsonNode node) {
        StoredJson.object(node, "message");
        String id = StoredJson.optionalString(node, "id", "message");
        JsonNode remove = node.get("remove");
        if (remove != null && remove.isBoolean() && remove.asBoolean()) {
            if (id == null) {
                throw new SerdeException("stored message removal has no \"id\"", null);
            }
            return Message.remove(id);
        }
        if (remove != null) {
            throw new SerdeException("stored message has a \"remove\" that is not true", null);
        }
        var chat = CHAT.decode(node.get("message"));
        return id == null ? Message.of(chat) : Message.of(id, chat);
    }

    @Override
    public JsonNode toWire(Message m, JsonNodeFactory nodes) {
        return LangGraphMessageJson.encode(m);
    }

    @Override
    public Message fromWire(JsonNode node) {
        try {
            return LangGraphMessageJson.decode(node);
        } catch (IllegalArgumentException e) {
            throw new SerdeException(e.getMessage(), e);
        }
    }

    @Override
    public boolean chatMessages() {
        return true;
    }
}
