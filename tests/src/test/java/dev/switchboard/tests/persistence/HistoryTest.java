package dev.switchboard.tests.persistence;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.checkpoint.jdbc.JdbcSaver;
import dev.switchboard.checkpoint.jdbc.SqliteSaver;
import dev.switchboard.runtime.Durability;
import dev.switchboard.runtime.NodeException;
import dev.switchboard.runtime.NodeUpdate;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StateSnapshot;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata.Source;
import dev.switchboard.runtime.checkpoint.ConcurrentRunException;
import dev.switchboard.runtime.checkpoint.ListOptions;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.runtime.reducer.Append;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

record Path(@Reducer(Append.class) List<String> trail) {}

/** START -> a -> b -> c; b fails while {@link #failB} is set, c may block on a latch. */
class Abc {
    final AtomicInteger aRuns = new AtomicInteger();
    final AtomicInteger bRuns = new AtomicInteger();
    volatile boolean failB;
    volatile CountDownLatch gate;

    @Node
    @Edge(from = START)
    PathUpdate a(Path s) {
        aRuns.incrementAndGet();
        return PathUpdate.of().trail(List.of("a"));
    }

    @Node
    @Edge(from = "a")
    PathUpdate b(Path s) {
        bRuns.incrementAndGet();
        if (failB) {
            throw new IllegalStateException("b is down");
        }
        return PathUpdate.of().trail(List.of("b"));
    }

    @Node
    @Edge(from = "b")
    PathUpdate c(Path s) throws InterruptedException {
        CountDownLatch g = gate;
        if (g != null) {
            g.await();
        }
        return PathUpdate.of().trail(List.of("c"));
    }
}

/** Durability modes, replay and fork, bulk updates and concurrent runs on one thread. */
class HistoryTest {
    private static PathUpdate in(String s) {
        return PathUpdate.of().trail(List.of(s));
    }

    private static List<String> sources(List<StateSnapshot<Path>> history) {
        return history.stream()
                .map(h -> h.metadata().source().wireName() + h.metadata().step())
                .toList();
    }

    @Test
    void durabilityModesAgreeOnTheResultAndDifferInWhatIsStored() {
        for (Durability d : Durability.values()) {
            AbcGraph g =
                    AbcGraph.builder(new Abc()).checkpointer(new MemorySaver()).build();
            RunConfig cfg = RunConfig.thread("d").withDurability(d);
            assertEquals(
                    List.of("in", "a", "b", "c"),
                    g.invoke(in("in"), cfg).value().trail(),
                    d.name());
            List<StateSnapshot<Path>> history = g.getStateHistory(RunConfig.thread("d"));
            assertEquals(List.of("in", "a", "b", "c"), history.get(0).values().trail(), d.name());
            assertEquals(d == Durability.EXIT ? 1 : 5, history.size(), d + ": " + sources(history));
            g.invoke(in("again"), cfg);
            assertEquals(
                    d == Durability.EXIT ? 2 : 10,
                    g.getStateHistory(RunConfig.thread("d")).size(),
                    d.name());
            assertEquals(
                    List.of("in", "a", "b", "c", "again", "a", "b", "c"),
                    g.getState(RunConfig.thread("d")).values().trail(),
                    d.name());
        }
    }

    @Test
    void exitDurabilityStillKeepsWhatAFailedRunGotDone() {
        Abc nodes = new Abc();
        nodes.failB = true;
        AbcGraph g = AbcGraph.builder(nodes).checkpointer(new MemorySaver()).build();
        RunConfig cfg = RunConfig.thread("exit").withDurability(Durability.EXIT);
        NodeException e = assertThrows(NodeException.class, () -> g.invoke(in("in"), cfg));
        assertEquals("b", e.node());
        StateSnapshot<Path> state = g.getState(cfg);
        assertEquals(List.of("in", "a"), state.values().trail());
        assertEquals(List.of("b"), state.next());
        assertEquals("b is down", state.tasks().get(0).error().message());
        nodes.failB = false;
        assertEquals(List.of("in", "a", "b", "c"), g.resume(cfg).value().trail());
        assertEquals(1, nodes.aRuns.get(), "a is not run again");
    }

