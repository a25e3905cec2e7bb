package dev.switchboard.tests.parallel;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.annotation.Route;
import dev.switchboard.runtime.Send;
import dev.switchboard.runtime.reducer.Append;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

record Arrivals(@Reducer(Append.class) List<Integer> arrived) {}

/** Sends {@link #WIDTH} tasks that each wait until all of them have started. */
class Rendezvous {
    static final int WIDTH = 16;
    final CountDownLatch started = new CountDownLatch(WIDTH);
    final Set<Thread> threads = ConcurrentHashMap.newKeySet();

    @Route(from = START, to = "meet")
    List<Send<Integer>> fanOut(Arrivals s) {
        return IntStream.range(0, WIDTH).mapToObj(i -> Send.to("meet", i)).toList();
    }

    @Node
    ArrivalsUpdate meet(Integer i) throws InterruptedException {
        threads.add(Thread.currentThread());
        started.countDown();
        if (!started.await(10, TimeUnit.SECONDS)) {
            throw new IllegalStateException("task " + i + " never saw the others start");
        }
        return ArrivalsUpdate.of().arrived(List.of(i));
    }
}

/** Two parallel nodes that record their thread, for the direct-executor order. */
class Pair {
    final List<String> order = new java.util.concurrent.CopyOnWriteArrayList<>();
    final Set<Thread> threads = ConcurrentHashMap.newKeySet();

    @Node
    @Edge(from = START)
    ArrivalsUpdate a(Arrivals s) {
        order.add("a");
        threads.add(Thread.currentThread());
        return ArrivalsUpdate.of();
    }

    @Node
    @Edge(from = START)
    ArrivalsUpdate b(Arrivals s) {
        order.add("b");
        threads.add(Thread.currentThread());
        return ArrivalsUpdate.of();
    }
}

/**
 * The tasks of a superstep run at once when they wait: the caller claims tasks too, and helpers
 * join in one by one while tasks remain, until every waiting task has a thread.
 */
class ParallelTasksTest {
    private static final List<Integer> ALL =
            IntStream.range(0, Rendezvous.WIDTH).boxed().toList();

    @Test
    @Timeout(30)
    void tasksThatWaitForEachOtherAllRunAtOnceOnTheDefaultExecutor() {
        Rendezvous nodes = new Rendezvous();
        Arrivals out = RendezvousGraph.builder(nodes)
                .build()
                .invoke(ArrivalsUpdate.of())
                .value();
        assertEquals(ALL, out.arrived(), "results in Send order, whatever order the tasks finished in");
        assertEquals(Rendezvous.WIDTH, nodes.threads.size());
    }

    @Test
    @Timeout(30)
    void aBoundedPoolThatRejectsHelpersStillRunsEveryTask() {
        var pool = new java.util.concurrent.ThreadPoolExecutor(
                1, 1, 0, TimeUnit.SECONDS, new java.util.concurrent.SynchronousQueue<>());
        try {
            Pair nodes = new Pair();
            PairGraph.builder(nodes).executor(pool).build().invoke(ArrivalsUpdate.of());
            assertEquals(Set.of("a", "b"), Set.copyOf(nodes.order));
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aDirectExecutorRunsEveryTaskOnTheCallerInTaskOrder() {
        Pair nodes = new Pair();
        Executor direct = Runnable::run;
        PairGraph.builder(nodes).executor(direct).build().invoke(ArrivalsUpdate.of());
        assertEquals(List.of("a", "b"), nodes.order);
        assertEquals(Set.of(Thread.currentThread()), nodes.threads);
    }

    @Test
    @Timeout(30)
    void aSingleThreadExecutorCannotDeadlockTheStep() {
        var single = Executors.newSingleThreadExecutor();
        try {
            Pair nodes = new Pair();
            for (int i = 0; i < 50; i++) {
                PairGraph.builder(nodes).executor(single).build().invoke(ArrivalsUpdate.of());
            }
            assertTrue(nodes.order.size() == 100);
        } finally {
            single.shutdownNow();
        }
    }
}
