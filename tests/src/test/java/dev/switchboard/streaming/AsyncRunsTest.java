package dev.switchboard.streaming;

import static dev.switchboard.annotation.Graph.END;
import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Route;
import dev.switchboard.runtime.GraphOutput;
import dev.switchboard.runtime.NodeException;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StateSnapshot;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.StreamPart;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

record Count(Integer n) {}

/** tick loops until n reaches the limit; it can be held at one value, or fail at one. */
class Ticker {
    final AtomicInteger ticks = new AtomicInteger();
    final CountDownLatch held = new CountDownLatch(1);
    final CountDownLatch release = new CountDownLatch(1);
    volatile int holdAt = -1;
    volatile int failAt = -1;
    final int limit;

    Ticker(int limit) {
        this.limit = limit;
    }

    @Node
    @Edge(from = START)
    CountUpdate tick(Count s) throws InterruptedException {
        ticks.incrementAndGet();
        int n = s.n() == null ? 0 : s.n();
        if (n == failAt) {
            throw new IllegalStateException("tick failed at " + n);
        }
        if (n == holdAt) {
            held.countDown();
            assertTrue(release.await(30, TimeUnit.SECONDS));
        }
        return CountUpdate.of().n(n + 1);
    }

    @Route(
            from = "tick",
            to = {"tick", END})
    String again(Count s) {
        return s.n() < limit ? "tick" : END;
    }
}

/** invokeAsync and streamAsync: results, failures, and cancellation at a superstep boundary. */
class AsyncRunsTest {
    @Test
    void invokeAsyncGivesWhatInvokeGives() throws Exception {
        TickerGraph graph = TickerGraph.builder(new Ticker(5)).build();
        GraphOutput<Count> out =
                graph.invokeAsync(CountUpdate.of().n(0), RunConfig.defaults()).get(30, TimeUnit.SECONDS);
        assertEquals(5, out.value().n());
        assertFalse(out.paused());
    }

    @Test
    void invokeAsyncFailsWithTheRunsFailure() {
        Ticker nodes = new Ticker(5);
        nodes.failAt = 2;
        TickerGraph graph = TickerGraph.builder(nodes).build();
        ExecutionException e = assertThrows(
                ExecutionException.class,
                () -> graph.invokeAsync(CountUpdate.of().n(0), RunConfig.defaults())
                        .get(30, TimeUnit.SECONDS));
        NodeException cause = assertInstanceOf(NodeException.class, e.getCause());
        assertEquals("tick failed at 2", cause.getCause().getMessage());
    }

    @Test
    void cancellingStopsAtTheNextBoundaryAndKeepsTheLastCheckpoint() throws Exception {
        Ticker nodes = new Ticker(10);
        nodes.holdAt = 3;
        TickerGraph graph =
                TickerGraph.builder(nodes).checkpointer(new MemorySaver()).build();
        RunConfig thread = RunConfig.thread("cancel");
        ExecutorService runner = Executors.newSingleThreadExecutor();
        CompletableFuture<GraphOutput<Count>> future =
                graph.invokeAsync(CountUpdate.of().n(0), thread, runner);
        assertTrue(nodes.held.await(30, TimeUnit.SECONDS));
        assertTrue(future.cancel(true));
        nodes.release.countDown();
        runner.shutdown();
        assertTrue(runner.awaitTermination(30, TimeUnit.SECONDS), "the run stopped");
        assertThrows(CancellationException.class, future::join);

        // The superstep under way finished and was checkpointed; none after it started.
        assertEquals(4, nodes.ticks.get());
        StateSnapshot<Count> state = graph.getState(thread);
        assertEquals(4, state.values().n());
        assertEquals(List.of("tick"), state.next());

        // The thread goes on from there.
        assertEquals(10, graph.resume(thread).value().n());
        assertEquals(10, nodes.ticks.get());
    }

    @Test
    void streamAsyncPublishesWhatStreamGivesOneRequestAtATime() throws Exception {
        TickerGraph graph = TickerGraph.builder(new Ticker(3)).build();
        List<String> expected = graph.stream(
                        CountUpdate.of().n(0), RunConfig.defaults(), StreamMode.UPDATES, StreamMode.VALUES)
                .map(Object::toString)
                .collect(Collectors.toList());
        Collecting subscriber = new Collecting(1);
        graph.streamAsync(CountUpdate.of().n(0), RunConfig.defaults(), StreamMode.UPDATES, StreamMode.VALUES)
                .subscribe(subscriber);
        assertTrue(subscriber.done.await(30, TimeUnit.SECONDS));
        assertEquals(expected, subscriber.items);
        assertEquals(null, subscriber.error);
        assertTrue(subscriber.completed);
        assertEquals(7, expected.size(), "an update and a values event per step, and the input's values");
    }

