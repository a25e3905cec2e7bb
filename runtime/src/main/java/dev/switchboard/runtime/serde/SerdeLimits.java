package dev.switchboard.runtime.serde;

/**
 * Bounds on what decoding a stored value may cost, so that a corrupted or hostile checkpoint cannot
 * exhaust memory, time or the stack. They are enforced by the parser while it streams, before
 * anything is built, and a breach is a {@link SerdeException} naming the channel and the limit.
 *
 * <p>What decoding can allocate follows from them: each JSON token (a scalar, a property name, the
 * start or end of an array or object) becomes at most one small object of a few dozen bytes, and
 * strings take at most two bytes per stored byte. {@code maxTokens} bounds each value while it
 * streams and, as a {@link DecodeBudget}, the values of one checkpoint together (and again its
 * pending writes), checked after each value. So with the defaults reading a checkpoint costs at
 * most about twice its stored size in strings plus some 128 MiB of structure for at most two
 * million tokens, however many channels it has; a value of millions of tiny elements is refused
 * rather than inflated twenty-fold.
 *
 * @param maxBytes the largest encoded value accepted
 * @param maxNestingDepth the deepest nesting of arrays and objects accepted
 * @param maxStringLength the longest string accepted, in characters
 * @param maxTokens the most JSON tokens one stored value, or one checkpoint's values together, may
 *     hold
 */
public record SerdeLimits(int maxBytes, int maxNestingDepth, int maxStringLength, long maxTokens) {
    private static final long DEFAULT_TOKENS = 1 << 20;

    /** 64 MiB per value, nesting 256, strings of 16 Mi characters, 1 Mi tokens. */
    public static final SerdeLimits DEFAULT = new SerdeLimits(64 << 20, 256, 16 << 20, DEFAULT_TOKENS);

    /**
     * Checks the limits.
     *
     * @param maxBytes the largest encoded value accepted
     * @param maxNestingDepth the deepest nesting accepted
     * @param maxStringLength the longest string accepted
     * @param maxTokens the most JSON tokens accepted per value
     */
    public SerdeLimits {
        if (maxBytes < 1 || maxNestingDepth < 1 || maxStringLength < 1 || maxTokens < 1) {
            throw new IllegalArgumentException("serde limits must be positive");
        }
    }

    /**
     * Limits with the default token count.
     *
     * @param maxBytes the largest encoded value accepted
     * @param maxNestingDepth the deepest nesting accepted
     * @param maxStringLength the longest string accepted
     */
    public SerdeLimits(int maxBytes, int maxNestingDepth, int maxStringLength) {
        this(maxBytes, maxNestingDepth, maxStringLength, DEFAULT_TOKENS);
    }
}
