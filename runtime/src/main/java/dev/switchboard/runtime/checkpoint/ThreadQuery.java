package dev.switchboard.runtime.checkpoint;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What {@link CheckpointSaver#listThreads} returns: the threads whose metadata matches a filter
 * (see {@link ThreadInfo#matches}), most recently active first (ties by thread id), a page of at
 * most {@code limit} of them after skipping {@code offset}.
 *
 * @param filter metadata entries that must all match; empty matches every thread
 * @param limit the most threads to return, at least 0
 * @param offset how many matching threads to skip, at least 0
 */
public record ThreadQuery(Map<String, Object> filter, int limit, int offset) {
    /** Every thread, most recently active first. */
    public static final ThreadQuery ALL = new ThreadQuery(Map.of(), Integer.MAX_VALUE, 0);

    /**
     * Checks the fields.
     *
     * @param filter the filter
     * @param limit the page size
     * @param offset the threads to skip
     * @throws IllegalArgumentException if {@code limit} or {@code offset} is negative, or the filter
     *     holds a value that is not a string, number or boolean
     */
    public ThreadQuery {
        filter = ThreadInfo.checkMetadata(Objects.requireNonNull(filter, "filter"));
        if (limit < 0) {
            throw new IllegalArgumentException("limit must be at least 0, was " + limit);
        }
        if (offset < 0) {
            throw new IllegalArgumentException("offset must be at least 0, was " + offset);
        }
    }

    /**
     * This query with a metadata filter.
     *
     * @param filter the filter
     * @return a new query
     */
    public ThreadQuery withFilter(Map<String, ?> filter) {
        return new ThreadQuery(Map.copyOf(filter), limit, offset);
    }

    /**
     * This query returning at most {@code limit} threads.
     *
     * @param limit the page size
     * @return a new query
     */
    public ThreadQuery withLimit(int limit) {
        return new ThreadQuery(filter, limit, offset);
    }

    /**
     * This query skipping the first {@code offset} matching threads.
     *
     * @param offset the threads to skip
     * @return a new query
     */
    public ThreadQuery withOffset(int offset) {
        return new ThreadQuery(filter, limit, offset);
    }

    /**
     * The page of this query out of threads already ordered most recently active first: the
     * matching ones, after the offset, up to the limit. For savers that cannot filter in storage.
     *
     * @param newestFirst the threads, most recently active first
     * @return the page
     */
    public List<ThreadInfo> page(Iterable<ThreadInfo> newestFirst) {
        List<ThreadInfo> out = new ArrayList<>();
        long matched = 0;
        for (ThreadInfo t : newestFirst) {
            if (out.size() == limit) {
                break;
            }
            if (t.matches(filter) && matched++ >= offset) {
                out.add(t);
            }
        }
        return out;
    }
}
