package dev.switchboard.runtime.serde;

/**
 * The JSON tokens that several stored values read together (the values and deltas of one
 * checkpoint, or its pending writes) may hold between them: {@link SerdeLimits#maxTokens()} bounds
 * each value while it streams, and a budget bounds their sum, so that a checkpoint of many channels
 * costs no more than one of a single channel. Checked after each value, so the sum may overshoot by
 * at most one value's tokens. Not thread-safe: one budget per read.
 */
public final class DecodeBudget {
    private final long tokens;
    private long spent;

    /**
     * A budget of the given size.
     *
     * @param tokens the tokens the values may hold together
     */
    public DecodeBudget(long tokens) {
        if (tokens < 1) {
            throw new IllegalArgumentException("a decode budget must be positive");
        }
        this.tokens = tokens;
    }

    /**
     * The budget for one checkpoint: {@link SerdeLimits#maxTokens()} in all.
     *
     * @param limits the limits
     * @return a fresh budget
     */
    public static DecodeBudget of(SerdeLimits limits) {
        return new DecodeBudget(limits.maxTokens());
    }

    /**
     * Tokens spent so far.
     *
     * @return the sum of the tokens of the values read
     */
    public long spent() {
        return spent;
    }

    void spend(long n) {
        spent += n;
        if (spent > tokens) {
            throw new SerdeException(
                    "stored values read together exceed SerdeLimits.maxTokens = " + tokens + " JSON tokens", null);
        }
    }
}
