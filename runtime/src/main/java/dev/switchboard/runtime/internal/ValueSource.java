package dev.switchboard.runtime.internal;

/** Not API. Gives generated {@code read} methods the value of each record component. */
@FunctionalInterface
public interface ValueSource {
    /**
     * The value of one component.
     *
     * @param component the component index
     * @return the value, or {@code null} when its channel is empty
     */
    Object value(int component);
}
