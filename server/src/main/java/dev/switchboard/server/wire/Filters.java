package dev.switchboard.server.wire;

import java.util.Comparator;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * LangGraph's metadata filter: every key of the filter is present with an equal value, or, for a
 * value written {@code {"$eq": v}} or {@code {"$contains": v}} (the operators of LangGraph's
 * authorization filters), equal to {@code v} or a list holding {@code v}. Values are
 * equal as JSON, numbers by value at any depth ({@code 1} equals {@code 1.0}), as PostgreSQL's
 * jsonb compares them: the SQL thread search and this one agree.
 */
public final class Filters {
    /** Numbers by value, anything else as JSON: 0 for equal. */
    private static final Comparator<JsonNode> BY_VALUE =
            (a, b) -> a.isNumber() && b.isNumber() ? a.decimalValue().compareTo(b.decimalValue()) : a.equals(b) ? 0 : 1;

    /** LangGraph's equality operator. */
    public static final String EQ = "$eq";

    /** LangGraph's list-membership operator: the row's value is a list holding the operand. */
    public static final String CONTAINS = "$contains";

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
            if (v == null || !holds(v, e.getValue())) {
                return false;
            }
        }
        return true;
    }

    /**
     * The operator of a filter's value, LangGraph's {@code {"$eq": v}} or {@code {"$contains": v}}
     * (an object of that one key); null for a plain value (equality).
     *
     * @param condition a filter's value
     * @return {@code "$eq"}, {@code "$contains"} or null
     */
    public static String operator(JsonNode condition) {
        if (condition.isObject() && condition.size() == 1) {
            String op = condition.propertyNames().iterator().next();
            return op.equals(EQ) || op.equals(CONTAINS) ? op : null;
        }
        return null;
    }

    /** Whether a row's value meets a filter's: equal, or for {@code $contains} a list holding it. */
    private static boolean holds(JsonNode value, JsonNode condition) {
        String op = operator(condition);
        if (op == null) {
            return value.equals(BY_VALUE, condition);
        }
        JsonNode operand = condition.get(op);
        if (op.equals(EQ)) {
            return value.equals(BY_VALUE, operand);
        }
        if (value.isArray()) {
            for (JsonNode item : value) {
                if (item.equals(BY_VALUE, operand)) {
                    return true;
                }
            }
        }
        return false;
    }
}
