package dev.switchboard.runtime.checkpoint;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What a checkpoint records about how it came to be.
 *
 * @param source what created it
 * @param step the superstep (-1 for the first input)
 * @param parents for a subgraph checkpoint, the checkpoint id of each enclosing graph by namespace
 * @param extra further values, such as the run's metadata, used for filtering
 */
public record CheckpointMetadata(Source source, int step, Map<String, String> parents, Map<String, Object> extra) {
    /**
     * The key, in an {@code update} checkpoint's {@link #extra}, of the node the update was applied
     * as: its name, or for a superstep of several updates their names sorted and joined by commas. It is recorded
     * even when the caller gave no node and the last writer was chosen, so a history shows who wrote.
     */
    public static final String AS_NODE = "as_node";

    /** What created a checkpoint. */
    public enum Source {
        /** The input of an invocation. */
        INPUT,
        /** A superstep of the loop. */
        LOOP,
        /** {@code updateState}. */
        UPDATE,
        /** A replay from an older checkpoint, before the replayed steps. */
        FORK;

        /**
         * LangGraph's name for this source.
         *
         * @return {@code input}, {@code loop}, {@code update} or {@code fork}
         */
        public String wireName() {
            return wireName;
        }

        private final String wireName = name().toLowerCase(java.util.Locale.ROOT);
    }

    /**
     * Checks the fields.
     *
     * @param source the source
     * @param step the step
     * @param parents the parent checkpoint ids by namespace
     * @param extra further values
     */
    public CheckpointMetadata {
        Objects.requireNonNull(source, "source");
        parents = Map.copyOf(parents);
        extra = Map.copyOf(extra);
    }

    /**
     * The metadata as a flat map, as filters see it: {@code source}, {@code step} and the extra
     * values.
     *
     * @return a new map
     */
    public Map<String, Object> asMap() {
        Map<String, Object> m = new LinkedHashMap<>(extra);
        m.put("source", source.wireName());
        m.put("step", step);
        return m;
    }

    /**
     * Whether every entry of the filter is in this metadata.
     *
     * @param filter keys and values to match; numbers match by value
     * @return {@code true} if all match
     */
    public boolean matches(Map<String, ?> filter) {
        Map<String, Object> m = asMap();
        for (Map.Entry<String, ?> e : filter.entrySet()) {
            Object have = m.get(e.getKey());
            Object want = e.getValue();
            boolean same = have instanceof Number h && want instanceof Number w
                    ? h.longValue() == w.longValue()
                    : Objects.equals(have, want);
            if (!same) {
                return false;
            }
        }
        return true;
    }
}
