package dev.switchboard.server.wire;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A validated run request body ({@code POST /threads/{id}/runs}, {@code /runs/wait}, {@code
 * /runs/stream}, ...): every enumerated field is checked here, so a bad value is a 400 before
 * anything is written.
 *
 * @param assistantId the assistant or graph id
 * @param input the input, JSON null when absent
 * @param command the command, or null
 * @param streamModes the stream modes asked for, {@code values} by default
 * @param multitaskStrategy what a run on a busy thread does
 * @param interruptBefore breakpoints before nodes
 * @param interruptAfter breakpoints after nodes
 * @param configurable the config's configurable values
 * @param recursionLimit the recursion limit, or null for the default
 * @param context the run context
 * @param metadata the run's metadata
 * @param checkpointId the checkpoint to start from, or null
 * @param ifNotExists {@code reject} or {@code create} for an unknown thread
 * @param subgraphs whether subgraph events are streamed
 * @param streamResumable whether the stream can be rejoined
 * @param onDisconnect {@code cancel} or {@code continue}
 * @param temporary whether the run is stateless (its thread is deleted after it)
 */
public record RunRequest(
        String assistantId,
        JsonNode input,
        JsonNode command,
        Set<String> streamModes,
        MultitaskStrategy multitaskStrategy,
        List<String> interruptBefore,
        List<String> interruptAfter,
        ObjectNode configurable,
        Integer recursionLimit,
        JsonNode context,
        ObjectNode metadata,
        String checkpointId,
        String ifNotExists,
        boolean subgraphs,
        boolean streamResumable,
        String onDisconnect,
        boolean temporary) {

    /** The stream modes LangGraph Server knows. */
    public static final Set<String> STREAM_MODES = Set.of(
            "values",
            "messages",
            "messages-tuple",
            "updates",
            "events",
            "debug",
            "tasks",
            "checkpoints",
            "custom",
            "tools");

    private static final Set<String> STRATEGIES = Set.of("reject", "rollback", "interrupt", "enqueue");

    /**
     * Parses and validates a run request body.
     *
     * @param body the body
     * @param temporary whether the run is stateless
     * @return the request
     */
    public static RunRequest parse(ObjectNode body, boolean temporary) {
        String assistant = Json.text(body, "assistant_id");
        if (assistant == null) {
            throw ApiException.invalid("assistant_id", "assistant_id is required");
        }
        ObjectNode config = objectOrEmpty(body, "config");
        JsonNode limit = config.get("recursion_limit");
        return new RunRequest(
                assistant,
                body.has("input") ? body.get("input") : Json.MAPPER.nullNode(),
                nullToAbsent(body.get("command")),
                streamModes(body.get("stream_mode")),
                MultitaskStrategy.parse(oneOf(body, "multitask_strategy", STRATEGIES, "reject")),
                nodes(body.get("interrupt_before"), "interrupt_before"),
                nodes(body.get("interrupt_after"), "interrupt_after"),
                objectOrEmpty(config, "configurable"),
                limit == null || limit.isNull() ? null : limit.asInt(),
                body.has("context") && !body.get("context").isNull() ? body.get("context") : Json.object(),
                objectOrEmpty(body, "metadata"),
                checkpointId(body),
                oneOf(body, "if_not_exists", Set.of("reject", "create"), "reject"),
                body.path("stream_subgraphs").asBoolean(false),
                bool(body, "stream_resumable"),
                oneOf(body, "on_disconnect", Set.of("cancel", "continue"), "continue"),
                temporary);
    }

    private static boolean bool(JsonNode body, String field) {
        JsonNode n = body.get(field);
        if (n == null || n.isNull()) {
            return false;
        }
        if (!n.isBoolean()) {
            throw ApiException.invalid(field, field + " must be true or false, was " + n);
        }
        return n.asBoolean();
    }

    /**
     * Whether the client's disconnect from this run's own stream cancels the run ({@code on_disconnect}).
     *
     * @return true for {@code on_disconnect: "cancel"}
     */
    public boolean cancelOnDisconnect() {
        return onDisconnect.equals("cancel");
    }

    private static JsonNode nullToAbsent(JsonNode n) {
        return n == null || n.isNull() ? null : n;
    }

    private static String checkpointId(ObjectNode body) {
        String id = Json.text(body, "checkpoint_id");
        JsonNode cp = body.get("checkpoint");
        if (id == null && cp != null && cp.isObject()) {
            id = Json.text(cp, "checkpoint_id");
        }
        return id;
    }

    /**
     * The object at {@code field}, a copy; empty when absent or null, a 400 when not an object.
     *
     * @param body the body
     * @param field the field
     * @return the object
     */
    public static ObjectNode objectOrEmpty(JsonNode body, String field) {
        JsonNode n = body.get(field);
        if (n == null || n.isNull()) {
            return Json.object();
        }
        if (!n.isObject()) {
            throw ApiException.invalid(field, field + " must be an object");
        }
        return (ObjectNode) n.deepCopy();
    }

    /**
     * The string at {@code field}, one of {@code allowed}; a 400 otherwise.
     *
     * @param body the body
     * @param field the field
     * @param allowed the values allowed
     * @param dflt the value when absent or null
     * @return the value
     */
    public static String oneOf(JsonNode body, String field, Set<String> allowed, String dflt) {
        JsonNode n = body.get(field);
        if (n == null || n.isNull()) {
            return dflt;
        }
        if (!n.isString() || !allowed.contains(n.asString())) {
            throw ApiException.invalid(field, field + " must be one of " + sorted(allowed) + ", was " + n);
        }
        return n.asString();
    }

    private static Set<String> streamModes(JsonNode n) {
        Set<String> out = new LinkedHashSet<>();
        if (n == null || n.isNull()) {
            out.add("values");
            return out;
        }
        List<JsonNode> items = new ArrayList<>();
        if (n.isArray()) {
            n.forEach(items::add);
        } else {
            items.add(n);
        }
        for (JsonNode m : items) {
            if (!m.isString() || !STREAM_MODES.contains(m.asString())) {
                throw ApiException.invalid(
                        "stream_mode", "stream_mode must be among " + sorted(STREAM_MODES) + ", was " + m);
            }
            out.add(m.asString());
        }
        return out;
    }

    private static List<String> nodes(JsonNode n, String field) {
        if (n == null || n.isNull()) {
            return List.of();
        }
        if (n.isString()) {
            return List.of(n.asString()); // "*": every node
        }
        if (!n.isArray()) {
            throw ApiException.invalid(field, field + " must be a list of node names or \"*\"");
        }
        List<String> out = new ArrayList<>();
        n.forEach(x -> out.add(x.asString()));
        return out;
    }

    private static List<String> sorted(Set<String> s) {
        return s.stream().sorted().toList();
    }
}
