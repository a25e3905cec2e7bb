package dev.switchboard.runtime.spi;

/**
 * Gives generated {@code read} methods the value of each record component.
 *
 * <p>Service provider interface, for code the Switchboard processor generates and for extension
 * modules that build graphs without it; not for application code. Compatible within a release
 * line, as the {@linkplain dev.switchboard.runtime.spi package} promises.
 */
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
