package dev.switchboard.runtime.pregel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A failed attempt clears its counters; only a retry moves the attempt number on. */
class ExecutionTest {
    @Test
    void failedClearsTheCountersButKeepsTheNumber() {
        Execution a = new Execution(Task.pull(1, "a", new int[] {0}, null));
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
        Execution a = new Execution(Task.pull(1, "a", new int[] {0}, null));
        a.failed();
        a.retry();
        a.failed();
        a.retry();
        assertEquals(3, a.number);
    }
}
