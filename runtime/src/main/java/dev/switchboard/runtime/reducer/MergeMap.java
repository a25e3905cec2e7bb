package dev.switchboard.runtime.reducer;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Merges the written map into the current one; written keys win. Starts empty; keeps insertion
 * order; the result is unmodifiable.
 *
 * @param <K> the key type
 * @param <V> the value type
 */
public final class MergeMap<K, V> implements ReduceFunction<Map<K, V>> {
    /** Creates the reducer. */
    public MergeMap() {}

    @Override
    public Map<K, V> reduce(Map<K, V> current, Map<K, V> update) {
        if (update.isEmpty()) {
            return current;
        }
        Map<K, V> out = new LinkedHashMap<>(current);
        out.putAll(update);
        return Collections.unmodifiableMap(out);
    }

    @Override
    public Map<K, V> empty() {
        return Map.of();
    }

    @Override
    public boolean accumulates() {
        return true;
    }
}
