package dev.switchboard.edgecases;

import static dev.switchboard.annotation.Graph.END;
import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.OnError;
import dev.switchboard.annotation.Retry;
import dev.switchboard.annotation.Route;
import dev.switchboard.runtime.GraphOutput;
import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

record Job(String task, String result) {}

/**
 * work's first call fails with a transient error and waits 120 s to retry; later calls succeed. A
 * handler has a fallback.
 */
class SlowBackoff {
    final CountDownLatch failedOnce = new CountDownLatch(1);
    final AtomicInteger calls = new AtomicInteger();
    volatile Thread firstCaller;

    @Node
    @Edge(from = START)
    @Retry(
            maxAttempts = 3,
            initialIntervalMillis = 120_000,
            maxIntervalMillis = 120_000,
            jitter = false,
            retryOn = IOException.class)
    JobUpdate work(Job s, NodeContext ctx) throws IOException {
        if (calls.incrementAndGet() == 1) {
            firstCaller = Thread.currentThread();
            failedOnce.countDown();
            throw new IOException("transient");
        }
        return JobUpdate.of().result("done on attempt " + ctx.attempt());
    }

    @OnError("work")
    JobUpdate giveUp(Job s, IOException e) {
        return JobUpdate.of().result("fallback");
    }
}

/** work's first attempt fails and waits 120 s to retry; no handler. */
class LongBackoff {
    final CountDownLatch failedOnce = new CountDownLatch(1);
    volatile Thread firstCaller;

    @Node
    @Edge(from = START)
    @Retry(
            maxAttempts = 3,
            initialIntervalMillis = 120_000,
            maxIntervalMillis = 120_000,
            jitter = false,
            retryOn = IOException.class)
    JobUpdate work(Job s, NodeContext ctx) throws IOException {
        if (ctx.attempt() == 1) {
            firstCaller = Thread.currentThread();
            failedOnce.countDown();
            throw new IOException("transient");
        }
        return JobUpdate.of().result("done");
    }
}

record Counter(Integer n) {}

/** loop runs until n = 20; it holds at n = 1 until released. */
class Looping {
    final AtomicInteger ticks = new AtomicInteger();
    final CountDownLatch held = new CountDownLatch(1);
    final CountDownLatch release = new CountDownLatch(1);

    @Node
    @Edge(from = START)
    CounterUpdate loop(Counter s) throws InterruptedException {
        ticks.incrementAndGet();
        int n = s.n() == null ? 0 : s.n();
        if (n == 1) {
            held.countDown();
            release.await(30, TimeUnit.SECONDS);
        }
        return CounterUpdate.of().n(n + 1);
    }

    @Route(
            from = "loop",
            to = {"loop", END})
    String more(Counter s) {
        return s.n() < 20 ? "loop" : END;
    }
}

/** Retries under cancellation, and of invokeAsync's future. */
class RetryCancelTest {

    private static ExecutorService daemonRunner() {
        return Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "edgecase-runner");
            t.setDaemon(true);
            return t;
        });
    }

    /** Waits until the thread that ran a node's failed first attempt sleeps out its retry backoff. */
    private static void awaitBackoff(CountDownLatch failedOnce, Supplier<Thread> caller) throws InterruptedException {
        assertTrue(failedOnce.await(30, TimeUnit.SECONDS));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        // After the failed attempt the only timed wait of that thread is the backoff.
        while (caller.get().getState() != Thread.State.TIMED_WAITING) {
            assertTrue(System.nanoTime() < deadline, "the node's thread never started its backoff");
            Thread.sleep(1);
        }
    }

    /**
     * Cancelling a run while a node waits to retry does not turn the pending retry into the node's
     * final result: the error handler is not called, its fallback is neither applied nor
     * checkpointed, and resuming the thread runs the node again.
     */
    @Test
    void cancellingDuringBackoffDoesNotCommitTheErrorHandlersFallback() throws Exception {
        SlowBackoff nodes = new SlowBackoff();
        SlowBackoffGraph graph =
                SlowBackoffGraph.builder(nodes).checkpointer(new MemorySaver()).build();
        RunConfig thread = RunConfig.thread("cancel-in-backoff");
        ExecutorService runner = daemonRunner();
        CompletableFuture<GraphOutput<Job>> future =
                graph.invokeAsync(JobUpdate.of().task("t"), thread, runner);
        awaitBackoff(nodes.failedOnce, () -> nodes.firstCaller);
        assertTrue(future.cancel(true));
        runner.shutdown();
        assertTrue(runner.awaitTermination(30, TimeUnit.SECONDS));

        String resumed = graph.resume(thread).value().result();
        assertEquals("done on attempt 1", resumed, "the fallback of a cancelled retry was committed");
        assertEquals(2, nodes.calls.get(), "the cancelled run retried, or the resumed one did not run work");
    }

    /**
     * Cancellation cuts a retry backoff short (it can be up to maxInterval, 128 s by default, plus
     * jitter): the run's thread ends well within the 120 s it would otherwise wait.
     */
    @Test
    void cancellingDuringBackoffStopsTheRunPromptly() throws Exception {
        LongBackoff nodes = new LongBackoff();
        LongBackoffGraph graph = LongBackoffGraph.builder(nodes).build();
        ExecutorService runner = daemonRunner();
        CompletableFuture<GraphOutput<Job>> future =
                graph.invokeAsync(JobUpdate.of().task("t"), RunConfig.defaults(), runner);
        awaitBackoff(nodes.failedOnce, () -> nodes.firstCaller);
        assertTrue(future.cancel(true));
        runner.shutdown();
        assertTrue(runner.awaitTermination(30, TimeUnit.SECONDS), "the run slept out its 120 s backoff");
    }

    /**
     * A future of invokeAsync completed from outside, here by orTimeout, stops the run as cancel()
     * does: it does not go on to the end in the background. The timeout is set once the run is
     * known to be held, so it cannot fire before the run started.
     */
    @Test
    void aFutureCompletedByOrTimeoutStopsTheRun() throws Exception {
        Looping nodes = new Looping();
        LoopingGraph graph = LoopingGraph.builder(nodes).build();
        ExecutorService runner = daemonRunner();
        CompletableFuture<GraphOutput<Counter>> future =
                graph.invokeAsync(CounterUpdate.of().n(0), RunConfig.defaults(), runner);
        assertTrue(nodes.held.await(30, TimeUnit.SECONDS));
        future.orTimeout(100, TimeUnit.MILLISECONDS);
        ExecutionException e = assertThrows(ExecutionException.class, () -> future.get(30, TimeUnit.SECONDS));
        assertInstanceOf(TimeoutException.class, e.getCause());
        nodes.release.countDown();
        runner.shutdown();
        assertTrue(runner.awaitTermination(30, TimeUnit.SECONDS));
        assertEquals(2, nodes.ticks.get(), "the run went on after its future timed out");
    }
}
