package dev.switchboard.runtime.internal;

/**
 * Not API. What a functional workflow's entrypoint node is given: the run's input and the value the
 * thread's last run saved ({@code null} on its first run).
 *
 * @param input the run's input
 * @param previous the saved value, or {@code null}
 */
public record EntrypointCall(Object input, Object previous) {}
