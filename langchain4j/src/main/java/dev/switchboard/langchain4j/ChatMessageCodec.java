package dev.switchboard.langchain4j;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.CustomMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.switchboard.runtime.serde.SerdeException;
import dev.switchboard.runtime.serde.WireCodec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Stores LangChain4j chat messages in the JSON shape of LangChain4j's own {@code
 * ChatMessageSerializer}, under a closed set of {@code "type"} tags: {@code SYSTEM} (text), {@code
 * USER} (name, text and image contents), {@code AI} (text, thinking, tool execution requests),
 * {@code TOOL_EXECUTION_RESULT} (id, tool name, text, error flag) and {@code CUSTOM} (attributes as
 * plain JSON). Reading builds only these LangChain4j classes: an unknown tag, or a property of the
 * wrong JSON type, is a {@link SerdeException}. Attributes of AI messages are stored as plain JSON
 * and read back as strings, numbers, booleans, maps and lists. Audio, video and PDF contents have
 * no stored form yet: writing one fails. Put {@code @Codec(ChatMessageCodec.class)} on a state
 * component holding bare {@code ChatMessage}s; {@link Message} uses it already. For LangGraph's
 * clients (Switchboard's server) they are {@link LangGraphMessageJson} without an id.
 */
public final class ChatMessageCodec implements WireCodec<ChatMessage> {
    private static final String WHAT = "chat message";
    private static final List<String> TAGS = List.of("AI", "CUSTOM", "SYSTEM", "TOOL_EXECUTION_RESULT", "USER");

    /** Creates the codec; it is stateless. */
    public ChatMessageCodec() {}

    @Override
    public Class<ChatMessage> type() {
        return ChatMessage.class;
    }

    @Override
    public JsonNode encode(ChatMessage m, JsonNodeFactory nodes) {
        ObjectNode o = nodes.objectNode();
        if (m instanceof SystemMessage s) {
            o.put("text", s.text());
        } else if (m instanceof UserMessage u) {
            UserContents.write(u, o);
        } else if (m instanceof AiMessage a) {
            writeAi(a, o);
        } else if (m instanceof ToolExecutionResultMessage t) {
            writeToolResult(t, o);
        } else if (m instanceof CustomMessage c) {
            o.set("attributes", o.pojoNode(c.attributes()));
        } else {
            throw new SerdeException(
                    "cannot store a " + m.getClass().getName() + ": " + WHAT + "s stored are " + TAGS
                            + " (SystemMessage, UserMessage, AiMessage, ToolExecutionResultMessage, CustomMessage)",
                    null);
        }
        o.put("type", m.type().name());
        return o;
    }

    private static void writeAi(AiMessage a, ObjectNode o) {
        if (a.text() != null) {
            o.put("text", a.text());
        }
        if (a.thinking() != null) {
            o.put("thinking", a.thinking());
        }
        if (a.hasToolExecutionRequests()) {
            ArrayNode requests = o.putArray("toolExecutionRequests");
            for (ToolExecutionRequest r : a.toolExecutionRequests()) {
                requests.addObject().put("id", r.id()).put("name", r.name()).put("arguments", r.arguments());
            }
        }
        if (!a.attributes().isEmpty()) {
            o.set("attributes", o.pojoNode(a.attributes()));
        }
    }

    private static void writeToolResult(ToolExecutionResultMessage t, ObjectNode o) {
        o.put("id", t.id()).put("toolName", t.toolName()).put("text", t.text());
        if (t.isError() != null) {
            o.put("isError", t.isError());
        }
    }

    @Override
    public ChatMessage decode(JsonNode node) {
        StoredJson.object(node, WHAT);
        String tag = StoredJson.string(node, "type", WHAT);
        return switch (tag) {
            case "SYSTEM" -> SystemMessage.from(StoredJson.string(node, "text", "SYSTEM message"));
            case "USER" -> UserContents.read(node);
            case "AI" -> readAi(node);
            case "TOOL_EXECUTION_RESULT" -> readToolResult(node);
            case "CUSTOM" -> CustomMessage.from(StoredJson.plainObject(node, "attributes", "CUSTOM message"));
            default ->
                throw new SerdeException(
                        "stored " + WHAT + " has unknown type \"" + tag + "\"; known types are " + TAGS, null);
        };
    }

    private static AiMessage readAi(JsonNode node) {
        List<ToolExecutionRequest> requests = new ArrayList<>();
        for (JsonNode r : StoredJson.array(node, "toolExecutionRequests", "AI message")) {
            StoredJson.object(r, "tool execution request");
            requests.add(ToolExecutionRequest.builder()
                    .id(StoredJson.optionalString(r, "id", "tool execution request"))
                    .name(StoredJson.string(r, "name", "tool execution request"))
                    .arguments(StoredJson.optionalString(r, "arguments", "tool execution request"))
                    .build());
        }
        Map<String, Object> attributes = StoredJson.plainObject(node, "attributes", "AI message");
        return AiMessage.builder()
                .text(StoredJson.optionalString(node, "text", "AI message"))
                .thinking(StoredJson.optionalString(node, "thinking", "AI message"))
                .toolExecutionRequests(requests)
                .attributes(attributes)
                .build();
    }

    private static ToolExecutionResultMessage readToolResult(JsonNode node) {
        String what = "TOOL_EXECUTION_RESULT message";
        JsonNode error = node.get("isError");
        if (error != null && !error.isBoolean() && !error.isNull()) {
            throw new SerdeException("stored " + what + " has an \"isError\" that is not a boolean", null);
        }
        return ToolExecutionResultMessage.builder()
                .id(StoredJson.optionalString(node, "id", what))
                .toolName(StoredJson.optionalString(node, "toolName", what))
                .text(StoredJson.string(node, "text", what))
                .isError(error == null || error.isNull() ? null : error.asBoolean())
                .build();
    }

    @Override
    public JsonNode toWire(ChatMessage m, JsonNodeFactory nodes) {
        return LangGraphMessageJson.encode(Message.of(m));
    }

    @Override
    public ChatMessage fromWire(JsonNode node) {
        Message m;
        try {
            m = LangGraphMessageJson.decode(node);
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new SerdeException(e.getMessage(), e);
        }
        if (m.isRemoval()) {
            // A bare ChatMessage has no id to remove by: the removal would become a null message.
            throw new SerdeException(
                    "a removal (type \"remove\") needs a state of Message, whose messages have ids;"
                            + " this state holds bare ChatMessages",
                    null);
        }
        return m.chat();
    }

    @Override
    public boolean chatMessages() {
        return true;
    }
}
