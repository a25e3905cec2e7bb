package dev.switchboard.client;

import tools.jackson.databind.JsonNode;

/**
 * A thread as the API answers it (LangGraph's {@code Thread}; named so as not to clash with {@link
 * java.lang.Thread}).
 *
 * @param json the thread's JSON, whole
 */
public record ThreadInfo(JsonNode json) {
    /**
     * The thread's id.
     *
     * @return the id
     */
    public String threadId() {
        return json.path("thread_id").asString();
    }

    /**
     * Its status: {@code idle}, {@code busy}, {@code interrupted} or {@code error}.
     *
     * @return the status
     */
    public String status() {
        return json.path("status").asString();
    }

    /**
     * Its metadata.
     *
     * @return the metadata object, or a missing node
     */
    public JsonNode metadata() {
        return json.path("metadata");
    }

    /**
     * Its latest state values.
     *
     * @return the values, or a missing node
     */
    public JsonNode values() {
        return json.path("values");
    }

    /**
     * Its pending interrupts, by task id.
     *
     * @return the interrupts object, or a missing node
     */
    public JsonNode interrupts() {
        return json.path("interrupts");
    }
}
