package dev.switchboard.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Bounds how long one attempt of a {@link Node} may run: past it the node's thread is interrupted
 * and the attempt fails with {@code NodeTimeoutException} (which a {@link Retry} policy retries).
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
