package dev.switchboard.server.wire;

import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * State as the thread-centric streaming protocol shows it ({@code values} and {@code updates}
 * events): LangGraph's message JSON trimmed to what the protocol's transcript model has (type,
 * content, id, name; a tool message's call id, status and artifact; an AI message's tool calls,
 * each typed {@code tool_call}, and its invalid ones; response metadata when it has any), and no
 * {@code __interrupt__} key, since pauses are {@code input.requested} events there. Other values
 * pass unchanged. Pure JSON, so it shapes values however a graph's messages were encoded.
 */
public final class ProtocolState {
    private static final Set<String> MESSAGE_TYPES =
            Set.of("human", "user", "ai", "assistant", "system", "tool", "function", "remove");
    private static final Map<String, String> ALIASES = Map.of("assistant", "ai", "user", "human");

    private ProtocolState() {}

    /**
     * A values or updates payload in the protocol's shape.
     *
     * @param value the payload in LangGraph's client form
     * @return a new tree; the argument is not changed
     */
    public static JsonNode normalize(JsonNode value) {
        if (value == null) {
            return Json.object();
        }
        if (value.isArray()) {
            ArrayNode out = Json.array();
            value.forEach(v -> out.add(isMessage(v) ? message(v) : normalize(v)));
            return out;
        }
        if (!value.isObject()) {
            return value;
        }
        ObjectNode out = Json.object();
        for (Map.Entry<String, JsonNode> e : value.properties()) {
            if (!e.getKey().equals("__interrupt__")) {
                out.set(e.getKey(), normalize(e.getValue()));
            }
        }
        return out;
    }

    /**
     * Whether a JSON value is a LangGraph message (an object whose {@code type} is a message role).
     *
     * @param v the value
     * @return true for a message
     */
    public static boolean isMessage(JsonNode v) {
        return v != null
                && v.isObject()
                && MESSAGE_TYPES.contains(v.path("type").asString(""));
    }

    /**
     * One message in the protocol's shape.
     *
     * @param m a LangGraph message
     * @return the trimmed message
     */
    public static ObjectNode message(JsonNode m) {
        String type = m.path("type").asString();
        type = ALIASES.getOrDefault(type, type);
        ObjectNode out = Json.object();
        out.put("type", type);
        out.set(
                "content",
                m.has("content")
                        ? m.get("content")
                        : Json.MAPPER.getNodeFactory().stringNode(""));
        copyText(m, out, "id");
        copyText(m, out, "name");
        JsonNode meta = m.get("response_metadata");
        if (meta != null && meta.isObject() && !meta.isEmpty()) {
            out.set("response_metadata", meta);
        }
        if ((type.equals("ai") || type.equals("human")) && m.path("example").isBoolean()) {
            out.set("example", m.get("example"));
        }
        if (type.equals("tool")) {
            copyText(m, out, "tool_call_id");
            String status = m.path("status").asString("");
            if (status.equals("success") || status.equals("error")) {
                out.put("status", status);
            }
            if (m.has("artifact")) {
                out.set("artifact", m.get("artifact"));
            }
        }
        if (type.equals("ai")) {
            toolCalls(m, out);
        }
        return out;
    }

    private static void toolCalls(JsonNode m, ObjectNode out) {
        JsonNode calls = m.get("tool_calls");
        ArrayNode valid = Json.array();
        if (calls != null && calls.isArray()) {
            for (JsonNode c : calls) {
                ObjectNode call = Json.object();
                copyText(c, call, "id");
                copyText(c, call, "name");
                JsonNode args = c.get("args");
                call.set("args", args == null || args.isNull() ? Json.object() : args);
                call.put("type", "tool_call");
                valid.add(call);
            }
        }
        if (!valid.isEmpty()) {
            out.set("tool_calls", valid);
        }
        JsonNode invalid = m.get("invalid_tool_calls");
        if (invalid != null && invalid.isArray() && !invalid.isEmpty()) {
            out.set("invalid_tool_calls", invalid);
        }
    }

    private static void copyText(JsonNode from, ObjectNode to, String field) {
        JsonNode v = from.get(field);
        if (v != null && v.isString()) {
            to.set(field, v);
        }
    }
}
