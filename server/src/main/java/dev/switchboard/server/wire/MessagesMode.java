package dev.switchboard.server.wire;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * LangGraph Server's {@code messages} stream mode, built as LangGraph.js builds it from the run's
 * values and token chunks: a message that appears in the root graph's state for the first time
 * (an input message, a node's reply) is a {@code messages/complete} event; the first chunk of a
 * streamed message announces it with {@code messages/metadata} ({@code {id: {metadata}}}), and
 * every chunk sends {@code messages/partial} with the message accumulated so far. A chunk without
 * an id is skipped, as LangGraph skips it. Not thread-safe: one per run.
 */
public final class MessagesMode {
    private final List<String> channels;
    private final BiConsumer<String, JsonNode> sink;
    private final Set<String> completed = new HashSet<>();
    private final Map<String, ObjectNode> streamed = new HashMap<>();

    /**
     * The messages mode of one run.
     *
     * @param channels the channels holding chat messages
     * @param sink receives each event's name and data
     */
    public MessagesMode(List<String> channels, BiConsumer<String, JsonNode> sink) {
        this.channels = channels;
        this.sink = sink;
    }

    /**
     * The root graph's values after a step: messages not seen complete before.
     *
     * @param values the values in their client form
     */
    public void complete(ObjectNode values) {
        ArrayNode fresh = Json.array();
        for (String channel : channels) {
            JsonNode v = values.get(channel);
            if (v != null && v.isArray()) {
                v.forEach(m -> addIfNew(m, fresh));
            } else if (v != null) {
                addIfNew(v, fresh);
            }
        }
        if (!fresh.isEmpty()) {
            sink.accept("messages/complete", fresh);
        }
    }

    private void addIfNew(JsonNode message, ArrayNode fresh) {
        String id = message.isObject() ? Json.text(message, "id") : null;
        if (id != null && completed.add(id)) {
            fresh.add(message);
        }
    }

    /**
     * A streamed chunk: its message so far.
     *
     * @param chunk the chunk in its client form
     * @param metadata LangGraph's metadata of the chunk
     */
    public void partial(JsonNode chunk, ObjectNode metadata) {
        String id = chunk.isObject() ? Json.text(chunk, "id") : null;
        if (id == null) {
            return;
        }
        ObjectNode sofar = streamed.get(id);
        if (sofar == null) {
            sofar = ((ObjectNode) chunk).deepCopy();
            streamed.put(id, sofar);
            ObjectNode announce = Json.object();
            announce.putObject(id).set("metadata", metadata);
            sink.accept("messages/metadata", announce);
        } else {
            concat(sofar, chunk);
        }
        sink.accept("messages/partial", Json.array().add(sofar.deepCopy()));
    }

    /** LangChain's chunk concatenation, for text contents: texts join, a non-text content replaces. */
    private static void concat(ObjectNode sofar, JsonNode chunk) {
        JsonNode before = sofar.get("content");
        JsonNode more = chunk.get("content");
        if (more == null) {
            return;
        }
        if (before != null && before.isString() && more.isString()) {
            sofar.put("content", before.asString() + more.asString());
        } else {
            sofar.set("content", more);
        }
    }
}
