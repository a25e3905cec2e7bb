package dev.switchboard.server.runs;

import dev.switchboard.server.wire.Json;
import dev.switchboard.server.wire.ProtocolState;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The protocol's {@code messages} channel: each streamed message as {@code message-start}, then
 * its content blocks one after the other ({@code content-block-start}, deltas, {@code
 * content-block-finish}, never interleaved), then {@code message-finish}. Text and reasoning
 * tokens are appended ({@code text-delta}, {@code reasoning-delta}); a tool call's arguments
 * streamed in slices are sent as the arguments so far ({@code block-delta}, which replaces them,
 * so clients of every protocol version assemble them alike), and its finished block is the parsed
 * {@code tool_call}. A message ends when its node's update arrives (tool calls the model did not
 * stream are taken from the message it returned) or its task ends. An AI message a node returned
 * without streaming it is sent whole, as LangGraph sends it. Events are in the namespace of the
 * node's task ({@code node:taskId}), as LangGraph's chat model runs are.
 */
final class ProtocolMessages {
    private final List<String> channels;
    private final ProtocolMapper.Sink sink;
    private final Consumer<List<String>> enter;
    /** The messages being streamed, by id. */
    private final Map<String, Streaming> open = new LinkedHashMap<>();
    /** The ids of messages sent (streamed or whole), never sent again. */
    private final Set<String> sent = new HashSet<>();

    /** A message being streamed: where, and its blocks so far. */
    private static final class Streaming {
        final List<String> ns;
        final String node;
        final List<ObjectNode> blocks = new ArrayList<>();
        /** The block being streamed, or -1. */
        int current = -1;

        Streaming(List<String> ns, String node) {
            this.ns = ns;
            this.node = node;
        }
    }

    ProtocolMessages(List<String> channels, ProtocolMapper.Sink sink, Consumer<List<String>> enter) {
        this.channels = channels;
        this.sink = sink;
        this.enter = enter;
    }

    /** A streamed chunk (LangGraph's {@code AIMessageChunk} JSON) of the task at {@code ns}. */
    void chunk(List<String> ns, String node, JsonNode chunk) {
        String id = chunk.isObject() ? Json.text(chunk, "id") : null;
        if (id == null) {
            id = "run-" + ns.get(ns.size() - 1);
        }
        Streaming m = open.get(id);
        if (m == null) {
            if (sent.contains(id)) {
                return;
            }
            enter.accept(ns);
            m = new Streaming(ns, node);
            open.put(id, m);
            sent.add(id);
            send(m, Json.object().put("event", "message-start").put("id", id));
        }
        JsonNode content = chunk.isObject() ? chunk.get("content") : chunk;
        if (content != null && content.isString() && !content.asString().isEmpty()) {
            text(m, "text", content.asString());
        } else if (content != null && content.isArray()) {
            for (JsonNode block : content) {
                block(m, block);
            }
        }
        JsonNode calls = chunk.isObject() ? chunk.get("tool_call_chunks") : null;
        if (calls != null && calls.isArray()) {
            for (JsonNode c : calls) {
                toolChunk(m, c);
            }
        }
    }

    private void block(Streaming m, JsonNode block) {
        String type = block.path("type").asString("");
        switch (type) {
            case "text" -> text(m, "text", block.path("text").asString(""));
            case "reasoning" -> text(m, "reasoning", block.path("reasoning").asString(""));
            case "thinking" -> text(m, "reasoning", block.path("thinking").asString(""));
            case "tool_call_chunk" -> toolChunk(m, block);
            default -> whole(m, block);
        }
    }

    /** Appends a text or reasoning token, starting a block of that kind when the current one is another. */
    private void text(Streaming m, String kind, String token) {
        if (token.isEmpty()) {
            return;
        }
        ObjectNode b = current(m);
        if (b == null || !b.path("type").asString().equals(kind)) {
            b = start(m, Json.object().put("type", kind).put(kind, ""));
        }
        b.put(kind, b.path(kind).asString() + token);
        ObjectNode delta = Json.object().put("type", kind + "-delta").put(kind, token);
        send(
                m,
                Json.object()
                        .put("event", "content-block-delta")
                        .put("index", m.current)
                        .set("delta", delta));
    }

    /** A slice of a tool call: a new call (an id, or a new index) starts a block; its arguments grow. */
    private void toolChunk(Streaming m, JsonNode c) {
        ObjectNode b = current(m);
        String id = Json.text(c, "id");
        boolean same = b != null
                && b.path("type").asString().equals("tool_call_chunk")
                && (id == null || id.equals(Json.text(b, "id")));
        String args = c.path("args").isString() ? c.path("args").asString() : "";
        if (!same) {
            ObjectNode fresh = Json.object().put("type", "tool_call_chunk");
            if (id != null) {
                fresh.put("id", id);
            }
            String name = Json.text(c, "name");
            if (name != null) {
                fresh.put("name", name);
            }
            fresh.put("args", args);
            start(m, fresh);
            return;
        }
        if (args.isEmpty()) {
            return;
        }
        b.put("args", b.path("args").asString() + args);
        ObjectNode fields = Json.object()
                .put("type", "tool_call_chunk")
                .put("args", b.path("args").asString());
        ObjectNode delta = Json.object().put("type", "block-delta").set("fields", fields);
        send(
                m,
                Json.object()
                        .put("event", "content-block-delta")
                        .put("index", m.current)
                        .set("delta", delta));
    }

