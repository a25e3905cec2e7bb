package dev.switchboard.server.rows;

import dev.switchboard.server.wire.ApiException;
import dev.switchboard.server.wire.Fields;
import dev.switchboard.server.wire.Filters;
import dev.switchboard.server.wire.RunRequest;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A thread search or count ({@code POST /threads/search}, {@code /threads/count}): LangGraph's
 * filters (metadata and values keys each equal, status, ids) and, for a search, its order and page.
 * One rule for both places it runs, in memory ({@link #matches}, {@link #order}) and in SQL on
 * PostgreSQL ({@link JdbcRowStore}), so both give the same threads in the same order: values are
 * equal as JSON with numbers equal by value ({@code 1} is {@code 1.0}, as jsonb compares them);
 * ties of the sort key are broken by thread id, in the same direction.
 *
 * @param owner the caller, whose threads only are found
 * @param metadata metadata keys each equal
 * @param status the status asked for, or null for any
 * @param ids the thread ids asked for, or null for any
 * @param values values keys each equal
 * @param sortBy the sort key
 * @param ascending the direction
 * @param offset the page's first index
 * @param limit the page size; {@link Integer#MAX_VALUE} for a count
 */
public record ThreadQuery(
        String owner,
        ObjectNode metadata,
        String status,
        List<String> ids,
        ObjectNode values,
        String sortBy,
        boolean ascending,
        int offset,
        int limit) {

    static final Set<String> STATUSES = Set.of("idle", "busy", "interrupted", "error");
    static final Set<String> SORT_KEYS = Set.of("thread_id", "status", "created_at", "updated_at");

    /**
     * The filters of a count body; its order and page, if any, are ignored.
     *
     * @param body the body
     * @param owner the caller
     * @return the query
     */
    public static ThreadQuery count(ObjectNode body, String owner) {
        return parse(body, owner, "created_at", false, 0, Integer.MAX_VALUE);
    }

    /**
     * A search body: filters, {@code sort_by} (created_at), {@code sort_order} (desc), offset, limit (10).
     *
     * @param body the body
     * @param owner the caller
     * @return the query
     */
    public static ThreadQuery search(ObjectNode body, String owner) {
        String sortBy = RunRequest.oneOf(body, "sort_by", SORT_KEYS, "created_at");
        String order = RunRequest.oneOf(body, "sort_order", Set.of("asc", "desc"), "desc");
        Integer offset = Fields.integer(body, List.of("offset"), 0, Integer.MAX_VALUE);
        Integer limit = Fields.integer(body, List.of("limit"), 1, 1000);
        return parse(body, owner, sortBy, order.equals("asc"), offset == null ? 0 : offset, limit == null ? 10 : limit);
    }

    private static ThreadQuery parse(
            ObjectNode body, String owner, String sortBy, boolean ascending, int offset, int limit) {
        return new ThreadQuery(
                owner,
                RunRequest.objectOrEmpty(body, "metadata"),
                RunRequest.oneOf(body, "status", STATUSES, null),
                ids(body),
                RunRequest.objectOrEmpty(body, "values"),
                sortBy,
                ascending,
                offset,
                limit);
    }

    private static List<String> ids(JsonNode body) {
        List<String> ids = Fields.strings(body, "ids");
        if (ids != null) {
            for (int i = 0; i < ids.size(); i++) {
                if (!Fields.isUuid(ids.get(i))) {
                    throw ApiException.invalidUuid(List.of("ids", i));
                }
            }
        }
        return ids;
    }

    /**
     * Whether the thread passes the filters (its owner included).
     *
     * @param t the thread
     * @return true when it passes
     */
    public boolean matches(ThreadRow t) {
        if (!(Objects.equals(t.owner(), owner)
                && Filters.contains(t.metadata(), metadata)
                && (status == null || status.equals(t.status().wireName()))
                && (ids == null || ids.contains(t.id())))) {
            return false;
        }
        if (values.isEmpty()) {
            return true;
        }
        JsonNode v = t.values();
        return v != null && Filters.contains(v, values);
    }

    /**
     * The search's order: its key, then thread id, both ascending or both descending.
     *
     * @return the comparator
     */
    public Comparator<ThreadRow> order() {
        Comparator<ThreadRow> key = switch (sortBy) {
            case "thread_id" -> Comparator.comparing(ThreadRow::id);
            case "status" -> Comparator.comparing(t -> t.status().wireName());
            case "updated_at" -> Comparator.comparing(ThreadRow::updatedAt);
            default -> Comparator.comparing(ThreadRow::createdAt);
        };
        Comparator<ThreadRow> full = key.thenComparing(ThreadRow::id);
        return ascending ? full : full.reversed();
    }

    /**
     * The page of the matching threads among {@code threads}, in order.
     *
     * @param threads the threads
     * @return the page
     */
    public List<ThreadRow> page(Collection<ThreadRow> threads) {
        return threads.stream()
                .filter(this::matches)
                .sorted(order())
                .skip(offset)
                .limit(limit)
                .toList();
    }
}
