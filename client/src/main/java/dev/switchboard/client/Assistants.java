package dev.switchboard.client;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** The assistants API ({@code client.assistants} in the JS SDK). Thread-safe. */
public final class Assistants {
    private final Http http;

    Assistants(Http http) {
        this.http = http;
    }

    /**
     * One assistant.
     *
     * @param assistantId its id (a graph id names its default assistant)
     * @return the assistant
     * @throws ApiException 404 if there is none
     */
    public Assistant get(String assistantId) {
        return new Assistant(http.get("assistants/" + Http.segment(assistantId)));
    }

    /**
     * Assistants matching a search, as {@code POST /assistants/search}.
     *
     * @param search the search body ({@code graph_id}, {@code metadata}, {@code name}, {@code
     *     limit}, {@code offset}, {@code sort_by}...), or an empty map for all
     * @return the assistants
     */
    public List<Assistant> search(Map<String, ?> search) {
        List<Assistant> out = new ArrayList<>();
        http.post("assistants/search", Http.tree(Objects.requireNonNull(search, "search")))
                .forEach(a -> out.add(new Assistant(a)));
        return List.copyOf(out);
    }

    /**
     * How many assistants match, as {@code POST /assistants/count}.
     *
     * @param search the filters ({@code graph_id}, {@code metadata}, {@code name})
     * @return the count
     */
    public int count(Map<String, ?> search) {
        return http.post("assistants/count", Http.tree(search)).asInt();
    }

    /**
     * The assistant's graph drawing: nodes and edges.
     *
     * @param assistantId the assistant
     * @param xray whether to draw subgraphs inside their nodes
     * @return the graph JSON
     */
    public JsonNode graph(String assistantId, boolean xray) {
        return http.get("assistants/" + Http.segment(assistantId) + "/graph" + (xray ? "?xray=true" : ""));
    }

    /**
     * The assistant's JSON Schemas: {@code input_schema}, {@code output_schema}, {@code
     * state_schema}, {@code config_schema}, {@code context_schema}.
     *
     * @param assistantId the assistant
     * @return the schemas object
     */
    public ObjectNode schemas(String assistantId) {
        return (ObjectNode) http.get("assistants/" + Http.segment(assistantId) + "/schemas");
    }

    /**
     * The schemas of the assistant's subgraphs, by namespace.
     *
     * @param assistantId the assistant
     * @return the subgraphs object
     */
    public JsonNode subgraphs(String assistantId) {
        return http.get("assistants/" + Http.segment(assistantId) + "/subgraphs");
    }
}
