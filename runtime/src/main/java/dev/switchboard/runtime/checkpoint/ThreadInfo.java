package dev.switchboard.runtime.checkpoint;

import java.time.Instant;
import java.util.Map;
import java.util.Objects;

/**
 * One thread as {@link CheckpointSaver#listThreads} and {@link CheckpointSaver#getThread} describe
 * it: its id, the metadata set with {@link CheckpointSaver#updateThreadMetadata} (separate from the
 * metadata each checkpoint carries), when the saver first saw it, and when it was last active (a
 * checkpoint stored or its metadata changed) — the time the thread TTL counts from.
 *
 * @param threadId the thread
 * @param metadata the thread's metadata: strings, numbers and booleans
 * @param createdAt when the thread's first checkpoint or metadata was stored
 * @param updatedAt when the thread was last active
 */
public record ThreadInfo(String threadId, Map<String, Object> metadata, Instant createdAt, Instant updatedAt) {
    /**
     * Checks the fields.
     *
     * @param threadId the thread
     * @param metadata the metadata
     * @param createdAt the creation time
     * @param updatedAt the last activity
     */
    public ThreadInfo {
        Objects.requireNonNull(threadId, "threadId");
        metadata = Map.copyOf(Objects.requireNonNull(metadata, "metadata"));
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(updatedAt, "updatedAt");
    }

    /**
     * Whether every entry of the filter is in the metadata; numbers compare by value, so {@code 3}
     * matches {@code 3L} and {@code 3.0}.
     *
     * @param filter the entries to match
     * @return {@code true} if all match
     */
    public boolean matches(Map<String, ?> filter) {
        for (Map.Entry<String, ?> e : filter.entrySet()) {
            if (!same(metadata.get(e.getKey()), e.getValue())) {
                return false;
            }
        }
        return true;
    }

    private static boolean same(Object have, Object want) {
        if (have instanceof Number h && want instanceof Number w) {
            return Double.compare(h.doubleValue(), w.doubleValue()) == 0;
        }
        return Objects.equals(have, want);
    }

    /**
     * Checks thread metadata: keys are {@link CheckpointKeys}, values strings, numbers or booleans,
     * strings by the same rule as keys ({@link CheckpointKeys#checkValue}).
     *
     * @param metadata the metadata
     * @return an unmodifiable copy
     * @throws IllegalArgumentException naming the bad entry
     */
    public static Map<String, Object> checkMetadata(Map<String, ?> metadata) {
        Objects.requireNonNull(metadata, "metadata");
        for (Map.Entry<String, ?> e : metadata.entrySet()) {
            CheckpointKeys.check("metadata key", e.getKey());
            Object v = e.getValue();
            if (!(v instanceof String || v instanceof Number || v instanceof Boolean)) {
                throw new IllegalArgumentException(
                        "metadata['" + e.getKey() + "'] must be a string, number or boolean, not " + v);
            }
            if (v instanceof String s) {
                CheckpointKeys.checkValue("metadata['" + e.getKey() + "']", s);
            }
        }
        return Map.copyOf(metadata);
    }
}
