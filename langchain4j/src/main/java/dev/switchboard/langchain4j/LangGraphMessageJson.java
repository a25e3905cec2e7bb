package dev.switchboard.langchain4j;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.Content;
import dev.langchain4j.data.message.ImageContent;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Converts {@link Message}s to and from LangGraph's message JSON, the form LangGraph's server, its
 * SDKs and its UIs put on the wire: {@code type} ({@code human}, {@code ai}, {@code system}, {@code
 * tool}), {@code content}, {@code id}, {@code tool_calls} ({@code name}, {@code args}, {@code id})
 * and {@code tool_call_id}, with LangChain's empty {@code additional_kwargs} and {@code
 * response_metadata}. Reading also accepts LangChain's {@code {role, content}} dicts ({@code
 * user}, {@code assistant}, {@code developer} as a system message), as LangGraph's {@code
 * add_messages} coerces them; any other role is an {@link IllegalArgumentException} naming the
 * roles accepted; a bare string is a human message and a {@code [role, content]} pair a dict, as
 * LangChain coerces message-likes. A human message's text and image content blocks (as agent-chat-ui
 * sends them) become its contents; any other content that is not a string is kept as its JSON text.
 * Streamed tokens become LangChain {@code AIMessageChunk}s through {@link #chunk(MessageChunk)}. A
 * removal is LangGraph's {@code RemoveMessage}: {@code {"type": "remove", "id": ...}}.
 */
public final class LangGraphMessageJson {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final JsonMapper MAPPER = JsonMapper.builder().build();
    /** The attribute of an {@code AiMessage} that holds LangChain's message {@code name}. */
    public static final String NAME = "name";

    /**
     * The attribute of a human or AI message that holds the content blocks a client sent (their
     * JSON text), written back as the message's {@code content}: LangGraph keeps a list content as
     * it came, and so do clients that read it back (agent-chat-ui draws its blocks).
     */
    public static final String CONTENT = "lc_content";

    private static final List<String> ROLES =
            List.of("ai", "assistant", "developer", "human", "system", "tool", "user");

    private LangGraphMessageJson() {}

    /**
     * The LangGraph JSON of a message.
     *
     * @param m the message or removal
     * @return its LangGraph JSON
     */
    public static ObjectNode encode(Message m) {
        ObjectNode o = base(m.id());
        if (m.isRemoval()) {
            return o.put("type", "remove").put("content", "");
        }
        ChatMessage chat = m.chat();
        if (chat instanceof UserMessage u) {
            o.put("type", "human").set("content", userContent(u));
            if (u.name() != null) {
                o.put("name", u.name());
            }
            // Attributes are LangChain's additional_kwargs (lc_source of a summary, for example).
            u.attributes().forEach((k, v) -> {
                if (!k.equals(CONTENT)) {
                    ((ObjectNode) o.get("additional_kwargs")).putPOJO(k, v);
                }
            });
        } else if (chat instanceof AiMessage a) {
            ai(o, a);
        } else if (chat instanceof SystemMessage s) {
            o.put("type", "system").put("content", s.text());
        } else if (chat instanceof ToolExecutionResultMessage t) {
            o.put("type", "tool").put("content", t.text()).put("tool_call_id", t.id());
            o.put("name", t.toolName());
            o.put("status", Boolean.TRUE.equals(t.isError()) ? "error" : "success");
        } else {
            throw new IllegalArgumentException("a " + chat.type() + " message has no LangGraph wire form");
        }
        return o;
    }

    /**
     * A streamed token as LangChain's {@code AIMessageChunk}.
     *
     * @param c the token; its message id becomes the chunk's id
     * @return the chunk's LangGraph JSON
     */
    public static ObjectNode chunk(MessageChunk c) {
        ObjectNode o = base(c.messageId());
        o.put("type", "ai").put("content", c.text());
        o.putArray("invalid_tool_calls");
        o.putArray("tool_call_chunks");
        o.putArray("tool_calls");
        return o;
    }

    /**
     * Reads LangGraph message JSON, a {@code {role, content}} dict, a {@code [role, content]} pair
     * or a string (a human message) into a message; {@code id} is kept when present (the reducer
     * assigns one otherwise).
     *
     * @param node the JSON
     * @return the message
     * @throws IllegalArgumentException when it is none of these, its role cannot be coerced, a
     *     removal has no id, or a field read as text ({@code type}, {@code id}, ...) is an object or array
     */
    public static Message decode(JsonNode node) {
        if (node != null && node.isString()) {
            return Message.of(UserMessage.from(node.asString()));
        }
        if (node != null && node.isArray() && node.size() == 2 && node.get(0).isString()) {
            return decode(NODES.objectNode().put("role", node.get(0).asString()).set("content", node.get(1)));
        }
        if (node == null || !node.isObject()) {
            throw new IllegalArgumentException(
                    "a message must be a string, a [role, content] pair or a JSON object with \"type\" or \"role\"");
        }
        String role = text(node, "type");
        if (role == null) {
            role = text(node, "role");
        }
        if ("remove".equals(role)) {
            String id = text(node, "id");
            if (id == null) {
                throw new IllegalArgumentException(
                        "a removal (type \"remove\") needs the \"id\" of the message to remove");
            }
            return Message.remove(id);
        }
        String content = content(node.get("content"));
        ChatMessage chat = switch (role == null ? "" : role) {
            case "human", "user" -> human(node.get("content"), content);
            case "ai", "assistant" -> readAi(node, content);
            case "system", "developer" -> SystemMessage.from(content);
            case "tool" ->
                ToolExecutionResultMessage.builder()
                        .id(text(node, "tool_call_id"))
                        .toolName(text(node, "name"))
                        .text(content)
                        .isError("error".equals(text(node, "status")) ? Boolean.TRUE : null)
                        .build();
            default ->
                throw new IllegalArgumentException(
                        "cannot coerce a message with role \"" + role + "\": the roles accepted are " + ROLES);
        };
        String id = text(node, "id");
        return id == null ? Message.of(chat) : Message.of(id, chat);
    }

    private static ObjectNode base(String id) {
        ObjectNode o = NODES.objectNode();
        o.putObject("additional_kwargs");
        o.putObject("response_metadata");
        if (id != null) {
            o.put("id", id);
        }
        return o;
    }

    private static void ai(ObjectNode o, AiMessage a) {
        o.put("type", "ai").put("content", a.text() == null ? "" : a.text());
        if (a.attributes().get(CONTENT) instanceof String blocks) {
            o.set("content", MAPPER.readTree(blocks));
        }
        if (a.attributes().get(NAME) instanceof String name) {
            o.put(NAME, name); // the name of the agent that wrote it, as LangChain's createAgent sets it
        }
        o.putArray("invalid_tool_calls");
        ArrayNode calls = o.putArray("tool_calls");
        if (a.hasToolExecutionRequests()) {
            for (ToolExecutionRequest r : a.toolExecutionRequests()) {
                ObjectNode call = calls.addObject().put("name", r.name());
                call.set("args", args(r.arguments()));
                call.put("id", r.id()).put("type", "tool_call");
            }
        }
    }

    /** LangChain4j keeps arguments as a JSON string; LangGraph shows them parsed. */
    private static JsonNode args(String arguments) {
        if (arguments == null || arguments.isBlank()) {
            return NODES.objectNode();
        }
        try {
            return MAPPER.readTree(arguments);
        } catch (RuntimeException e) {
            return NODES.stringNode(arguments);
        }
    }

    private static JsonNode userContent(UserMessage u) {
        if (u.attributes().get(CONTENT) instanceof String blocks) {
            return MAPPER.readTree(blocks);
        }
        if (u.hasSingleText()) {
            return NODES.stringNode(u.singleText());
        }
        ArrayNode blocks = NODES.arrayNode();
        for (Content c : u.contents()) {
            if (c instanceof TextContent t) {
                blocks.addObject().put("type", "text").put("text", t.text());
            } else if (c instanceof ImageContent i && i.image().url() != null) {
                blocks.addObject()
                        .put("type", "image_url")
                        .putObject("image_url")
                        .put("url", i.image().url().toString());
            }
        }
        return blocks;
    }

    private static AiMessage readAi(JsonNode node, String content) {
        List<ToolExecutionRequest> requests = new ArrayList<>();
        JsonNode calls = node.get("tool_calls");
        if (calls != null && calls.isArray()) {
            for (JsonNode call : calls) {
                JsonNode args = call.get("args");
                requests.add(ToolExecutionRequest.builder()
                        .id(text(call, "id"))
                        .name(text(call, "name"))
                        .arguments(
                                args == null || args.isNull()
                                        ? "{}"
                                        : args.isString() ? args.asString() : args.toString())
                        .build());
            }
        }
        String name = text(node, NAME);
        Map<String, Object> attributes = new java.util.LinkedHashMap<>();
        if (name != null) {
            attributes.put(NAME, name);
        }
        JsonNode blocks = node.get("content");
        String text = content;
        if (blocks != null && blocks.isArray()) {
            attributes.put(CONTENT, blocks.toString()); // kept for clients; the model reads the text blocks
            StringBuilder joined = new StringBuilder();
            blocks.forEach(b -> {
                if (b.isObject()
                        && "text".equals(text(b, "type"))
                        && b.path("text").isString()) {
                    joined.append(b.get("text").asString());
                }
            });
            text = joined.toString();
        }
        return AiMessage.builder()
                .text(text.isEmpty() && !requests.isEmpty() ? null : text)
                .toolExecutionRequests(requests)
                .attributes(attributes)
                .build();
    }

    /**
     * A human message; LangChain's content blocks ({@code [{"type": "text", "text": ...}, {"type":
     * "image_url", ...}]}, as agent-chat-ui sends them) become text and image contents. Content of any
     * other shape is kept as its JSON text.
     */
    private static UserMessage human(JsonNode c, String asText) {
        if (c == null || !c.isArray() || c.isEmpty()) {
            return UserMessage.from(asText);
        }
        List<Content> parts = new ArrayList<>();
        for (JsonNode block : c) {
            Content part = part(block);
            if (part == null) {
                parts = List.of(TextContent.from(asText)); // a block of another kind: the model reads the JSON
                break;
            }
            parts.add(part);
        }
        // the blocks as sent go back to clients as they came
        return UserMessage.builder()
                .contents(parts)
                .attributes(Map.of(CONTENT, c.toString()))
                .build();
    }

    /**
     * A content block as LangChain4j content: {@code text}, {@code image_url} (a URL or a data URL),
     * or LangChain's standard {@code image} block ({@code source_type} {@code url} or {@code
     * base64} with its {@code mime_type}); null for any other.
     */
    private static Content part(JsonNode block) {
        String type = block.isObject() ? text(block, "type") : null;
        if ("text".equals(type) && block.path("text").isString()) {
            return TextContent.from(block.get("text").asString());
        }
        String url = "image_url".equals(type) ? imageUrl(block) : null;
        if ("image".equals(type)) {
            url = "base64".equals(text(block, "source_type"))
                            && block.path("data").isString()
                    ? "data:"
                            + (block.path("mime_type").isString()
                                    ? block.get("mime_type").asString()
                                    : "image/png") + ";base64,"
                            + block.get("data").asString()
                    : text(block, "url");
        }
        if (url == null) {
            return null;
        }
        if (url.startsWith("data:") && url.contains(";base64,")) {
            int comma = url.indexOf(";base64,");
            return ImageContent.from(url.substring(comma + 8), url.substring(5, comma));
        }
        return ImageContent.from(url);
    }

    private static String imageUrl(JsonNode block) {
        JsonNode url = block.get("image_url");
        if (url != null && url.isObject()) {
            url = url.get("url");
        }
        return url != null && url.isString() ? url.asString() : null;
    }

    /** A string content as is; other content (blocks, objects) JSON-encoded, as the chat graph reads it. */
    private static String content(JsonNode c) {
        if (c == null || c.isNull()) {
            return "";
        }
        return c.isString() ? c.asString() : c.toString();
    }

    private static String text(JsonNode node, String field) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        if (v.isContainer()) {
            // Jackson's own coercion error names neither the field nor the message.
            throw new IllegalArgumentException("a message's \"" + field + "\" must be a string, not " + v);
        }
        return v.asString();
    }
}
