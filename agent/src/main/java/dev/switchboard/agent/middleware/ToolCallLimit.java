package dev.switchboard.agent.middleware;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.switchboard.agent.AgentMiddleware;
import dev.switchboard.agent.AgentState;
import dev.switchboard.agent.HookResult;
import dev.switchboard.agent.ToolResult;
import dev.switchboard.annotation.AfterModel;
import dev.switchboard.annotation.JumpTo;
import dev.switchboard.annotation.Middleware;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.annotation.Untracked;
import dev.switchboard.langchain4j.Message;
import dev.switchboard.runtime.reducer.MergeMap;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Limits tool calls, LangChain's {@code toolCallLimitMiddleware}: of one tool or of all, per thread
 * (checkpointed, across runs) and per run (untracked, from zero at every invocation). After each
 * model call the calls that fit the limits are counted and allowed; the others are blocked. With
 * {@link ExitBehavior#CONTINUE} (the default) a blocked call is answered with an error result ({@code
 * "Tool call limit exceeded. Do not call '<tool>' again."}) and the allowed ones run; with {@link
 * ExitBehavior#END} the agent ends with an AI message naming the limit (and fails if calls of other
 * tools are pending, which it cannot leave unanswered); with {@link ExitBehavior#ERROR} the run fails.
 * Its name is {@code ToolCallLimitMiddleware[<tool>]} for one tool, so several can watch several tools.
 */
@Middleware(name = "ToolCallLimitMiddleware", state = ToolCallLimit.Counts.class)
public final class ToolCallLimit {
    /** The key of the count of all tools' calls. */
    public static final String ALL = "__all__";

    /**
     * The tool calls allowed, by tool name (or {@link #ALL}).
     *
     * @param threadToolCallCount the calls in this thread, all runs
     * @param runToolCallCount the calls in this run
     */
    public record Counts(
            @Reducer(MergeMap.class) Map<String, Integer> threadToolCallCount,
            @Untracked Map<String, Integer> runToolCallCount) {}

    private final String tool;
    private final Integer threadLimit;
    private final Integer runLimit;
    private final ExitBehavior exit;

    private ToolCallLimit(Builder b) {
        this.tool = b.tool;
        this.threadLimit = b.threadLimit;
        this.runLimit = b.runLimit;
        this.exit = b.exit;
    }

    /**
     * Starts a limit on the calls of all tools together.
     *
     * @return a builder
     */
    public static Builder builder() {
        return new Builder(null);
    }

    /**
     * Starts a limit on the calls of one tool.
     *
     * @param tool the tool's name
     * @return a builder
     */
    public static Builder of(String tool) {
        return new Builder(Objects.requireNonNull(tool, "tool"));
    }

    @AfterModel(canJumpTo = JumpTo.END)
    HookResult afterModel(AgentState<?> state, Counts counts) {
        Message last = state.lastAiMessage().orElse(null);
        AiMessage ai = last == null ? null : (AiMessage) last.chat();
        if (ai == null || !ai.hasToolExecutionRequests()) {
            return HookResult.none();
        }
        String key = tool == null ? ALL : tool;
        int thread = count(counts.threadToolCallCount(), key);
        int run = count(counts.runToolCallCount(), key);
        List<ToolExecutionRequest> allowed = new ArrayList<>();
        List<ToolExecutionRequest> blocked = new ArrayList<>();
        for (ToolExecutionRequest call : ai.toolExecutionRequests()) {
            if (tool != null && !tool.equals(call.name())) {
                continue;
            }
            if ((threadLimit != null && thread + 1 > threadLimit) || (runLimit != null && run + 1 > runLimit)) {
                blocked.add(call);
            } else {
                allowed.add(call);
                thread++;
                run++;
            }
        }
        Map<String, Integer> runCounts =
                new LinkedHashMap<>(counts.runToolCallCount() == null ? Map.of() : counts.runToolCallCount());
        runCounts.put(key, run + blocked.size());
        ToolCallLimit_CountsUpdate update = ToolCallLimit_CountsUpdate.of()
                .threadToolCallCount(Map.of(key, thread))
                .runToolCallCount(runCounts);
        if (blocked.isEmpty()) {
            return allowed.isEmpty() ? HookResult.none() : HookResult.update(update);
        }
        String limits = exceeded(thread + blocked.size(), run + blocked.size());
        if (exit == ExitBehavior.ERROR) {
            throw new CallLimitExceededException(limits);
        }
        List<Message> messages = new ArrayList<>();
        String refusal = tool == null
                ? "Tool call limit exceeded. Do not make additional tool calls."
                : "Tool call limit exceeded. Do not call '" + tool + "' again.";
        for (ToolExecutionRequest call : blocked) {
            messages.add(ToolResult.error(call, refusal).message().orElseThrow());
        }
        if (exit == ExitBehavior.END) {
            Set<String> others = pendingOthers(ai.toolExecutionRequests(), allowed);
            if (!others.isEmpty()) {
                throw new IllegalStateException("Cannot end execution with other tool calls pending. Found calls to: "
                        + String.join(", ", others) + ". Use ExitBehavior.CONTINUE or ERROR instead.");
            }
            messages.add(Message.ai(limits));
            return HookResult.messages(messages).and(update).withJump(JumpTo.END);
        }
        return HookResult.messages(messages).and(update);
    }

    /** The tools of calls that ending now would leave unanswered. */
    private Set<String> pendingOthers(List<ToolExecutionRequest> calls, List<ToolExecutionRequest> allowed) {
        Set<String> others = new LinkedHashSet<>();
        if (tool != null) {
            calls.stream().filter(c -> !tool.equals(c.name())).forEach(c -> others.add(c.name()));
        } else if (calls.stream().map(ToolExecutionRequest::name).distinct().count() > 1) {
            (allowed.isEmpty() ? calls : allowed).forEach(c -> others.add(c.name()));
        }
        return others;
    }

    private String exceeded(int threadCount, int runCount) {
        List<String> parts = new ArrayList<>();
        if (threadLimit != null && threadCount > threadLimit) {
            parts.add("thread limit exceeded (" + threadCount + "/" + threadLimit + " calls)");
        }
        if (runLimit != null && runCount > runLimit) {
            parts.add("run limit exceeded (" + runCount + "/" + runLimit + " calls)");
        }
        return (tool == null ? "Tool" : "'" + tool + "' tool") + " call limit reached: " + String.join(" and ", parts)
                + ".";
    }

    private static int count(Map<String, Integer> counts, String key) {
        return counts == null ? 0 : counts.getOrDefault(key, 0);
    }

    /** Configures a {@link ToolCallLimit}. */
    public static final class Builder {
        private final String tool;
        private Integer threadLimit;
        private Integer runLimit;
        private ExitBehavior exit = ExitBehavior.CONTINUE;

        private Builder(String tool) {
            this.tool = tool;
        }

        /**
         * The most calls of a thread, over all its runs.
         *
         * @param limit the limit
         * @return this builder
         */
        public Builder threadLimit(int limit) {
            this.threadLimit = nonNegative(limit);
            return this;
        }

        /**
         * The most calls of one run.
         *
         * @param limit the limit
         * @return this builder
         */
        public Builder runLimit(int limit) {
            this.runLimit = nonNegative(limit);
            return this;
        }

        /**
         * What happens to calls over the limit ({@link ExitBehavior#CONTINUE} unless set).
         *
         * @param behavior the behavior
         * @return this builder
         */
        public Builder exitBehavior(ExitBehavior behavior) {
            this.exit = Objects.requireNonNull(behavior, "behavior");
            return this;
        }

        /**
         * Builds the middleware.
         *
         * @return the middleware
         * @throws IllegalStateException without a limit, or with a run limit above the thread limit
         */
        public AgentMiddleware build() {
            if (threadLimit == null && runLimit == null) {
                throw new IllegalStateException("At least one limit must be specified (threadLimit or runLimit)");
            }
            if (threadLimit != null && runLimit != null && runLimit > threadLimit) {
                throw new IllegalStateException("runLimit (" + runLimit + ") cannot exceed threadLimit (" + threadLimit
                        + "): a run's calls are calls of its thread");
            }
            ToolCallLimit limit = new ToolCallLimit(this);
            return tool == null
                    ? new ToolCallLimitMiddleware(limit)
                    : new ToolCallLimitMiddleware(limit, "ToolCallLimitMiddleware[" + tool + "]");
        }

        private static int nonNegative(int limit) {
            if (limit < 0) {
                throw new IllegalArgumentException("a limit is not negative, was " + limit);
            }
            return limit;
        }
    }
}
