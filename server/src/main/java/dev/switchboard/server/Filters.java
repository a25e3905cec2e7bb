package dev.switchboard.server;

import java.util.Map;
import tools.jackson.databind.JsonNode;

/** LangGraph's metadata filter: every key of the filter is present with an equal value. */
final class Filters {
    private Filters() {}

    static boolean contains(JsonNode metadata, JsonNode filter) {
        for (Map.Entry<String, JsonNode> e : filter.properties()) {
            JsonNode v = metadata.get(e.getKey());
            if (v == null || !v.equals(e.getValue())) {
                return false;
            }
        }
        return true;
    }
}
