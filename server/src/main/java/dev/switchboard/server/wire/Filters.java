package dev.switchboard.server.wire;

import java.util.Comparator;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * LangGraph's metadata filter: every key of the filter is present with an equal value. Values are
 * equal as JSON, numbers by value at any depth ({@code 1} equals {@code 1.0}), as PostgreSQL's
 * jsonb compares them: the SQL thread search and this one agree.
 */
public final class Filters {
    /** Numbers by value, anything else as JSON: 0 for equal. */
    private static final Comparator<JsonNode> BY_VALUE =
            (a, b) -> a.isNumber() && b.isNumber() ? a.decimalValue().compareTo(b.decimalValue()) : a.equals(b) ? 0 : 1;

    private Filters() {}

    /**
     * Whether every key of {@code filter} is in {@code metadata} with an equal value.
     *
     * @param metadata the object searched
     * @param filter the keys and values asked for
     * @return true when all match
     */
    public static boolean contains(JsonNode metadata, JsonNode filter) {
        for (Map.Entry<String, JsonNode> e : filter.properties()) {
            JsonNode v = metadata.get(e.getKey());
            if (v == null || !v.equals(BY_VALUE, e.getValue())) {
                return false;
            }
        }
        return true;
    }
}
