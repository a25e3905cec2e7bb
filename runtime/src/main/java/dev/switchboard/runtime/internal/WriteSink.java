package dev.switchboard.runtime.internal;

/** Not API. Receives the writes of a generated update type, component by component. */
@FunctionalInterface
public interface WriteSink {
    /**
     * One write.
     *
     * @param component the component index in the update's record
     * @param value the written value (an {@code Overwrite} for overwrites)
     */
    void write(int component, Object value);
}
