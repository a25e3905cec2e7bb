package dev.switchboard.bench;

import java.util.Objects;

/**
 * Final-state checks shared by every implementation's {@code @Setup} and by the unit test: a
 * benchmark that computes the wrong thing fast must fail, not report a number.
 */
public final class Check {
    private Check() {}

    /**
     * Fails unless the two values are equal.
     *
     * @param what what is compared, for the message
     * @param expected the expected value
     * @param actual the value an implementation produced
     * @throws IllegalStateException if they differ
     */
    public static void equal(String what, Object expected, Object actual) {
        if (!Objects.equals(expected, actual)) {
            throw new IllegalStateException(what + ": expected " + expected + " but was " + actual);
        }
    }
}
