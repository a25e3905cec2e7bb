package dev.switchboard.policies;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.annotation.Cache;
import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.OnError;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.annotation.Retry;
import dev.switchboard.annotation.Timeout;
import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.NodeException;
import dev.switchboard.runtime.NodeTimeoutException;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.StreamPart;
import dev.switchboard.runtime.reducer.Append;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

record Log(
        String query, String answer, @Reducer(Append.class) List<String> trail) {}

/** A failure worth retrying. */
class TransientError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    TransientError(String message) {
        super(message);
    }
}

/** A failure that retrying cannot fix. */
class FatalError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    FatalError(String message) {
        super(message);
    }
}

/** before -> unstable -> after; unstable fails {@code failures} times, then succeeds. */
class Unstable {
    final List<Integer> attempts = new CopyOnWriteArrayList<>();
    final List<List<String>> saw = new CopyOnWriteArrayList<>();
    final AtomicInteger failures;
    final RuntimeException failure;

    Unstable(int failures, RuntimeException failure) {
        this.failures = new AtomicInteger(failures);
        this.failure = failure;
    }

    @Node
    @Edge(from = START)
    LogUpdate before(Log s) {
        return LogUpdate.of().trail(List.of("before"));
    }

    @Node
    @Edge(from = "before")
    @Retry(maxAttempts = 3, initialIntervalMillis = 1, jitter = false, retryOn = TransientError.class)
    LogUpdate unstable(Log s, NodeContext ctx) {
        attempts.add(ctx.attempt());
        saw.add(s.trail());
        if (failures.getAndDecrement() > 0) {
            throw failure;
        }
        return LogUpdate.of().trail(List.of("unstable-ok-after-" + ctx.attempt()));
    }

    @Node
    @Edge(from = "unstable")
    LogUpdate after(Log s) {
        return LogUpdate.of().trail(List.of("after"));
    }
}

/** A node that sleeps past its timeout. */
class Slow {
    final CountDownLatch interrupted = new CountDownLatch(1);

    @Node
    @Edge(from = START)
    @Timeout(millis = 100)
    LogUpdate slow(Log s) {
        try {
            Thread.sleep(30_000);
        } catch (InterruptedException e) {
            interrupted.countDown();
            Thread.currentThread().interrupt();
        }
        return LogUpdate.of().answer("too late");
    }
}

/**
 * A node whose first attempt hangs (30 s) past its timeout; the timeout is retried by default. The
 * limit is generous so that the quick second attempt finishes within it on a slow machine too.
 */
class Hanging {
    final List<Integer> attempts = new CopyOnWriteArrayList<>();

    @Node
    @Edge(from = START)
    @Retry(maxAttempts = 2, initialIntervalMillis = 1, jitter = false)
    @Timeout(millis = 2_000)
    LogUpdate hang(Log s, NodeContext ctx) throws InterruptedException {
        attempts.add(ctx.attempt());
        if (ctx.attempt() == 1) {
            Thread.sleep(30_000);
        }
        return LogUpdate.of().answer("answered on attempt " + ctx.attempt());
    }
}

/** A cached lookup; the counter shows whether it ran. */
class Lookup {
    final AtomicInteger runs = new AtomicInteger();

    @Node
    @Edge(from = START)
    @Cache
    LogUpdate lookup(Log s) {
        return LogUpdate.of().answer(s.query() + "#" + runs.incrementAndGet());
    }
}

/** fetch fails with an IOException after its retries; its handler turns that into an update. */
class Recovering {
    final AtomicInteger fetches = new AtomicInteger();

    @Node
    @Edge(from = START)
    @Retry(maxAttempts = 2, initialIntervalMillis = 1, jitter = false, retryOn = IOException.class)
    LogUpdate fetch(Log s) throws IOException {
        fetches.incrementAndGet();
        throw new IOException("offline");
    }

    @OnError("fetch")
    LogUpdate recover(Log s, IOException e, NodeContext ctx) {
        return LogUpdate.of().trail(List.of("recovered from " + e.getMessage() + " on attempt " + ctx.attempt()));
    }

    @Node
    @Edge(from = "fetch")
    LogUpdate after(Log s) {
        return LogUpdate.of().trail(List.of("after"));
    }

    @Node
    @Edge(from = START)
    @Timeout(millis = 50)
    LogUpdate slow(Log s) throws InterruptedException {
        Thread.sleep(30_000);
        return LogUpdate.of();
    }

    @OnError("slow")
    static LogUpdate timedOut(Log s, NodeTimeoutException e) {
        return LogUpdate.of()
                .answer(e.node() + " timed out after " + e.timeout().toMillis() + " ms");
    }
}

/** A cached node that fails once; its handler's fallback must not be cached. */
class CachedFallback {
    final AtomicInteger runs = new AtomicInteger();

    @Node
    @Edge(from = START)
    @Cache
    LogUpdate ask(Log s) throws IOException {
        if (runs.incrementAndGet() == 1) {
            throw new IOException("flaky backend");
        }
        return LogUpdate.of().answer("real");
    }

    @OnError("ask")
    LogUpdate fallback(Log s, IOException e) {
        return LogUpdate.of().answer("fallback");
    }
}

/** The handler takes IOExceptions, but the node fails otherwise. */
class Mismatched {
    final IllegalStateException failure = new IllegalStateException("bug");
    final AtomicInteger handled = new AtomicInteger();

    @Node
    @Edge(from = START)
    LogUpdate fetch(Log s) {
        throw failure;
    }

    @OnError("fetch")
    LogUpdate recover(Log s, IOException e) {
        handled.incrementAndGet();
        return LogUpdate.of().answer("recovered");
    }
}

