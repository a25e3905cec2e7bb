package dev.switchboard.client;

import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * A thread's state at one checkpoint, as the API answers it: values, the nodes to run next, the
 * tasks with their interrupts, the checkpoint and its metadata.
 *
 * @param json the state's JSON, whole
 */
public record ThreadState(JsonNode json) {
    /**
     * The state's values.
     *
     * @return the values
     */
    public JsonNode values() {
        return json.path("values");
    }

    /**
     * The nodes that run next; empty when the thread is done.
     *
     * @return the node names
     */
    public List<String> next() {
        List<String> out = new ArrayList<>();
        json.path("next").forEach(n -> out.add(n.asString()));
        return List.copyOf(out);
    }

    /**
     * The interrupts waiting for an answer, from every task: each with its {@code value} and
     * {@code id}.
     *
     * @return the interrupts, in task order
     */
    public List<JsonNode> interrupts() {
        List<JsonNode> out = new ArrayList<>();
        json.path("tasks").forEach(t -> t.path("interrupts").forEach(out::add));
        return List.copyOf(out);
    }

    /**
     * The checkpoint's id.
     *
     * @return the id, or {@code ""}
     */
    public String checkpointId() {
        return json.path("checkpoint").path("checkpoint_id").asString("");
    }

    /**
     * The checkpoint's metadata ({@code source}, {@code step}...).
     *
     * @return the metadata
     */
    public JsonNode metadata() {
        return json.path("metadata");
    }
}
