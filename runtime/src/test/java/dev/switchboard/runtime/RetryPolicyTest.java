package dev.switchboard.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.error.ErrorCode;
import java.io.IOException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class RetryPolicyTest {
    @Test
    void defaultsAreLangGraphs() {
        RetryPolicy p = RetryPolicy.defaults();
        assertEquals(3, p.maxAttempts());
        assertEquals(Duration.ofMillis(500), p.initialInterval());
        assertEquals(2.0, p.backoffFactor());
        assertEquals(Duration.ofSeconds(128), p.maxInterval());
        assertTrue(p.jitter());
    }

    @Test
    void waitsGrowByTheFactorUpToTheMaximum() {
        RetryPolicy p = RetryPolicy.defaults().withBackoff(Duration.ofMillis(100), 3.0, Duration.ofMillis(1000), false);
        assertEquals(Duration.ofMillis(100), p.delayBefore(2));
        assertEquals(Duration.ofMillis(300), p.delayBefore(3));
        assertEquals(Duration.ofMillis(900), p.delayBefore(4));
        assertEquals(Duration.ofMillis(1000), p.delayBefore(5));
        assertEquals(Duration.ofMillis(1000), p.delayBefore(60));
    }

    @Test
    void jitterAddsUnderASecond() {
        RetryPolicy p = RetryPolicy.defaults().withBackoff(Duration.ofMillis(100), 1.0, Duration.ofMillis(100), true);
        for (int i = 0; i < 200; i++) {
            long wait = p.delayBefore(2).toMillis();
            assertTrue(wait >= 100 && wait < 1100, "wait " + wait);
        }
    }

    @Test
    void theDefaultRetriesIoAndTimeoutsButNotProgrammingOrGraphErrors() {
        var retry = RetryPolicy.DEFAULT_RETRY_ON;
        assertTrue(retry.test(new IOException("reset")));
        assertTrue(retry.test(new java.io.UncheckedIOException(new IOException("reset"))));
        assertTrue(retry.test(new NodeTimeoutException("n", 1, Duration.ofSeconds(1))));
        assertFalse(retry.test(new NullPointerException()));
        assertFalse(retry.test(new IllegalArgumentException()));
        assertFalse(retry.test(new IllegalStateException()));
        assertFalse(retry.test(new ClassCastException()));
        assertFalse(retry.test(new ArithmeticException()));
        assertFalse(retry.test(new InvalidUpdateException("bad", ErrorCode.INVALID_CONCURRENT_GRAPH_UPDATE)));
        assertFalse(retry.test(new OutOfMemoryError()));
    }

    @Test
    void badSettingsAreRefused() {
        RetryPolicy p = RetryPolicy.defaults();
        assertThrows(IllegalArgumentException.class, () -> p.withMaxAttempts(0));
        assertThrows(
                IllegalArgumentException.class,
                () -> p.withBackoff(Duration.ofMillis(1), 0.5, Duration.ofMillis(1), false));
        IllegalArgumentException negative = assertThrows(
                IllegalArgumentException.class,
                () -> p.withBackoff(Duration.ofMillis(-5), 1.0, Duration.ofMillis(-5), false));
        assertEquals("initialInterval must not be negative, was PT-0.005S", negative.getMessage());
        IllegalArgumentException shorter = assertThrows(
                IllegalArgumentException.class,
                () -> p.withBackoff(Duration.ofMillis(10), 1.0, Duration.ofMillis(5), false));
        assertEquals("maxInterval PT0.005S is shorter than initialInterval PT0.01S", shorter.getMessage());
        assertThrows(NullPointerException.class, () -> p.withRetryOn(null));
    }
}
