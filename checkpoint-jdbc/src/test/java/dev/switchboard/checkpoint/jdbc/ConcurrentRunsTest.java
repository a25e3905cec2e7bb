package dev.switchboard.checkpoint.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StateSnapshot;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata.Source;
import dev.switchboard.runtime.checkpoint.ConcurrentRunException;
import dev.switchboard.runtime.checkpoint.ListOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * DESIGN.md section 5, end to end: runs racing on one thread never fork its history and never lose
 * a committed superstep; the losers get {@link ConcurrentRunException}. Eight runs start together
 * on a fresh thread, two hundred times.
 */
class ConcurrentRunsTest {
    static final int ROUNDS = 200;
    static final int RUNS = 8;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"sqlite", "postgres"})
    void racingRunsKeepOneChainAndLoseNothing(String kind) throws Exception {
        try (Backend backend = Backend.of(kind, dir);
                JdbcSaver saver = backend.open("race")) {
            TickerGraph graph =
                    TickerGraph.builder(new Ticker()).checkpointer(saver).build();
            ExecutorService pool = Executors.newFixedThreadPool(RUNS);
            AtomicInteger winners = new AtomicInteger(), losers = new AtomicInteger();
            ConcurrentLinkedQueue<Throwable> unexpected = new ConcurrentLinkedQueue<>();
            int forks = 0, lost = 0, checkpoints = 0, committedSteps = 0;
            // Per round: the final counter must equal the committed runs of tick.
            long started = System.nanoTime();
            try {
                for (int round = 0; round < ROUNDS; round++) {
                    String thread = "race-" + round;
                    CountDownLatch start = new CountDownLatch(1);
                    List<Future<?>> runs = new ArrayList<>();
                    for (int r = 0; r < RUNS; r++) {
                        String who = "run-" + r;
                        runs.add(pool.submit(() -> {
                            start.await();
                            try {
                                graph.invoke(TallyUpdate.of().who(who), RunConfig.thread(thread));
                                winners.incrementAndGet();
                            } catch (ConcurrentRunException e) {
                                losers.incrementAndGet();
                            } catch (Throwable e) {
                                unexpected.add(e);
                            }
                            return null;
                        }));
                    }
                    start.countDown();
                    for (Future<?> f : runs) {
                        f.get(60, TimeUnit.SECONDS);
                    }

                    List<StateSnapshot<Tally>> history = graph.getStateHistory(RunConfig.thread(thread));
                    assertEquals(
                            saver.list(thread, "", ListOptions.ALL).size(),
                            history.size(),
                            "the history lists every stored checkpoint");
                    for (int i = 0; i < history.size(); i++) {
                        String expectedParent = i + 1 < history.size()
                                ? history.get(i + 1).checkpointId().orElseThrow()
                                : null;
                        if (!Objects.equals(expectedParent, history.get(i).parentCheckpointId())) {
                            forks++;
                        }
                    }
                    // The superstep that made a loop checkpoint ran the tasks its parent lists as
                    // next: every committed run of tick must be in the counter, exactly once.
                    Map<String, StateSnapshot<Tally>> byId = new HashMap<>();
                    history.forEach(s -> byId.put(s.checkpointId().orElseThrow(), s));
                    int loopCheckpoints = 0, ticks = 0;
                    for (StateSnapshot<Tally> s : history) {
                        if (s.metadata().source() == Source.LOOP) {
                            loopCheckpoints++;
                            ticks += (int) byId.get(s.parentCheckpointId()).next().stream()
                                    .filter("tick"::equals)
                                    .count();
                        }
                    }
                    int count = history.get(0).values().count();
                    lost += Math.abs(count - ticks);
                    checkpoints += history.size();
                    committedSteps += loopCheckpoints;
                }
            } finally {
                pool.shutdownNow();
            }
            double seconds = (System.nanoTime() - started) / 1e9;
            System.out.printf(
                    Locale.ROOT,
                    "[figures] %s race: %d rounds x %d concurrent runs on one thread = %d runs: %d winners, %d losers"
                            + " (ConcurrentRunException), %d checkpoints, %d committed supersteps, forks=%d, lost=%d,"
                            + " %.1f s%n",
                    kind,
                    ROUNDS,
                    RUNS,
                    ROUNDS * RUNS,
                    winners.get(),
                    losers.get(),
                    checkpoints,
                    committedSteps,
                    forks,
                    lost,
                    seconds);
            assertTrue(unexpected.isEmpty(), () -> "runs failed otherwise: " + unexpected);
            assertEquals(ROUNDS * RUNS, winners.get() + losers.get());
            assertTrue(winners.get() >= ROUNDS, "every round has a winner");
            assertTrue(losers.get() > 0, "the runs did race");
            assertEquals(0, forks, "forks");
            assertEquals(0, lost, "lost supersteps");
        }
    }
}
