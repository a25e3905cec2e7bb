package dev.switchboard.runtime.spi;

import dev.switchboard.runtime.RetryPolicy;
import dev.switchboard.runtime.serde.ValueType;
import java.time.Duration;
import java.util.Objects;

/**
 * A functional workflow's task as a generated {@code <Class>Tasks} declares it: its name, the
 * type its result is recorded as, and its policies.
 *
 * <p>Service provider interface, for code the Switchboard processor generates and for extension
 * modules that build graphs without it; not for application code. Compatible within a release
 * line, as the {@linkplain dev.switchboard.runtime.spi package} promises.
 *
 * @param name the task's name
 * @param result the result's type
 * @param retry its retry policy, or {@code null} for one attempt
 * @param timeout the limit of each attempt, or {@code null}
 * @param <T> the result type
 */
public record TaskDef<T>(String name, ValueType result, RetryPolicy retry, Duration timeout) {
    /**
     * Checks the name and type.
     *
     * @param name the task's name
     * @param result the result's type
     * @param retry its retry policy, or {@code null}
     * @param timeout the limit of each attempt, or {@code null}
     */
    public TaskDef {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(result, "result");
    }
}
