package dev.switchboard.server.rows;

import dev.switchboard.server.wire.ApiException;
import dev.switchboard.server.wire.Filters;
import dev.switchboard.server.wire.Json;
import dev.switchboard.server.wire.RunRequest;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * An assistant search or count ({@code POST /assistants/search}, {@code /assistants/count}):
 * LangGraph's filters (graph id equal, name containing the text in any case, metadata keys each
 * equal) and, for a search, its order (newest first by default, ties by assistant id) and page.
 *
 * @param graphId the graph id asked for, or null
 * @param name text the name contains, or null
 * @param metadata metadata keys each equal
 * @param sortBy the sort key
 * @param ascending the direction
 * @param offset the page's first index
 * @param limit the page size; {@link Integer#MAX_VALUE} for a count
 * @param visible the caller's authorization filter on the assistants' metadata
 */
public record AssistantQuery(
        String graphId,
        String name,
        ObjectNode metadata,
        String sortBy,
        boolean ascending,
        int offset,
        int limit,
        Predicate<ObjectNode> visible) {

    static final Set<String> SORT_KEYS = Set.of("assistant_id", "graph_id", "name", "created_at", "updated_at");

    /**
     * The filters of a count body.
     *
     * @param body the body
     * @param visible the caller's authorization filter
     * @return the query
     */
    public static AssistantQuery count(ObjectNode body, Predicate<ObjectNode> visible) {
        return parse(body, "created_at", false, 0, Integer.MAX_VALUE, visible);
    }

    /**
     * A search body: filters, {@code sort_by} (created_at), {@code sort_order} (desc), offset, limit (10).
     *
     * @param body the body
     * @param visible the caller's authorization filter
     * @return the query
     */
    public static AssistantQuery search(ObjectNode body, Predicate<ObjectNode> visible) {
        String sortBy = RunRequest.oneOf(body, "sort_by", SORT_KEYS, "created_at");
        String order = RunRequest.oneOf(body, "sort_order", Set.of("asc", "desc"), "desc");
        return parse(
                body, sortBy, order.equals("asc"), natural(body, "offset", 0), natural(body, "limit", 10), visible);
    }

    private static AssistantQuery parse(
            ObjectNode body, String sortBy, boolean asc, int offset, int limit, Predicate<ObjectNode> visible) {
        return new AssistantQuery(
                string(body, "graph_id"),
                string(body, "name"),
                RunRequest.objectOrEmpty(body, "metadata"),
                sortBy,
                asc,
                offset,
                limit,
                visible);
    }

    private static String string(JsonNode body, String field) {
        JsonNode n = body.get(field);
        if (n == null || n.isNull()) {
            return null;
        }
        if (!n.isString()) {
            throw ApiException.invalid(field, field + " must be a string, was " + n);
        }
        return n.asString();
    }

    static int natural(JsonNode body, String field, int dflt) {
        JsonNode n = body.get(field);
        if (n == null || n.isNull()) {
            return dflt;
        }
        if (!n.canConvertToInt() || n.asInt() < 0 || !n.isIntegralNumber()) {
            throw ApiException.invalid(field, field + " must be an integer 0 or more, was " + n);
        }
        return n.asInt();
    }

    /**
     * Whether an assistant passes the filters.
     *
     * @param a the assistant
     * @return true when it does
     */
    public boolean matches(AssistantRow a) {
        return (graphId == null || graphId.equals(a.graphId()))
                && (name == null || a.name().toLowerCase(Locale.ROOT).contains(name.toLowerCase(Locale.ROOT)))
                && Filters.contains(a.metadata(), metadata)
                && visible.test(a.metadata());
    }

    private Comparator<AssistantRow> order() {
        Comparator<AssistantRow> key = switch (sortBy) {
            case "assistant_id" -> Comparator.comparing(AssistantRow::assistantId);
            case "graph_id" -> Comparator.comparing(AssistantRow::graphId);
            case "name" -> Comparator.comparing(AssistantRow::name);
            case "updated_at" -> Comparator.comparing(AssistantRow::updatedAt);
            default -> Comparator.comparing(AssistantRow::createdAt);
        };
        Comparator<AssistantRow> full = key.thenComparing(AssistantRow::assistantId);
        return ascending ? full : full.reversed();
    }

    /**
     * The page of the matching assistants among {@code all}, in order.
     *
     * @param all the assistants
     * @return the page
     */
    public List<AssistantRow> page(Collection<AssistantRow> all) {
        return all.stream()
                .filter(this::matches)
                .sorted(order())
                .skip(offset)
                .limit(limit)
                .toList();
    }

    /**
     * Keeps only the fields a search's {@code select} names (all without one), as LangGraph does.
     *
     * @param body the search body
     * @param assistant the assistant's JSON
     * @return the JSON with those fields
     */
    public static ObjectNode select(ObjectNode body, ObjectNode assistant) {
        JsonNode select = body.get("select");
        if (select == null || select.isNull()) {
            return assistant;
        }
        if (!select.isArray()) {
            throw ApiException.invalid("select", "select must be a list of field names");
        }
        ObjectNode out = Json.object();
        for (JsonNode f : select) {
            String field = f.asString();
            if (!assistant.has(field)) {
                throw ApiException.invalid("select", "select names an unknown field: " + f);
            }
            out.set(field, assistant.get(field));
        }
        return out;
    }
}
