package dev.switchboard.client;

import tools.jackson.databind.JsonNode;

/**
 * An assistant as the API answers it: a graph with its configuration.
 *
 * @param json the assistant's JSON, whole
 */
public record Assistant(JsonNode json) {
    /**
     * The assistant's id, used as {@code assistant_id} in runs.
     *
     * @return the id
     */
    public String assistantId() {
        return json.path("assistant_id").asString();
    }

    /**
     * The id of the graph it runs.
     *
     * @return the graph id
     */
    public String graphId() {
        return json.path("graph_id").asString();
    }

    /**
     * Its name.
     *
     * @return the name
     */
    public String name() {
        return json.path("name").asString();
    }

    /**
     * Its metadata.
     *
     * @return the metadata object, or a missing node
     */
    public JsonNode metadata() {
        return json.path("metadata");
    }
}
