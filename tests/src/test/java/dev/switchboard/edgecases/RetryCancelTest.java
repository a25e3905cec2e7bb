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
import org.junit.jupiter.api.Test;

record Job(String task, String result) {}

/** work fails its first attempt with a transient error, then succeeds; a handler has a fallback. */
class SlowBackoff {
    final CountDownLatch failedOnce = new CountDownLatch(1);
    final AtomicInteger calls = new AtomicInteger();

    @Node
    @Edge(from = START)
    @Retry(maxAttempts = 3, initialIntervalMillis = 3_000, jitter = false, retryOn = IOException.class)
    JobUpdate work(Job s, NodeContext ctx) throws IOException {
        calls.incrementAndGet();
        if (ctx.attempt() == 1) {
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

/** As SlowBackoff, with a 20 s backoff and no handler. */
class LongBackoff {
    final CountDownLatch failedOnce = new CountDownLatch(1);

    @Node
    @Edge(from = START)
    @Retry(
            maxAttempts = 3,
            initialIntervalMillis = 20_000,
            maxIntervalMillis = 20_000,
            jitter = false,
            retryOn = IOException.class)
    JobUpdate work(Job s, NodeContext ctx) throws IOException {
        if (ctx.attempt() == 1) {
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

    /**
     * Cancelling a run while a node waits to retry must not turn the pending retry into the
     * node's final result: here waitBeforeRetry returns false on cancellation, runNode treats
     * that as "attempts spent", calls the @OnError handler, and the fallback is applied and
     * checkpointed. Resuming the thread later never retries the node.
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
        assertTrue(nodes.failedOnce.await(30, TimeUnit.SECONDS));
        Thread.sleep(100); // now in the 3 s backoff
        assertTrue(future.cancel(true));
        runner.shutdown();
        assertTrue(runner.awaitTermination(30, TimeUnit.SECONDS));

        String resumed = graph.resume(thread).value().result();
        assertEquals("done on attempt 2", resumed, "the fallback of a cancelled retry was committed");
    }

    /**
     * Cancellation must not wait out a retry backoff (up to maxInterval, 128 s by default, plus
     * jitter): the backoff is a plain Thread.sleep that the cancellation flag cannot cut short,
     * so the run's thread stays busy long after the future was cancelled.
     */
    @Test
    void cancellingDuringBackoffStopsTheRunPromptly() throws Exception {
        LongBackoff nodes = new LongBackoff();
        LongBackoffGraph graph = LongBackoffGraph.builder(nodes).build();
        ExecutorService runner = daemonRunner();
        CompletableFuture<GraphOutput<Job>> future =
                graph.invokeAsync(JobUpdate.of().task("t"), RunConfig.defaults(), runner);
        assertTrue(nodes.failedOnce.await(30, TimeUnit.SECONDS));
        Thread.sleep(100);
        assertTrue(future.cancel(true));
        runner.shutdown();
        assertTrue(runner.awaitTermination(3, TimeUnit.SECONDS), "the run slept out its 20 s backoff");
    }

    /**
     * invokeAsync(...).orTimeout(...) completes the future with a TimeoutException, but the run
     * goes on to the end in the background: only cancel() reaches the loop's Cancellation.
     */
    @Test
    void aFutureCompletedByOrTimeoutStopsTheRun() throws Exception {
        Looping nodes = new Looping();
        LoopingGraph graph = LoopingGraph.builder(nodes).build();
        ExecutorService runner = daemonRunner();
        CompletableFuture<GraphOutput<Counter>> future = graph.invokeAsync(
                        CounterUpdate.of().n(0), RunConfig.defaults(), runner)
                .orTimeout(100, TimeUnit.MILLISECONDS);
        assertTrue(nodes.held.await(30, TimeUnit.SECONDS));
        ExecutionException e = assertThrows(ExecutionException.class, () -> future.get(30, TimeUnit.SECONDS));
        assertInstanceOf(TimeoutException.class, e.getCause());
        nodes.release.countDown();
        runner.shutdown();
        assertTrue(runner.awaitTermination(30, TimeUnit.SECONDS));
        assertEquals(2, nodes.ticks.get(), "the run went on after its future timed out");
    }
}