/**
 * Graphs compiled with the real processor run each node policy annotation: {@code @Retry},
 * {@code @Timeout}, {@code @Cache} and {@code @OnError}.
 */
class NodePoliciesTest {
    private static final LogUpdate INPUT = LogUpdate.of().query("q");

    @Test
    void retryRunsTheNodeAgainWithTheSameInput() {
        Unstable nodes = new Unstable(2, new TransientError("flaky"));
        Log out = UnstableGraph.builder(nodes).build().invoke(INPUT).value();
        assertEquals(List.of(1, 2, 3), nodes.attempts);
        // Failed attempts' writes are dropped: every attempt saw the state before it.
        assertEquals(List.of(List.of("before"), List.of("before"), List.of("before")), nodes.saw);
        assertEquals(List.of("before", "unstable-ok-after-3", "after"), out.trail());
    }

    @Test
    void retryOnRejectsOtherFailuresAtOnce() {
        FatalError fatal = new FatalError("broken");
        Unstable nodes = new Unstable(1, fatal);
        UnstableGraph graph = UnstableGraph.builder(nodes).build();
        NodeException e = assertThrows(NodeException.class, () -> graph.invoke(INPUT));
        assertEquals("unstable", e.node());
        assertSame(fatal, e.getCause());
        assertEquals(List.of(1), nodes.attempts);
    }

    @Test
    void retryGivesUpAfterMaxAttempts() {
        TransientError last = new TransientError("still flaky");
        Unstable nodes = new Unstable(3, last);
        NodeException e = assertThrows(
                NodeException.class, () -> UnstableGraph.builder(nodes).build().invoke(INPUT));
        assertSame(last, e.getCause());
        assertEquals(List.of(1, 2, 3), nodes.attempts);
    }

    @Test
    void timeoutStopsWaitingAndInterruptsTheNode() throws InterruptedException {
        Slow nodes = new Slow();
        SlowGraph graph = SlowGraph.builder(nodes).build();
        long start = System.nanoTime();
        NodeTimeoutException e = assertThrows(NodeTimeoutException.class, () -> graph.invoke(INPUT));
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(10), "invoke waited for the node");
        assertEquals("slow", e.node());
        assertEquals(Duration.ofMillis(100), e.timeout());
        assertTrue(nodes.interrupted.await(10, TimeUnit.SECONDS), "the timed-out node was not interrupted");
    }

    @Test
    void aTimedOutAttemptIsRetried() {
        Hanging nodes = new Hanging();
        Log out = HangingGraph.builder(nodes).build().invoke(INPUT).value();
        assertEquals(List.of(1, 2), nodes.attempts);
        assertEquals("answered on attempt 2", out.answer());
    }

    @Test
    void cacheReusesWritesForTheSameInput() {
        Lookup nodes = new Lookup();
        LookupGraph graph = LookupGraph.builder(nodes).build();
        assertEquals("q#1", graph.invoke(INPUT).value().answer());

        List<StreamPart.Updates<Log>> again = updates(graph.stream(INPUT, RunConfig.defaults(), StreamMode.UPDATES));
        assertEquals(1, nodes.runs.get(), "the cached node ran again");
        assertEquals(1, again.size());
        assertEquals("lookup", again.get(0).node());
        assertTrue(again.get(0).cached());
        assertEquals("q#1", again.get(0).writes().get("answer"));
        assertEquals("q#1", graph.invoke(INPUT).value().answer());

        List<StreamPart.Updates<Log>> other =
                updates(graph.stream(LogUpdate.of().query("r"), RunConfig.defaults(), StreamMode.UPDATES));
        assertEquals(2, nodes.runs.get());
        assertEquals(false, other.get(0).cached());
        assertEquals("r#2", other.get(0).writes().get("answer"));
    }

    @Test
    void onErrorTurnsAFailureIntoAnUpdate() {
        Recovering nodes = new Recovering();
        Log out = RecoveringGraph.builder(nodes).build().invoke(INPUT).value();
        // The handler runs once the retries are spent; the node's edges still apply.
        assertEquals(2, nodes.fetches.get());
        assertEquals(List.of("recovered from offline on attempt 2", "after"), out.trail());
        assertEquals("slow timed out after 50 ms", out.answer());
    }

    @Test
    void aHandlersFallbackIsNotCached() {
        CachedFallback nodes = new CachedFallback();
        CachedFallbackGraph graph = CachedFallbackGraph.builder(nodes).build();
        assertEquals("fallback", graph.invoke(INPUT).value().answer());
        assertEquals("real", graph.invoke(INPUT).value().answer(), "the node ran again");
        assertEquals("real", graph.invoke(INPUT).value().answer());
        assertEquals(2, nodes.runs.get(), "the node's own result was cached");
    }

    @Test
    void onErrorRethrowsFailuresItDoesNotTake() {
        Mismatched nodes = new Mismatched();
        MismatchedGraph graph = MismatchedGraph.builder(nodes).build();
        NodeException e = assertThrows(NodeException.class, () -> graph.invoke(INPUT));
        assertEquals("fetch", e.node());
        assertSame(nodes.failure, e.getCause());
        assertEquals(0, nodes.handled.get());
    }

    @SuppressWarnings("unchecked")
    private static List<StreamPart.Updates<Log>> updates(Stream<StreamPart<Log>> parts) {
        try (parts) {
            return parts.filter(p -> p instanceof StreamPart.Updates<?>)
                    .map(p -> (StreamPart.Updates<Log>) p)
                    .toList();
        }
    }
}
