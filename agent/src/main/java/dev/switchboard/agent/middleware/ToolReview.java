package dev.switchboard.agent.middleware;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * How the {@link HumanInTheLoop} middleware reviews one tool, LangChain's {@code InterruptOnConfig}:
 * the decisions allowed, what the reviewer is shown, and when to ask at all. Immutable.
 */
public final class ToolReview {
    private final List<ReviewDecision> allowed;
    private final Function<ToolExecutionRequest, String> description;
    private final Predicate<ToolExecutionRequest> when;

    private ToolReview(
            List<ReviewDecision> allowed,
            Function<ToolExecutionRequest, String> description,
            Predicate<ToolExecutionRequest> when) {
        this.allowed = allowed;
        this.description = description;
        this.when = when;
    }

    /**
     * Review every call, allowing these decisions (in the order the reviewer is shown them).
     *
     * @param decisions the decisions allowed, at least one
     * @return the review
     */
    public static ToolReview allowing(ReviewDecision... decisions) {
        if (decisions.length == 0) {
            throw new IllegalArgumentException("a review allows at least one decision");
        }
        Set<ReviewDecision> seen = EnumSet.noneOf(ReviewDecision.class);
        for (ReviewDecision d : decisions) {
            if (!seen.add(Objects.requireNonNull(d, "decision"))) {
                throw new IllegalArgumentException("decision " + d + " is listed twice");
            }
        }
        return new ToolReview(List.copyOf(Arrays.asList(decisions)), null, null);
    }

    /**
     * Review every call, allowing approve, edit and reject (LangChain's {@code true}).
     *
     * @return the review
     */
    public static ToolReview all() {
        return allowing(ReviewDecision.APPROVE, ReviewDecision.EDIT, ReviewDecision.REJECT);
    }

    /**
     * With a fixed description for the reviewer.
     *
     * @param text the description
     * @return a new review
     */
    public ToolReview describedAs(String text) {
        Objects.requireNonNull(text, "text");
        return new ToolReview(allowed, call -> text, when);
    }

    /**
     * With a description computed from each call.
     *
     * @param describe the description of a call
     * @return a new review
     */
    public ToolReview describedBy(Function<ToolExecutionRequest, String> describe) {
        return new ToolReview(allowed, Objects.requireNonNull(describe, "describe"), when);
    }

    /**
     * Review only the calls that pass this test; the others run without review.
     *
     * @param test whether a call needs review
     * @return a new review
     */
    public ToolReview when(Predicate<ToolExecutionRequest> test) {
        return new ToolReview(allowed, description, Objects.requireNonNull(test, "test"));
    }

    List<ReviewDecision> allowed() {
        return allowed;
    }

    String description(ToolExecutionRequest call) {
        return description == null ? null : description.apply(call);
    }

    boolean applies(ToolExecutionRequest call) {
        return when == null || when.test(call);
    }
}