    @Test
    void replayingFromAnOlderCheckpointForksTheHistory() {
        Abc nodes = new Abc();
        AbcGraph g = AbcGraph.builder(nodes).checkpointer(new MemorySaver()).build();
        RunConfig cfg = RunConfig.thread("fork");
        g.invoke(in("in"), cfg);
        List<StateSnapshot<Path>> before = g.getStateHistory(cfg);
        StateSnapshot<Path> afterA = before.stream()
                .filter(h -> h.metadata().step() == 1)
                .findFirst()
                .orElseThrow();
        assertEquals(List.of("b"), afterA.next());

        assertEquals(
                List.of("in", "a", "b", "c"), g.resume(afterA.config()).value().trail());
        List<StateSnapshot<Path>> after = g.getStateHistory(cfg);
        assertEquals(before.size() + 3, after.size(), () -> sources(after).toString());
        StateSnapshot<Path> fork = after.get(2);
        assertEquals(Source.FORK, fork.metadata().source());
        assertEquals(afterA.checkpointId().orElseThrow(), fork.parentCheckpointId());
        assertEquals(fork.checkpointId().orElseThrow(), after.get(1).parentCheckpointId());
        assertEquals(2, nodes.bRuns.get(), "b ran again on the new branch");
        assertEquals(1, nodes.aRuns.get());
    }

    @Test
    void updatingAnOlderCheckpointForksFromIt() {
        AbcGraph g = AbcGraph.builder(new Abc()).checkpointer(new MemorySaver()).build();
        RunConfig cfg = RunConfig.thread("upd");
        g.invoke(in("in"), cfg);
        StateSnapshot<Path> afterA = g.getStateHistory(cfg).stream()
                .filter(h -> h.metadata().step() == 1)
                .findFirst()
                .orElseThrow();
        RunConfig forked = g.updateState(afterA.config(), in("edited"), "a");
        StateSnapshot<Path> head = g.getState(cfg);
        assertEquals(forked.checkpointId(), head.checkpointId());
        assertEquals(Source.UPDATE, head.metadata().source());
        assertEquals(afterA.checkpointId().orElseThrow(), head.parentCheckpointId());
        assertEquals(List.of("in", "a", "edited"), head.values().trail());
        assertEquals(List.of("b"), head.next());
        assertEquals(
                List.of("in", "a", "edited", "b", "c"), g.resume(cfg).value().trail());
    }

    @Test
    void bulkUpdatesApplyEachSuperstepTogether() {
        AbcGraph g = AbcGraph.builder(new Abc()).checkpointer(new MemorySaver()).build();
        RunConfig cfg = RunConfig.thread("bulk");
        RunConfig last = g.bulkUpdateState(
                cfg,
                List.of(
                        List.of(new NodeUpdate(in("x"), "a")),
                        List.of(new NodeUpdate(in("y"), "b"), new NodeUpdate(in("z"), "a"))));
        StateSnapshot<Path> head = g.getState(cfg);
        assertEquals(last.checkpointId(), head.checkpointId());
        assertEquals(List.of("x", "z", "y"), head.values().trail(), "same-step updates apply in node-name order");
        assertEquals(List.of("b", "c"), head.next());
        assertEquals(2, g.getStateHistory(cfg).size());
    }

