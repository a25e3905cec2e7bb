package dev.switchboard.agent.middleware;

import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * A size of the conversation, as the {@link Summarization} middleware measures it: a number of
 * messages, of tokens (by its token counter), or a fraction of the model's input window. As a
 * trigger, a size with several measures is reached when all of them are; as what to keep, it has
 * exactly one. Immutable.
 */
public final class ContextSize {
    private final int messages;
    private final int tokens;
    private final double fraction;

    private ContextSize(int messages, int tokens, double fraction) {
        this.messages = messages;
        this.tokens = tokens;
        this.fraction = fraction;
    }

    /**
     * A number of messages.
     *
     * @param count the count, positive for a trigger, zero or more to keep
     * @return the size
     */
    public static ContextSize messages(int count) {
        return new ContextSize(nonNegative(count, "messages"), -1, -1);
    }

    /**
     * A number of tokens.
     *
     * @param count the count
     * @return the size
     */
    public static ContextSize tokens(int count) {
        return new ContextSize(-1, nonNegative(count, "tokens"), -1);
    }

    /**
     * A fraction of the model's input window (needs {@code Summarization.Builder.maxInputTokens}).
     *
     * @param share between 0 and 1
     * @return the size
     */
    public static ContextSize fraction(double share) {
        if (!(share >= 0 && share <= 1)) {
            throw new IllegalArgumentException("a fraction is between 0 and 1, was " + share);
        }
        return new ContextSize(-1, -1, share);
    }

    /**
     * This size and a number of tokens, both to be reached.
     *
     * @param count the tokens
     * @return a new size
     */
    public ContextSize andTokens(int count) {
        return new ContextSize(messages, nonNegative(count, "tokens"), fraction);
    }

    /**
     * This size and a number of messages, both to be reached.
     *
     * @param count the messages
     * @return a new size
     */
    public ContextSize andMessages(int count) {
        return new ContextSize(nonNegative(count, "messages"), tokens, fraction);
    }

    private static int nonNegative(int n, String what) {
        if (n < 0) {
            throw new IllegalArgumentException(what + " must not be negative, was " + n);
        }
        return n;
    }

    OptionalInt messageCount() {
        return messages < 0 ? OptionalInt.empty() : OptionalInt.of(messages);
    }

    OptionalInt tokenCount() {
        return tokens < 0 ? OptionalInt.empty() : OptionalInt.of(tokens);
    }

    OptionalDouble share() {
        return fraction < 0 ? OptionalDouble.empty() : OptionalDouble.of(fraction);
    }

    int measures() {
        return (messages < 0 ? 0 : 1) + (tokens < 0 ? 0 : 1) + (fraction < 0 ? 0 : 1);
    }

    @Override
    public String toString() {
        return "ContextSize[" + (messages < 0 ? "" : "messages=" + messages + " ")
                + (tokens < 0 ? "" : "tokens=" + tokens + " ") + (fraction < 0 ? "" : "fraction=" + fraction) + "]";
    }
}
