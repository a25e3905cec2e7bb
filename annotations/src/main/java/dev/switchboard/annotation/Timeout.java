package dev.switchboard.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Bounds how long one attempt of a {@link Node} may run: past it the node's thread is interrupted
 * and the attempt fails with {@code NodeTimeoutException} (which a {@link Retry} policy retries).
 * So that the run can stop waiting even for a node that ignores interrupts, a timed node runs on a
 * pool thread rather than the task's own; thread-local values of the caller do not reach it.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Timeout {
    /**
     * The limit.
     *
     * @return milliseconds, at least 1
     */
    long millis();
}
