package dev.switchboard.agent.middleware;

import dev.switchboard.agent.AgentMiddleware;
import dev.switchboard.agent.ToolCallHandler;
import dev.switchboard.agent.ToolCallRequest;
import dev.switchboard.agent.ToolResult;
import dev.switchboard.annotation.Middleware;
import dev.switchboard.annotation.WrapToolCall;
import dev.switchboard.runtime.pregel.ControlSignals;
import java.time.Duration;
import java.util.Arrays;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Tool retries, LangChain's {@code toolRetryMiddleware}: a tool call that throws is tried again, up to
 * {@code maxRetries} more times (2 by default), after an exponential backoff (1 s, doubled each time,
 * at most 60 s, with ±25% jitter). Only failures {@code retryOn} accepts are retried (all by default),
 * and only for the tools listed (all by default). When the retries are spent, the model gets an error
 * result ({@code "Tool '<tool>' failed after <n> attempts with <Exception>"}, or a text of the caller's),
 * or with {@link Builder#failing()} the failure fails the run. Pauses and handoffs are never retried.
 */
@Middleware(name = "ToolRetryMiddleware")
public final class ToolRetry {
    private final int maxRetries;
    private final Set<String> tools;
    private final Predicate<Exception> retryOn;
    private final Duration initialDelay;
    private final double backoffFactor;
    private final Duration maxDelay;
    private final boolean jitter;
    private final Function<Exception, String> onFailure;
    private final boolean fail;

    private ToolRetry(Builder b) {
        this.maxRetries = b.maxRetries;
        this.tools = Set.copyOf(b.tools);
        this.retryOn = b.retryOn;
        this.initialDelay = b.initialDelay;
        this.backoffFactor = b.backoffFactor;
        this.maxDelay = b.maxDelay;
        this.jitter = b.jitter;
        this.onFailure = b.onFailure;
        this.fail = b.fail;
    }

    /**
     * Starts a configuration.
     *
     * @return a builder
     */
    public static Builder builder() {
        return new Builder();
    }

    @WrapToolCall
    ToolResult retry(ToolCallRequest request, ToolCallHandler handler) throws Exception {
        String tool = request.call().name();
        if (!tools.isEmpty() && !tools.contains(tool)) {
            return handler.call(request);
        }
        for (int attempt = 0; ; attempt++) {
            try {
                return handler.call(request);
            } catch (Exception e) {
                if (ControlSignals.isSignal(e)) {
                    throw e;
                }
                if (!retryOn.test(e) || attempt >= maxRetries) {
                    return failed(request, e, attempt + 1);
                }
                sleep(delay(attempt));
            }
        }
    }

    private ToolResult failed(ToolCallRequest request, Exception e, int attempts) throws Exception {
        if (fail) {
            throw e;
        }
        String text = onFailure != null
                ? onFailure.apply(e)
                : "Tool '" + request.call().name() + "' failed after " + attempts + " attempt"
                        + (attempts == 1 ? "" : "s") + " with " + e.getClass().getSimpleName();
        return ToolResult.error(request.call(), text);
    }

    private long delay(int retry) {
        double d =
                backoffFactor == 0 ? initialDelay.toMillis() : initialDelay.toMillis() * Math.pow(backoffFactor, retry);
        d = Math.min(d, maxDelay.toMillis());
        if (jitter && d > 0) {
            d = Math.max(0, d + (ThreadLocalRandom.current().nextDouble() * 2 - 1) * d * 0.25);
        }
        return (long) d;
    }

    private static void sleep(long millis) throws InterruptedException {
        if (millis > 0) {
            Thread.sleep(millis);
        }
    }

    /** Configures a {@link ToolRetry}. */
    public static final class Builder {
        private int maxRetries = 2;
        private Set<String> tools = Set.of();
        private Predicate<Exception> retryOn = e -> true;
        private Duration initialDelay = Duration.ofSeconds(1);
        private double backoffFactor = 2.0;
        private Duration maxDelay = Duration.ofSeconds(60);
        private boolean jitter = true;
        private Function<Exception, String> onFailure;
        private boolean fail;

        private Builder() {}

        /**
         * How many times a failed call is tried again (2 unless set).
         *
         * @param retries the retries, 0 or more
         * @return this builder
         */
        public Builder maxRetries(int retries) {
            if (retries < 0) {
                throw new IllegalArgumentException("maxRetries is not negative, was " + retries);
            }
            this.maxRetries = retries;
            return this;
        }

        /**
         * Retry only calls of these tools.
         *
         * @param names the tools' names
         * @return this builder
         */
        public Builder tools(String... names) {
            this.tools = Set.copyOf(Arrays.asList(names));
            return this;
        }

        /**
         * Retry only failures this accepts.
         *
         * @param test whether a failure is worth another try
         * @return this builder
         */
        public Builder retryOn(Predicate<Exception> test) {
            this.retryOn = Objects.requireNonNull(test, "test");
            return this;
        }

        /**
         * The backoff: first delay, factor, largest delay, and whether to add ±25% jitter.
         *
         * @param initial the first delay
         * @param factor what each delay is multiplied by (0 keeps it constant)
         * @param max the largest delay
         * @param withJitter whether to randomize delays
         * @return this builder
         */
        public Builder backoff(Duration initial, double factor, Duration max, boolean withJitter) {
            this.initialDelay = Objects.requireNonNull(initial, "initial");
            if (factor < 0) {
                throw new IllegalArgumentException("the backoff factor is not negative, was " + factor);
            }
            this.backoffFactor = factor;
            this.maxDelay = Objects.requireNonNull(max, "max");
            this.jitter = withJitter;
            return this;
        }

        /**
         * What the model is told when the retries are spent.
         *
         * @param message the error result's text for a failure
         * @return this builder
         */
        public Builder onFailure(Function<Exception, String> message) {
            this.onFailure = Objects.requireNonNull(message, "message");
            this.fail = false;
            return this;
        }

        /**
         * Fail the run when the retries are spent, instead of telling the model.
         *
         * @return this builder
         */
        public Builder failing() {
            this.fail = true;
            return this;
        }

        /**
         * Builds the middleware.
         *
         * @return the middleware
         */
        public AgentMiddleware build() {
            return new ToolRetryMiddleware(new ToolRetry(this));
        }
    }
}