    @Test
    void anUpdateCheckpointRecordsTheNodeItWasAppliedAsEvenWhenChosenForTheCaller(@TempDir java.nio.file.Path dir) {
        try (JdbcSaver saver = SqliteSaver.file(dir.resolve("h.db"))) {
            AbcGraph g = AbcGraph.builder(new Abc()).checkpointer(saver).build();
            RunConfig cfg = RunConfig.thread("as-node").withMetadata("user", "ada");
            g.invoke(in("in"), cfg);
            g.updateState(cfg, in("x"));
            assertEquals(
                    Map.of("user", "ada", "as_node", "c"),
                    g.getState(cfg).metadata().extra());
            g.updateState(cfg, in("y"), "a");
            assertEquals("a", g.getState(cfg).metadata().extra().get(CheckpointMetadata.AS_NODE));
            g.bulkUpdateState(cfg, List.of(List.of(new NodeUpdate(in("z"), "b"), new NodeUpdate(in("w"), "a"))));
            assertEquals("a,b", g.getState(cfg).metadata().extra().get(CheckpointMetadata.AS_NODE));
            assertEquals(
                    List.of(List.of("in", "a", "b", "c", "x")),
                    g.getStateHistory(cfg, ListOptions.ALL.withFilter(Map.of("as_node", "c"))).stream()
                            .map(h -> h.values().trail())
                            .toList(),
                    "the node filters a history like the run's own metadata");
        }
    }

    @Test
    void historyCanBeFilteredBoundedAndLimited() {
        AbcGraph g = AbcGraph.builder(new Abc()).checkpointer(new MemorySaver()).build();
        RunConfig cfg = RunConfig.thread("list").withMetadata("user", "ada");
        g.invoke(in("in"), cfg);
        List<StateSnapshot<Path>> all = g.getStateHistory(cfg);
        assertEquals(5, all.size());
        assertEquals(
                1,
                g.getStateHistory(cfg, ListOptions.ALL.withFilter(Map.of("source", "input")))
                        .size());
        assertEquals(
                5,
                g.getStateHistory(cfg, ListOptions.ALL.withFilter(Map.of("user", "ada")))
                        .size());
        assertEquals(
                0,
                g.getStateHistory(cfg, ListOptions.ALL.withFilter(Map.of("user", "bob")))
                        .size());
        List<StateSnapshot<Path>> older = g.getStateHistory(
                cfg,
                ListOptions.ALL
                        .withBefore(all.get(1).checkpointId().orElseThrow())
                        .withLimit(2));
        assertEquals(
                List.of(all.get(2).checkpointId(), all.get(3).checkpointId()),
                older.stream().map(StateSnapshot::checkpointId).toList());
        assertEquals(0, g.getStateHistory(cfg, ListOptions.ALL.withLimit(0)).size());
    }

    @Test
    void twoRunsOnOneThreadNeverForkItsHistory() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            for (int round = 0; round < 20; round++) {
                AbcGraph g = AbcGraph.builder(new Abc())
                        .checkpointer(new MemorySaver())
                        .build();
                RunConfig cfg = RunConfig.thread("race");
                g.invoke(in("seed"), cfg);
                CyclicBarrier start = new CyclicBarrier(4);
                List<Future<Object>> runs = new java.util.ArrayList<>();
                for (int i = 0; i < 4; i++) {
                    String label = "r" + i;
                    runs.add(pool.submit(() -> {
                        start.await();
                        try {
                            return g.invoke(in(label), cfg);
                        } catch (ConcurrentRunException e) {
                            return e;
                        }
                    }));
                }
                int losers = 0;
                for (Future<Object> f : runs) {
                    if (f.get() instanceof ConcurrentRunException) {
                        losers++;
                    }
                }
                List<StateSnapshot<Path>> history = g.getStateHistory(cfg);
                for (int i = 0; i < history.size() - 1; i++) {
                    assertEquals(
                            history.get(i + 1).checkpointId().orElseThrow(),
                            history.get(i).parentCheckpointId(),
                            "round " + round + ": the history is one chain");
                }
                assertTrue(losers < 4, "someone wins");
                assertNotEquals(null, history.get(0).values());
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aRunWithoutAThreadIsRejectedWhenThereIsACheckpointer() {
        AbcGraph g = AbcGraph.builder(new Abc()).checkpointer(new MemorySaver()).build();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> g.invoke(in("x")));
        assertTrue(e.getMessage().contains("RunConfig.thread"), e.getMessage());
        assertInstanceOf(
                IllegalStateException.class,
                assertThrows(
                        IllegalStateException.class,
                        () -> AbcGraph.builder(new Abc()).build().getState(RunConfig.thread("t"))));
    }
}
