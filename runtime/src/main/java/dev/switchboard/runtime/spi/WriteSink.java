package dev.switchboard.runtime.spi;

/**
 * Receives the writes of a generated update type, component by component.
 *
 * <p>Service provider interface, for code the Switchboard processor generates and for extension
 * modules that build graphs without it; not for application code. Compatible within a release
 * line, as the {@linkplain dev.switchboard.runtime.spi package} promises.
 */
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