    @Test
    void streamAsyncSignalsTheRunsFailureAsOnError() throws Exception {
        Ticker nodes = new Ticker(5);
        nodes.failAt = 1;
        Collecting subscriber = new Collecting(Long.MAX_VALUE);
        TickerGraph.builder(nodes)
                .build()
                .streamAsync(CountUpdate.of().n(0), RunConfig.defaults(), StreamMode.UPDATES)
                .subscribe(subscriber);
        assertTrue(subscriber.done.await(30, TimeUnit.SECONDS));
        assertEquals(1, subscriber.items.size(), "tick's first update came before the failure");
        assertInstanceOf(NodeException.class, subscriber.error);
        assertFalse(subscriber.completed);
    }

    @Test
    void cancellingTheSubscriptionStopsTheRun() throws Exception {
        Ticker nodes = new Ticker(10);
        nodes.holdAt = 2;
        TickerGraph graph =
                TickerGraph.builder(nodes).checkpointer(new MemorySaver()).build();
        RunConfig thread = RunConfig.thread("cancel-stream");
        Collecting subscriber = new Collecting(1);
        graph.streamAsync(CountUpdate.of().n(0), thread, StreamMode.VALUES).subscribe(subscriber);
        assertTrue(nodes.held.await(30, TimeUnit.SECONDS));
        subscriber.subscription.cancel();
        nodes.release.countDown();
        // The run ends at the boundary after n=3; wait for its checkpoint, then make sure no more come.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (graph.getState(thread).values().n() < 3 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        Thread.sleep(300);
        assertEquals(3, graph.getState(thread).values().n());
        assertEquals(3, nodes.ticks.get());
        assertFalse(subscriber.completed);
        assertEquals(null, subscriber.error, "nothing is signalled after cancel");
    }

    @Test
    void aSecondSubscriberIsRefused() throws Exception {
        Flow.Publisher<StreamPart<Count>> publisher = TickerGraph.builder(new Ticker(1))
                .build()
                .streamAsync(CountUpdate.of().n(0), RunConfig.defaults());
        Collecting first = new Collecting(Long.MAX_VALUE);
        publisher.subscribe(first);
        Collecting second = new Collecting(Long.MAX_VALUE);
        publisher.subscribe(second);
        assertTrue(second.done.await(30, TimeUnit.SECONDS));
        assertInstanceOf(IllegalStateException.class, second.error);
        assertTrue(first.done.await(30, TimeUnit.SECONDS));
        assertTrue(first.completed);
    }

    @Test
    void aNonPositiveRequestIsAnError() throws Exception {
        Collecting subscriber = new Collecting(0);
        TickerGraph.builder(new Ticker(1))
                .build()
                .streamAsync(CountUpdate.of().n(0), RunConfig.defaults())
                .subscribe(subscriber);
        assertTrue(subscriber.done.await(30, TimeUnit.SECONDS));
        assertInstanceOf(IllegalArgumentException.class, subscriber.error);
        assertEquals(List.of(), subscriber.items);
    }

    /** Requests {@code batch} items at a time (or 0 once, to test the error). */
    static final class Collecting implements Flow.Subscriber<StreamPart<Count>> {
        final List<String> items = new ArrayList<>();
        final CountDownLatch done = new CountDownLatch(1);
        final long batch;
        volatile Flow.Subscription subscription;
        volatile Throwable error;
        volatile boolean completed;

        Collecting(long batch) {
            this.batch = batch;
        }

        @Override
        public void onSubscribe(Flow.Subscription s) {
            subscription = s;
            s.request(batch);
        }

        @Override
        public void onNext(StreamPart<Count> item) {
            items.add(item.toString());
            if (batch == 1) {
                subscription.request(1);
            }
        }

        @Override
        public void onError(Throwable e) {
            error = e;
            done.countDown();
        }

        @Override
        public void onComplete() {
            completed = true;
            done.countDown();
        }
    }
}
