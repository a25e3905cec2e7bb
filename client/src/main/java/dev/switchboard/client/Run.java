package dev.switchboard.client;

import tools.jackson.databind.JsonNode;

/**
 * A run as the API answers it.
 *
 * @param json the run's JSON, whole
 */
public record Run(JsonNode json) {
    /**
     * The run's id.
     *
     * @return the id
     */
    public String runId() {
        return json.path("run_id").asString();
    }

    /**
     * The id of its thread.
     *
     * @return the thread id
     */
    public String threadId() {
        return json.path("thread_id").asString();
    }

    /**
     * The assistant it runs.
     *
     * @return the assistant id
     */
    public String assistantId() {
        return json.path("assistant_id").asString();
    }

    /**
     * Its status: {@code pending}, {@code running}, {@code success}, {@code error}, {@code
     * timeout} or {@code interrupted}.
     *
     * @return the status
     */
    public String status() {
        return json.path("status").asString();
    }
}
