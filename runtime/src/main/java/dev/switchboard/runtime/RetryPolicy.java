package dev.switchboard.runtime;

import dev.switchboard.runtime.error.GraphException;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Predicate;

/**
 * How a failing node is retried, as LangGraph's {@code RetryPolicy}: up to {@code maxAttempts}
 * attempts, waiting {@code initialInterval} before the second, each wait growing by
 * {@code backoffFactor} up to {@code maxInterval}, plus up to a second of random jitter. Only
 * exceptions {@code retryOn} accepts are retried. Set per node with {@code @Retry} or per graph
 * with {@code GraphBuilder.retryPolicy}.
 *
 * @param maxAttempts the number of attempts in all, at least 1
 * @param initialInterval the wait before the second attempt
 * @param backoffFactor how much each wait grows, at least 1
 * @param maxInterval the longest wait
 * @param jitter whether to add up to a second of random jitter to each wait
 * @param retryOn which failures to retry (the node's own exception, not Switchboard's wrapper)
 */
public record RetryPolicy(
        int maxAttempts,
        Duration initialInterval,
        double backoffFactor,
        Duration maxInterval,
        boolean jitter,
        Predicate<Throwable> retryOn) {

    /**
     * Retries every exception but programming errors ({@code NullPointerException},
     * {@code IllegalArgumentException}, {@code IllegalStateException}, {@code ClassCastException},
     * {@code UnsupportedOperationException}, {@code IndexOutOfBoundsException},
     * {@code ArithmeticException}), {@code Error}s, Switchboard's own graph errors (except
     * timeouts, which are retried) and a durable step's final failure ({@link StepFailedException}),
     * which a retry would only get again.
     */
    public static final Predicate<Throwable> DEFAULT_RETRY_ON = e -> {
        if (e instanceof NodeTimeoutException) {
            return true;
        }
        return !(e instanceof Error
                || e instanceof GraphException
                || e instanceof StepFailedException
                || e instanceof NullPointerException
                || e instanceof IllegalArgumentException
                || e instanceof IllegalStateException
                || e instanceof ClassCastException
                || e instanceof UnsupportedOperationException
                || e instanceof IndexOutOfBoundsException
                || e instanceof ArithmeticException
                || e instanceof InterruptedException);
    };

    /**
     * Checks the fields.
     *
     * @param maxAttempts the attempts
     * @param initialInterval the first wait
     * @param backoffFactor the growth
     * @param maxInterval the longest wait
     * @param jitter whether to jitter
     * @param retryOn what to retry
     */
    public RetryPolicy {
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be at least 1, was " + maxAttempts);
        }
        if (backoffFactor < 1.0) {
            throw new IllegalArgumentException("backoffFactor must be at least 1, was " + backoffFactor);
        }
        Objects.requireNonNull(initialInterval, "initialInterval");
        Objects.requireNonNull(maxInterval, "maxInterval");
        Objects.requireNonNull(retryOn, "retryOn");
        if (initialInterval.isNegative()) {
            throw new IllegalArgumentException("initialInterval must not be negative, was " + initialInterval);
        }
        if (maxInterval.compareTo(initialInterval) < 0) {
            throw new IllegalArgumentException(
                    "maxInterval " + maxInterval + " is shorter than initialInterval " + initialInterval);
        }
    }

    /**
     * LangGraph's defaults: 3 attempts, 500 ms, factor 2, at most 128 s, jitter, {@link
     * #DEFAULT_RETRY_ON}.
     *
     * @return the default policy
     */
    public static RetryPolicy defaults() {
        return new RetryPolicy(3, Duration.ofMillis(500), 2.0, Duration.ofSeconds(128), true, DEFAULT_RETRY_ON);
    }

    /**
     * This policy with another number of attempts.
     *
     * @param attempts the attempts in all
     * @return a new policy
     */
    public RetryPolicy withMaxAttempts(int attempts) {
        return new RetryPolicy(attempts, initialInterval, backoffFactor, maxInterval, jitter, retryOn);
    }

    /**
     * This policy with other waits.
     *
     * @param initial the first wait
     * @param factor the growth
     * @param max the longest wait
     * @param withJitter whether to jitter
     * @return a new policy
     */
    public RetryPolicy withBackoff(Duration initial, double factor, Duration max, boolean withJitter) {
        return new RetryPolicy(maxAttempts, initial, factor, max, withJitter, retryOn);
    }

    /**
     * This policy retrying what the predicate accepts.
     *
     * @param predicate the failures to retry
     * @return a new policy
     */
    public RetryPolicy withRetryOn(Predicate<Throwable> predicate) {
        return new RetryPolicy(maxAttempts, initialInterval, backoffFactor, maxInterval, jitter, predicate);
    }

    /**
     * The wait before an attempt.
     *
     * @param attempt the attempt about to start, 2 or more
     * @return how long to wait
     */
    public Duration delayBefore(int attempt) {
        double millis = initialInterval.toMillis() * Math.pow(backoffFactor, Math.max(0, attempt - 2));
        long wait = (long) Math.min(maxInterval.toMillis(), millis);
        if (jitter) {
            wait += ThreadLocalRandom.current().nextLong(1000);
        }
        return Duration.ofMillis(wait);
    }
}
