package dev.switchboard.runtime.pregel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A failed attempt clears its counters; only a retry moves the attempt number on. */
class ExecutionTest {
    private final Execution e = new Execution(null, Task.pull(1, "a", new int[] {0}, null), 0, 25);

    @Test
    void failedClearsTheCountersButKeepsTheNumber() {
        e.counters().interruptCalls = 2;
        e.counters().interruptsRaised = 1;
        e.counters().subgraphCalls = 3;
        assertEquals(0, e.nextStep());
        assertEquals(1, e.nextStep());
        e.failed();
        assertEquals(1, e.number);
        assertEquals(0, e.interruptsRaised());
        assertEquals(0, e.counters().interruptCalls);
        assertEquals(0, e.counters().subgraphCalls);
        assertEquals(0, e.nextStep(), "steps are numbered from 0 in each attempt");
    }

    @Test
    void retryCountsAttemptsFromOne() {
        e.failed();
        e.retry();
        e.failed();
        e.retry();
        assertEquals(3, e.number);
    }
}
