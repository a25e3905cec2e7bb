package dev.switchboard.client;

import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * An A2A task as an agent last described it, in either protocol version: its id, context, state,
 * the status message (what an {@code input-required} task asks) and the artifacts (its results).
 * A reply that was a bare message (no task) reads as a completed task whose one artifact is that
 * message.
 *
 * @param json the task's JSON (v1.0 or v0.3 spelling), whole
 */
public record A2aTask(JsonNode json) {

    /** The states of an A2A task, in both protocol versions' spellings. */
    public enum State {
        /** Received, not started. */
        SUBMITTED,
        /** Being worked on. */
        WORKING,
        /** Paused until the client sends a message to the same task. */
        INPUT_REQUIRED,
        /** Paused until the client authenticates. */
        AUTH_REQUIRED,
        /** Finished; its artifacts hold the result. */
        COMPLETED,
        /** Ended with an error. */
        FAILED,
        /** Canceled by the client. */
        CANCELED,
        /** Refused by the agent. */
        REJECTED,
        /** A state this client does not know. */
        UNKNOWN;

        /**
         * Whether a task in this state has ended for good.
         *
         * @return {@code true} for completed, failed, canceled and rejected
         */
        public boolean isFinal() {
            return this == COMPLETED || this == FAILED || this == CANCELED || this == REJECTED;
        }
    }

    /**
     * The task's id.
     *
     * @return the id, or {@code ""} for a reply that was a bare message
     */
    public String id() {
        return json.path("id").asString(json.path("taskId").asString(""));
    }

    /**
     * The task's context (the conversation it belongs to).
     *
     * @return the context id
     */
    public String contextId() {
        return json.path("contextId").asString("");
    }

    /**
     * The task's state.
     *
     * @return the state
     */
    public State state() {
        if (!json.has("status")) {
            return json.has("parts") ? State.COMPLETED : State.UNKNOWN;
        }
        return A2aDialect.state(json.path("status").path("state").asString(""));
    }

    /**
     * The text of the status message: what an {@code input-required} task asks, why a task failed.
     *
     * @return the text parts joined by newlines, or {@code ""}
     */
    public String statusText() {
        return text(json.path("status").path("message").path("parts"));
    }

    /**
     * The data parts of the status message, e.g. the value a paused graph asks about.
     *
     * @return the data values, in order
     */
    public List<JsonNode> statusData() {
        return data(json.path("status").path("message").path("parts"));
    }

    /**
     * The text of every artifact (or of the reply message), joined by newlines.
     *
     * @return the text, or {@code ""}
     */
    public String text() {
        if (!json.has("status") && json.has("parts")) {
            return text(json.get("parts"));
        }
        List<String> out = new ArrayList<>();
        json.path("artifacts").forEach(a -> out.add(text(a.path("parts"))));
        out.removeIf(String::isEmpty);
        return String.join("\n", out);
    }

    /**
     * The data parts of every artifact (or of the reply message), in order.
     *
     * @return the data values
     */
    public List<JsonNode> data() {
        if (!json.has("status") && json.has("parts")) {
            return data(json.get("parts"));
        }
        List<JsonNode> out = new ArrayList<>();
        json.path("artifacts").forEach(a -> out.addAll(data(a.path("parts"))));
        return List.copyOf(out);
    }

    private static String text(JsonNode parts) {
        List<String> out = new ArrayList<>();
        parts.forEach(p -> {
            if (p.has("text")) {
                out.add(p.get("text").asString());
            }
        });
        return String.join("\n", out);
    }

    private static List<JsonNode> data(JsonNode parts) {
        List<JsonNode> out = new ArrayList<>();
        parts.forEach(p -> {
            if (p.has("data")) {
                out.add(p.get("data"));
            }
        });
        return List.copyOf(out);
    }

    /** This task with one streamed event applied: a new status, or an artifact added or extended. */
    A2aTask apply(String kind, JsonNode event) {
        ObjectNode next = json.isObject() ? ((ObjectNode) json).deepCopy() : Http.object();
        if (event.has("taskId")) {
            next.put("id", event.get("taskId").asString());
        }
        if (event.has("contextId")) {
            next.put("contextId", event.get("contextId").asString());
        }
        if (kind.equals("status-update")) {
            next.set("status", event.path("status"));
        } else if (kind.equals("artifact-update")) {
            ArrayNode artifacts =
                    next.has("artifacts") ? (ArrayNode) next.get("artifacts") : next.putArray("artifacts");
            JsonNode artifact = event.path("artifact");
            boolean append = event.path("append").asBoolean(false);
            String artifactId = artifact.path("artifactId").asString("");
            for (JsonNode a : artifacts) {
                if (append && a.path("artifactId").asString("").equals(artifactId)) {
                    ((ArrayNode) a.path("parts")).addAll((ArrayNode) artifact.path("parts"));
                    return new A2aTask(next);
                }
            }
            artifacts.add(artifact);
        }
        return new A2aTask(next);
    }
}
