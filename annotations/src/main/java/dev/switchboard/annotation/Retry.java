package dev.switchboard.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Retries a {@link Node} when it fails, with exponential backoff, as LangGraph's
 * {@code RetryPolicy}: after a failed attempt the node waits {@code initialIntervalMillis}, then
 * each wait grows by {@code backoffFactor} up to {@code maxIntervalMillis}, with random jitter. Each
 * attempt sees the same input; only the successful attempt's writes apply.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Retry {
    /**
     * How many attempts in all, the first included.
     *
     * @return at least 1
     */
    int maxAttempts() default 3;

    /**
     * The wait before the second attempt.
     *
     * @return milliseconds
     */
    long initialIntervalMillis() default 500;

    /**
     * How much each wait grows over the previous one.
     *
     * @return the factor, at least 1
     */
    double backoffFactor() default 2.0;

    /**
     * The longest wait.
     *
     * @return milliseconds
     */
    long maxIntervalMillis() default 128_000;

    /**
     * Whether to add random jitter to each wait (up to one second, as LangGraph), so that retries
     * of many runs spread out.
     *
     * @return {@code true} to add jitter
     */
    boolean jitter() default true;

    /**
     * The exceptions to retry on (subclasses included). Empty means the default: every exception
     * except programming errors ({@code NullPointerException}, {@code IllegalArgumentException},
     * {@code IllegalStateException}, {@code ClassCastException}, ...) and Switchboard's own graph
     * errors.
     *
     * @return the retried exception types
     */
    Class<? extends Throwable>[] retryOn() default {};
}
