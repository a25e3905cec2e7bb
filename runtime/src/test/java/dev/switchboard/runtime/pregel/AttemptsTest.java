package dev.switchboard.runtime.pregel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A failed attempt clears its counters; only a retry moves the attempt number on. */
class AttemptsTest {
    @Test
    void failedClearsTheCountersButKeepsTheNumber() {
        Attempts a = new Attempts();
        a.interruptCalls = 2;
        a.interruptsRaised = 1;
        a.subgraphCalls = 3;
        a.failed();
        assertEquals(1, a.number);
        assertEquals(0, a.interruptCalls);
        assertEquals(0, a.interruptsRaised);
        assertEquals(0, a.subgraphCalls);
    }

    @Test
    void retryCountsAttemptsFromOne() {
        Attempts a = new Attempts();
        a.failed();
        a.retry();
        a.failed();
        a.retry();
        assertEquals(3, a.number);
    }
}
