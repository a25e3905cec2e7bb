package dev.switchboard.runtime.checkpoint;

import java.util.Map;
import java.util.Objects;

/**
 * What {@link CheckpointSaver#list} returns: checkpoints newest first, optionally only those whose
 * metadata matches a filter, only those older than a given checkpoint, and at most a limit.
 *
 * @param filter metadata entries that must all match (see {@link CheckpointMetadata#matches})
 * @param before a checkpoint id; only older checkpoints are listed (exclusive), or {@code null}
 * @param limit the most checkpoints to return; negative for no limit, 0 returns nothing
 */
public record ListOptions(Map<String, Object> filter, String before, int limit) {
    /** Everything, newest first. */
    public static final ListOptions ALL = new ListOptions(Map.of(), null, -1);

    /**
     * Checks the fields.
     *
     * @param filter the metadata filter
     * @param before the exclusive upper bound or {@code null}
     * @param limit the limit
     */
    public ListOptions {
        filter = Map.copyOf(Objects.requireNonNull(filter, "filter"));
    }

    /**
     * These options with a metadata filter.
     *
     * @param filter the filter
     * @return new options
     */
    public ListOptions withFilter(Map<String, Object> filter) {
        return new ListOptions(filter, before, limit);
    }

    /**
     * These options listing only checkpoints older than the given one.
     *
     * @param checkpointId the exclusive bound
     * @return new options
     */
    public ListOptions withBefore(String checkpointId) {
        return new ListOptions(filter, Objects.requireNonNull(checkpointId, "checkpointId"), limit);
    }

    /**
     * These options with a limit.
     *
     * @param limit the most to return
     * @return new options
     */
    public ListOptions withLimit(int limit) {
        return new ListOptions(filter, before, limit);
    }
}
