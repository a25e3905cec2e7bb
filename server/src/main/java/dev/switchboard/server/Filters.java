package dev.switchboard.server;

import java.util.Comparator;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * LangGraph's metadata filter: every key of the filter is present with an equal value. Values are
 * equal as JSON, numbers by value at any depth ({@code 1} equals {@code 1.0}), as PostgreSQL's
 * jsonb compares them: the SQL thread search ({@link ThreadQuery}) and this one agree.
 */
final class Filters {
    /** Numbers by value, anything else as JSON: 0 for equal. */
    private static final Comparator<JsonNode> BY_VALUE =
            (a, b) -> a.isNumber() && b.isNumber() ? a.decimalValue().compareTo(b.decimalValue()) : a.equals(b) ? 0 : 1;

    private Filters() {}

    static boolean contains(JsonNode metadata, JsonNode filter) {
        for (Map.Entry<String, JsonNode> e : filter.properties()) {
            JsonNode v = metadata.get(e.getKey());
            if (v == null || !v.equals(BY_VALUE, e.getValue())) {
                return false;
            }
        }
        return true;
    }
}
