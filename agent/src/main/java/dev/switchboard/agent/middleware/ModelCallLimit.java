package dev.switchboard.agent.middleware;

import dev.switchboard.agent.AgentMiddleware;
import dev.switchboard.agent.HookResult;
import dev.switchboard.annotation.AfterModel;
import dev.switchboard.annotation.BeforeModel;
import dev.switchboard.annotation.JumpTo;
import dev.switchboard.annotation.Middleware;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.annotation.Untracked;
import dev.switchboard.langchain4j.Message;
import dev.switchboard.runtime.reducer.Sum;
import java.util.Objects;

/**
 * Limits model calls, LangChain's {@code modelCallLimitMiddleware}: per thread (counted in the
 * checkpointed state, across runs) and per run (counted in an untracked channel, so every invocation,
 * a resume included, starts from zero, as LangChain Python counts it). Before a model call that would
 * go over a limit the agent ends with an AI message naming the limit ({@link ExitBehavior#END}, the
 * default), or the run fails ({@link ExitBehavior#ERROR}).
 */
@Middleware(name = "ModelCallLimitMiddleware", state = ModelCallLimit.Counts.class)
public final class ModelCallLimit {
    /**
     * The model calls made.
     *
     * @param threadModelCallCount the calls in this thread, all runs
     * @param runModelCallCount the calls in this run
     */
    public record Counts(
            @Reducer(Sum.class) int threadModelCallCount,
            @Untracked int runModelCallCount) {}

    private final Integer threadLimit;
    private final Integer runLimit;
    private final ExitBehavior exit;

    private ModelCallLimit(Builder b) {
        this.threadLimit = b.threadLimit;
        this.runLimit = b.runLimit;
        this.exit = b.exit;
    }

    /**
     * Starts a configuration.
     *
     * @return a builder
     */
    public static Builder builder() {
        return new Builder();
    }

    @BeforeModel(canJumpTo = JumpTo.END)
    HookResult beforeModel(Counts counts) {
        String reached = null;
        if (threadLimit != null && threadLimit <= counts.threadModelCallCount()) {
            reached = "thread level call limit reached with " + counts.threadModelCallCount() + " model calls";
        } else if (runLimit != null && runLimit <= counts.runModelCallCount()) {
            reached = "run level call limit reached with " + counts.runModelCallCount() + " model calls";
        }
        if (reached == null) {
            return HookResult.none();
        }
        String message = "Model call limits exceeded: " + reached;
        if (exit == ExitBehavior.ERROR) {
            throw new CallLimitExceededException(message);
        }
        return HookResult.messages(Message.ai(message)).withJump(JumpTo.END);
    }

    @AfterModel
    ModelCallLimit_CountsUpdate afterModel(Counts counts) {
        return ModelCallLimit_CountsUpdate.of()
                .threadModelCallCount(1)
                .runModelCallCount(counts.runModelCallCount() + 1);
    }

    /** Configures a {@link ModelCallLimit}. */
    public static final class Builder {
        private Integer threadLimit;
        private Integer runLimit;
        private ExitBehavior exit = ExitBehavior.END;

        private Builder() {}

        /**
         * The most model calls of a thread, over all its runs.
         *
         * @param limit the limit
         * @return this builder
         */
        public Builder threadLimit(int limit) {
            this.threadLimit = positive(limit);
            return this;
        }

        /**
         * The most model calls of one run.
         *
         * @param limit the limit
         * @return this builder
         */
        public Builder runLimit(int limit) {
            this.runLimit = positive(limit);
            return this;
        }

        /**
         * What happens at the limit: {@link ExitBehavior#END} (the default) or {@link ExitBehavior#ERROR}.
         *
         * @param behavior the behavior
         * @return this builder
         */
        public Builder exitBehavior(ExitBehavior behavior) {
            if (Objects.requireNonNull(behavior, "behavior") == ExitBehavior.CONTINUE) {
                throw new IllegalArgumentException(
                        "a model call limit ends or fails; CONTINUE is for tool call limits");
            }
            this.exit = behavior;
            return this;
        }

        /**
         * Builds the middleware.
         *
         * @return the middleware
         * @throws IllegalStateException without a limit
         */
        public AgentMiddleware build() {
            if (threadLimit == null && runLimit == null) {
                throw new IllegalStateException("set a threadLimit or a runLimit");
            }
            return new ModelCallLimitMiddleware(new ModelCallLimit(this));
        }

        private static int positive(int limit) {
            if (limit < 0) {
                throw new IllegalArgumentException("a limit is not negative, was " + limit);
            }
            return limit;
        }
    }
}
