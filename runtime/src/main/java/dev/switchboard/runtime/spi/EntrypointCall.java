package dev.switchboard.runtime.spi;

/**
 * What a functional workflow's entrypoint node is given: the run's input and the value the
 * thread's last run saved ({@code null} on its first run).
 *
 * <p>Service provider interface, for code the Switchboard processor generates and for extension
 * modules that build graphs without it; not for application code. Compatible within a release
 * line, as the {@linkplain dev.switchboard.runtime.spi package} promises.
 *
 * @param input the run's input
 * @param previous the saved value, or {@code null}
 */
public record EntrypointCall(Object input, Object previous) {}
