package dev.switchboard.client;

import java.util.Locale;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The two JSON-RPC bindings of A2A an agent may speak: v1.0 ({@code SendMessage}, {@code
 * ROLE_USER}, {@code TASK_STATE_WORKING}, parts as {@code {"text": ...}}, results wrapped as
 * {@code {"task": ...}}) and v0.3 ({@code message/send}, {@code user}, {@code working}, parts with a
 * {@code kind}, results bare with a {@code kind}). Answers are read into one shape for {@link
 * A2aTask}.
 */
enum A2aDialect {
    V1_0("SendMessage", "SendStreamingMessage", "GetTask", "CancelTask"),
    V0_3("message/send", "message/stream", "tasks/get", "tasks/cancel");

    final String send;
    final String stream;
    final String get;
    final String cancel;

    A2aDialect(String send, String stream, String get, String cancel) {
        this.send = send;
        this.stream = stream;
        this.get = get;
        this.cancel = cancel;
    }

    /** The dialect of an interface or card's protocol version: 0.x is v0.3, anything else v1.0. */
    static A2aDialect of(String protocolVersion) {
        return protocolVersion != null && protocolVersion.startsWith("0.") ? V0_3 : V1_0;
    }

    String userRole() {
        return this == V1_0 ? "ROLE_USER" : "user";
    }

    ObjectNode textPart(String text) {
        ObjectNode p = Http.object();
        if (this == V0_3) {
            p.put("kind", "text");
        }
        return p.put("text", text);
    }

    ObjectNode dataPart(JsonNode data) {
        ObjectNode p = Http.object();
        if (this == V0_3) {
            p.put("kind", "data");
        }
        p.set("data", data);
        return p;
    }

    /** A task state in either spelling, as {@link A2aTask.State}. */
    static A2aTask.State state(String wire) {
        String s = wire == null ? "" : wire.toLowerCase(Locale.ROOT);
        s = s.startsWith("task_state_") ? s.substring("task_state_".length()) : s;
        return switch (s.replace('_', '-')) {
            case "submitted" -> A2aTask.State.SUBMITTED;
            case "working" -> A2aTask.State.WORKING;
            case "input-required" -> A2aTask.State.INPUT_REQUIRED;
            case "auth-required" -> A2aTask.State.AUTH_REQUIRED;
            case "completed" -> A2aTask.State.COMPLETED;
            case "failed" -> A2aTask.State.FAILED;
            case "canceled", "cancelled" -> A2aTask.State.CANCELED;
            case "rejected" -> A2aTask.State.REJECTED;
            default -> A2aTask.State.UNKNOWN;
        };
    }

    /**
     * What a result (or stream event) holds: a task, a message, a status update or an artifact
     * update, whichever the dialect wraps it in.
     */
    static String kind(JsonNode result) {
        if (result.has("kind")) {
            return result.get("kind").asString();
        }
        for (String k : new String[] {"task", "message", "statusUpdate", "artifactUpdate"}) {
            if (result.has(k)) {
                return switch (k) {
                    case "statusUpdate" -> "status-update";
                    case "artifactUpdate" -> "artifact-update";
                    default -> k;
                };
            }
        }
        return result.has("status") ? "task" : "message";
    }

    /** The object inside a result: v1.0 wraps it in a field named after its kind. */
    static JsonNode unwrap(JsonNode result) {
        for (String k : new String[] {"task", "message", "statusUpdate", "artifactUpdate"}) {
            if (result.has(k) && result.get(k).isObject()) {
                return result.get(k);
            }
        }
        return result;
    }
}
