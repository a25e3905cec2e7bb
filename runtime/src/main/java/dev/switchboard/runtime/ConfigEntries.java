package dev.switchboard.runtime;

import dev.switchboard.runtime.checkpoint.CheckpointKeys;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The checks and copies behind {@link RunConfig}'s map-valued settings: metadata values a
 * checkpointer can store and filter on, and maps that gain one entry without changing the original.
 */
final class ConfigEntries {
    private ConfigEntries() {}

    /**
     * Fails unless {@code value} is a string, number or boolean and the key (and a string value)
     * can be stored: what checkpoint and thread metadata hold.
     *
     * @param what {@code "metadata"} or {@code "thread metadata"}, for messages
     */
    static void checkScalar(String what, String key, Object value) {
        CheckpointKeys.check(what + " key", key);
        if (!(value instanceof String || value instanceof Number || value instanceof Boolean)) {
            throw new IllegalArgumentException(what + " values must be strings, numbers or booleans, not " + value);
        }
        if (value instanceof String s) {
            CheckpointKeys.checkValue(what + "['" + key + "']", s);
        }
    }

    /** An unmodifiable copy of {@code map} with {@code key} set to {@code value}, in insertion order. */
    static Map<String, Object> put(Map<String, Object> map, String key, Object value) {
        Map<String, Object> copy = new LinkedHashMap<>(map);
        copy.put(key, value);
        return Map.copyOf(copy);
    }
}
