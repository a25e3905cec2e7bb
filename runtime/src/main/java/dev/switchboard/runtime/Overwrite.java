package dev.switchboard.runtime;

import dev.switchboard.runtime.checkpoint.ReservedNames;
import java.util.Map;

/**
 * A write that replaces a reducer channel's value instead of being reduced into it. Generated
 * update types write it for you through their {@code overwriteX(...)} methods.
 *
 * <p>Within one superstep, writes before the overwrite (in task order) are discarded, writes after
 * it are ignored, and a second overwrite is an {@link InvalidUpdateException}.
 *
 * @param value the new value of the channel
 * @param <T> the channel's value type
 */
public record Overwrite<T>(T value) {
    /** The key of LangGraph's wire form {@code {"__overwrite__": value}}. */
    public static final String WIRE_KEY = ReservedNames.OVERWRITE;

    /**
     * The wire form of this overwrite, as LangGraph serialises it.
     *
     * @return {@code {"__overwrite__": value}}
     */
    public Map<String, Object> toWire() {
        return java.util.Collections.singletonMap(WIRE_KEY, value);
    }
}
