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

    private static final List<String> STRATEGIES = List.of("reject", "rollback", "interrupt", "enqueue");
    private static final List<String> MODES = List.of(
            "values",
            "messages",
            "messages-tuple",
            "updates",
            "events",
            "tasks",
            "checkpoints",
            "debug",
            "custom",
            "tools");

    /**
     * Parses and validates a run request body.
     *
     * @param body the body
     * @param temporary whether the run is stateless
     * @return the request
     */
    public static RunRequest parse(ObjectNode body, boolean temporary) {
        String assistant = Fields.string(body, "assistant_id");
        if (assistant == null) {
            throw ApiException.invalidType(List.of("assistant_id"), "string", body.path("assistant_id"));
        }
        ObjectNode config = Fields.object(body, "config");
        Fields.strings(config, "tags");
        JsonNode command = body.get("command");
        if (command != null && !command.isNull() && !command.isObject()) {
            throw ApiException.invalidType(List.of("command"), "object", command);
        }
        return new RunRequest(
                assistant,
                body.has("input") ? body.get("input") : Json.MAPPER.nullNode(),
                command == null || command.isNull() ? null : command,
                streamModes(body.get("stream_mode")),
                MultitaskStrategy.parse(Fields.oneOf(body, "multitask_strategy", STRATEGIES, "reject")),
                nodes(body.get("interrupt_before"), "interrupt_before"),
                nodes(body.get("interrupt_after"), "interrupt_after"),
                Fields.object(config, "configurable"),
                Fields.integer(config, List.of("config", "recursion_limit"), 1, Integer.MAX_VALUE),
                body.has("context") && !body.get("context").isNull() ? body.get("context") : Json.object(),
                Fields.object(body, "metadata"),
                checkpointId(body),
                Fields.oneOf(body, "if_not_exists", List.of("reject", "create"), "reject"),
                Boolean.TRUE.equals(Fields.bool(body, "stream_subgraphs")),
                Boolean.TRUE.equals(Fields.bool(body, "stream_resumable")),
                Fields.oneOf(body, "on_disconnect", List.of("cancel", "continue"), "continue"),
                temporary);
    }

    /**
     * Whether the client's disconnect from this run's own stream cancels the run ({@code on_disconnect}).
     *
     * @return true for {@code on_disconnect: "cancel"}
     */
    public boolean cancelOnDisconnect() {
        return onDisconnect.equals("cancel");
    }

    private static String checkpointId(ObjectNode body) {
        String id = Fields.string(body, "checkpoint_id");
        ObjectNode cp = Fields.object(body, "checkpoint");
        if (id == null) {
            JsonNode inner = cp.get("checkpoint_id");
            if (inner != null && !inner.isNull() && !inner.isString()) {
                throw ApiException.invalidType(List.of("checkpoint", "checkpoint_id"), "string", inner);
            }
            id = inner == null || inner.isNull() ? null : inner.asString();
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
        return Fields.object(body, field);
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
        if (n == null || n.isNull() || n.isString() && allowed.contains(n.asString())) {
            return n == null || n.isNull() ? dflt : n.asString(); // no sorted list made but for the error
        }
        return Fields.oneOf(body, field, sorted(allowed), dflt);
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
        for (int i = 0; i < items.size(); i++) {
            JsonNode m = items.get(i);
            if (!m.isString() || !STREAM_MODES.contains(m.asString())) {
                throw ApiException.invalidEnum(
                        n.isArray() ? List.of("stream_mode", i) : List.of("stream_mode"), MODES, m);
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
            if (!n.asString().equals("*")) {
                throw ApiException.invalidEnum(List.of(field), List.of("*"), n);
            }
            return List.of("*"); // every node
        }
        if (!n.isArray()) {
            throw ApiException.invalidType(List.of(field), "array", n);
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n.size(); i++) {
            if (!n.get(i).isString()) {
                throw ApiException.invalidType(List.of(field, i), "string", n.get(i));
            }
            out.add(n.get(i).asString());
        }
        return out;
    }

    private static List<String> sorted(Set<String> s) {
        return s.stream().sorted().toList();
    }
}
