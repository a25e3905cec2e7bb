package dev.switchboard.bench;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.switchboard.bench.checkpoint.CheckpointBench;
import dev.switchboard.bench.fanout.FanOutBench;
import dev.switchboard.bench.grow.GrowWork;
import dev.switchboard.bench.grow.Journal;
import dev.switchboard.bench.grow.LoopGrowBench;
import dev.switchboard.bench.grow.SendGrowBench;
import dev.switchboard.bench.grow.StateGrowBench;
import dev.switchboard.bench.linear.LinearBench;
import dev.switchboard.bench.linear.LinearWork;
import dev.switchboard.bench.loop.LoopBench;
import dev.switchboard.bench.send.SendBench;
import dev.switchboard.bench.server.ServerOverheadBench;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

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

    @Test
    void checkpointedOnPostgres() throws Exception {
        assumeTrue(PostgresSchema.configuredUrl().isPresent(), "SWITCHBOARD_POSTGRES_URL is unset");
        CheckpointBench.Postgres pg = new CheckpointBench.Postgres();
        pg.setup();
        try {
            LinearWork.check(
                    new CheckpointBench().switchboardPostgres(pg).counter(),
                    new CheckpointBench().switchboardPostgres(pg).log());
        } finally {
            pg.tearDown();
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {100, 1000, 10_000})
    void loopOfEveryLength(int rounds) {
        LoopGrowBench bench = new LoopGrowBench();
        bench.rounds = rounds;
        assertDoesNotThrow(bench::setup);
        assertEquals(rounds, bench.switchboard().counter());
    }

    @ParameterizedTest
    @ValueSource(ints = {10, 100, 1000})
    void sendOfEveryWidth(int width) {
        SendGrowBench bench = new SendGrowBench();
        bench.width = width;
        assertDoesNotThrow(bench::setup);
        assertEquals(width, bench.switchboard().results().size());
    }

    @ParameterizedTest
    @ValueSource(ints = {10, 1000, 100_000})
    void stateOfEverySize(int messages) {
        StateGrowBench bench = new StateGrowBench();
        bench.messages = messages;
        assertDoesNotThrow(bench::setup);
        Journal j = bench.switchboard();
        assertEquals(messages + GrowWork.STATE_STEPS, j.log().size());
        assertEquals("n1", j.log().get(messages));
    }

    @Test
    void journalCheckRejectsAWrongLog() {
        Journal wrong = new Journal(2, 2, List.of("n1", "n1"));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> GrowWork.checkJournal(wrong, 0, 2));
        assertEquals("journal log: expected [n1, n2] but was [n1, n1]", e.getMessage());
    }

    @Test
    void serverAndDirectRunsReachTheSameState() throws Exception {
        ServerOverheadBench bench = new ServerOverheadBench();
        try {
            assertDoesNotThrow(bench::setup);
            assertEquals("{\"counter\":3,\"log\":[\"a\",\"b\",\"c\"]}", bench.server());
            assertEquals(List.of("a", "b", "c"), bench.direct().log());
        } finally {
            bench.tearDown();
        }
    }
}
