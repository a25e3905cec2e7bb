package dev.switchboard.bench;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;

import dev.switchboard.bench.checkpoint.CheckpointBench;
import dev.switchboard.bench.fanout.FanOutBench;
import dev.switchboard.bench.linear.LinearBench;
import dev.switchboard.bench.loop.LoopBench;
import dev.switchboard.bench.send.SendBench;
import org.junit.jupiter.api.Test;

/**
 * Every implementation of every workload reaches the workload's final state: the checks each
 * benchmark's {@code @Setup} makes before JMH times anything, run here in the normal build.
 */
class FinalStateTest {
    @Test
    void linear() {
        assertDoesNotThrow(() -> new LinearBench().setup());
    }

    @Test
    void fanOut() {
        assertDoesNotThrow(() -> new FanOutBench().setup());
    }

    @Test
    void loop() {
        assertDoesNotThrow(() -> new LoopBench().setup());
    }

    @Test
    void send() {
        assertDoesNotThrow(() -> new SendBench().setup());
    }

    @Test
    void checkpointed() throws Exception {
        CheckpointBench bench = new CheckpointBench();
        try {
            assertDoesNotThrow(bench::setup);
        } finally {
            bench.tearDown();
        }
    }
}