    /** A block with no streaming form (an image, a finished tool call): started and finished at once. */
    private void whole(Streaming m, JsonNode block) {
        if (!block.isObject()) {
            return;
        }
        start(m, ((ObjectNode) block).deepCopy());
        finishBlock(m);
    }

    private ObjectNode current(Streaming m) {
        return m.current < 0 ? null : m.blocks.get(m.current);
    }

    /** Finishes the current block and starts {@code block} as the next one. */
    private ObjectNode start(Streaming m, ObjectNode block) {
        finishBlock(m);
        m.blocks.add(block);
        m.current = m.blocks.size() - 1;
        ObjectNode startForm = block.deepCopy();
        String type = block.path("type").asString();
        if (type.equals("text") || type.equals("reasoning")) {
            startForm.put(type, "");
        }
        send(
                m,
                Json.object()
                        .put("event", "content-block-start")
                        .put("index", m.current)
                        .set("content", startForm));
        return block;
    }

    private void finishBlock(Streaming m) {
        ObjectNode b = current(m);
        if (b == null) {
            return;
        }
        send(
                m,
                Json.object()
                        .put("event", "content-block-finish")
                        .put("index", m.current)
                        .set("content", finished(b)));
        m.current = -1;
    }

    /** A block's finished form: a tool call chunk becomes a {@code tool_call} with parsed arguments. */
    private static JsonNode finished(ObjectNode b) {
        if (!b.path("type").asString().equals("tool_call_chunk")) {
            return b;
        }
        String args = b.path("args").asString("");
        ObjectNode call = Json.object();
        try {
            JsonNode parsed = args.isBlank() ? Json.object() : Json.parse(args);
            call.put("type", "tool_call");
            call.set("id", b.get("id"));
            call.set("name", b.get("name"));
            call.set("args", parsed.isObject() ? parsed : Json.object());
        } catch (RuntimeException e) {
            call.put("type", "invalid_tool_call");
            call.set("id", b.get("id"));
            call.set("name", b.get("name"));
            call.put("args", args);
            call.put("error", "Failed to parse tool call arguments as JSON");
        }
        return call;
    }

    /**
     * A node's update: its streamed messages finish (with the tool calls of the message it returned
     * that were not streamed), and its AI messages that were not streamed are sent whole.
     */
    void finish(List<String> ns, String node, ObjectNode writes) {
        for (String channel : channels) {
            JsonNode v = writes.get(channel);
            List<JsonNode> list = new ArrayList<>();
            if (v != null && v.isArray()) {
                v.forEach(list::add);
            } else if (v != null && v.isObject()) {
                list.add(v);
            }
            for (JsonNode message : list) {
                returned(ns, node, message);
            }
        }
        finishAll(ns);
    }

    private void returned(List<String> ns, String node, JsonNode message) {
        String id = Json.text(message, "id");
        String type = message.path("type").asString("");
        if (id == null || !ProtocolState.isMessage(message) || type.equals("tool") || type.equals("remove")) {
            return;
        }
        Streaming m = open.get(id);
        if (m == null) {
            if (!sent.add(id)) {
                return;
            }
            enter.accept(ns);
            m = new Streaming(ns, node);
            open.put(id, m);
            ObjectNode startEvent = Json.object().put("event", "message-start").put("id", id);
            if (!type.equals("ai")) {
                startEvent.put("role", type.equals("user") ? "human" : type);
            }
            send(m, startEvent);
            JsonNode content = message.get("content");
            if (content != null && content.isString()) {
                text(m, "text", content.asString());
            } else if (content != null && content.isArray()) {
                for (JsonNode b : content) {
                    block(m, b);
                }
            }
        }
        Set<String> streamedCalls = new HashSet<>();
        for (ObjectNode b : m.blocks) {
            if (b.has("id")) {
                streamedCalls.add(b.path("id").asString());
            }
        }
        for (JsonNode call : message.path("tool_calls")) {
            String callId = Json.text(call, "id");
            if (callId == null || !streamedCalls.contains(callId)) {
                ObjectNode chunk = Json.object().put("type", "tool_call_chunk");
                chunk.set("id", call.get("id"));
                chunk.set("name", call.get("name"));
                chunk.put("args", new String(Json.bytes(call.path("args")), java.nio.charset.StandardCharsets.UTF_8));
                start(m, chunk);
            }
        }
    }

    /** Finishes the open messages streamed in {@code ns}, or all of them when null. */
    void finishAll(List<String> ns) {
        Iterator<Map.Entry<String, Streaming>> it = open.entrySet().iterator();
        while (it.hasNext()) {
            Streaming m = it.next().getValue();
            if (ns == null || m.ns.equals(ns)) {
                finishBlock(m);
                send(m, Json.object().put("event", "message-finish").put("reason", "stop"));
                it.remove();
            }
        }
    }

    private void send(Streaming m, ObjectNode data) {
        sink.send("messages", m.ns, null, data);
    }
}
