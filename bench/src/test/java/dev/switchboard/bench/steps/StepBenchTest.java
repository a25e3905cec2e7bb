package dev.switchboard.bench.steps;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The step benchmark's workloads reach their final state, and a step record's size is known. */
class StepBenchTest {
    @Test
    void everyVariantReachesTheFinalState() {
        assertDoesNotThrow(() -> new StepBench().setup());
    }

    @Test
    void aRecordOfASmallRecordStoresItsJsonAndName() {
        StepBytes.Measured m = StepBytes.measure();
        assertEquals(10, m.steps());
        // {"name":"unit-0","value":{"id":"r-0","cents":100}}
        assertEquals(50, m.valueBytesPerStep());
        assertEquals(50 + "__step__".length() + 36, m.bytesPerStep());
    }
}
