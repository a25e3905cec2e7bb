package dev.switchboard.runtime.serde;

/**
 * Bounds on what decoding a stored value may cost, so that a corrupted or hostile checkpoint cannot
 * exhaust memory or the stack.
 *
 * @param maxBytes the largest encoded value accepted
 * @param maxNestingDepth the deepest nesting of arrays and objects accepted
 * @param maxStringLength the longest string accepted
 */
public record SerdeLimits(int maxBytes, int maxNestingDepth, int maxStringLength) {
    /** 64 MiB per value, nesting 256, strings of 16 Mi characters. */
    public static final SerdeLimits DEFAULT = new SerdeLimits(64 << 20, 256, 16 << 20);

    /**
     * Checks the limits.
     *
     * @param maxBytes the largest encoded value accepted
     * @param maxNestingDepth the deepest nesting accepted
     * @param maxStringLength the longest string accepted
     */
    public SerdeLimits {
        if (maxBytes < 1 || maxNestingDepth < 1 || maxStringLength < 1) {
            throw new IllegalArgumentException("serde limits must be positive");
        }
    }
}
