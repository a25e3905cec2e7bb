package dev.switchboard.server.a2a;

import dev.switchboard.server.wire.Json;
import java.util.Locale;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The two spellings of A2A's JSON-RPC binding, chosen by the method a client calls (as Agent
 * Server does): v1.0 ({@code SendMessage}, {@code ROLE_AGENT}, {@code TASK_STATE_COMPLETED}, parts
 * as {@code {"text": ...}}, {@code SendMessage} answering {@code {"task": ...}}) and v0.3 ({@code
 * message/send}, {@code agent}, {@code completed}, parts and objects with a {@code kind}, answers
 * bare).
 */
enum Dialect {
    V1_0,
    V0_3;

    /** The dialect of a method, or null for a method of neither. */
    static Dialect of(String method) {
        return switch (method) {
            case "SendMessage",
                    "SendStreamingMessage",
                    "GetTask",
                    "CancelTask",
                    "ListTasks",
                    "SubscribeToTask",
                    "GetExtendedAgentCard" -> V1_0;
            case "message/send",
                    "message/stream",
                    "tasks/get",
                    "tasks/cancel",
                    "tasks/resubscribe",
                    "agent/getAuthenticatedExtendedCard" -> V0_3;
            default ->
                method.startsWith("tasks/pushNotificationConfig/")
                        ? V0_3
                        : method.endsWith("TaskPushNotificationConfig")
                                        || method.endsWith("TaskPushNotificationConfigs")
                                ? V1_0
                                : null;
        };
    }

    /** A task state, given in v0.3's spelling ({@code input-required}), in this dialect's. */
    String state(String state) {
        return this == V0_3
                ? state
                : "TASK_STATE_" + state.toUpperCase(Locale.ROOT).replace('-', '_');
    }

    /** The method that reads a task, in this dialect. */
    String getTask() {
        return this == V0_3 ? "tasks/get" : "GetTask";
    }

    String agentRole() {
        return this == V0_3 ? "agent" : "ROLE_AGENT";
    }

    String userRole() {
        return this == V0_3 ? "user" : "ROLE_USER";
    }

    ObjectNode text(String text) {
        ObjectNode p = Json.object();
        if (this == V0_3) {
            p.put("kind", "text");
        }
        return p.put("text", text);
    }

    ObjectNode data(JsonNode data) {
        ObjectNode p = Json.object();
        if (this == V0_3) {
            p.put("kind", "data");
        }
        p.set("data", data);
        return p;
    }

    /** An object of a kind ({@code task}, {@code message}, {@code status-update}...), marked in v0.3. */
    ObjectNode kind(String kind) {
        ObjectNode o = Json.object();
        if (this == V0_3) {
            o.put("kind", kind);
        }
        return o;
    }

    /**
     * A result as {@code SendMessage} and the stream answer it: v1.0 wraps it in a field named after
     * its kind, v0.3 gives it bare.
     */
    JsonNode wrap(String kind, ObjectNode value) {
        if (this == V0_3) {
            return value;
        }
        String field = switch (kind) {
            case "status-update" -> "statusUpdate";
            case "artifact-update" -> "artifactUpdate";
            default -> kind;
        };
        return Json.object().set(field, value);
    }

    /** Whether a role names the user, in either spelling. */
    static boolean isUser(String role) {
        return "user".equalsIgnoreCase(role) || "ROLE_USER".equals(role);
    }
}
