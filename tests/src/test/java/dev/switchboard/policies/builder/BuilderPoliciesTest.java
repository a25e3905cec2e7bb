package dev.switchboard.policies.builder;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.NodeTimeoutException;
import dev.switchboard.runtime.RetryPolicy;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.StreamPart;
import dev.switchboard.runtime.cache.InMemoryNodeCache;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.runtime.reducer.Append;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

record Job(String topic, @Reducer(Append.class) List<String> log) {}

/** START -> lookup -> report; lookup is slow or counted, as a test needs. */
class Lookup {
    final AtomicInteger lookups = new AtomicInteger();
    final CountDownLatch interrupted = new CountDownLatch(1);
    volatile long sleepMillis;
    volatile int slowAttempts;

    @Node
    @Edge(from = START)
    JobUpdate lookup(Job job, NodeContext ctx) {
        lookups.incrementAndGet();
        if (ctx.attempt() <= slowAttempts) {
            try {
                Thread.sleep(sleepMillis);
            } catch (InterruptedException e) {
                interrupted.countDown();
                Thread.currentThread().interrupt();
                return JobUpdate.of().log(List.of("interrupted"));
            }
        }
        return JobUpdate.of().log(List.of("found " + job.topic() + " on attempt " + ctx.attempt()));
    }

    @Node
    @Edge(from = "lookup")
    JobUpdate report(Job job) {
        return JobUpdate.of().log(List.of("report"));
    }
}

/** Timeouts, cache and retry policies set on the generated builder rather than by annotations. */
class BuilderPoliciesTest {
    private static final RetryPolicy FAST =
            RetryPolicy.defaults().withBackoff(Duration.ofMillis(1), 1.0, Duration.ofMillis(1), false);

    @Test
    void aNodePastItsTimeoutFailsTheRunAndIsInterrupted() throws InterruptedException {
        Lookup nodes = new Lookup();
        nodes.sleepMillis = 30_000;
        nodes.slowAttempts = 1;
        LookupGraph graph = LookupGraph.builder(nodes)
                .timeout("lookup", Duration.ofMillis(100))
                .build();
        long start = System.nanoTime();
        NodeTimeoutException e = assertThrows(
                NodeTimeoutException.class, () -> graph.invoke(JobUpdate.of().topic("tea"), RunConfig.defaults()));
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(10), "the run did not wait for the node");
        assertEquals("lookup", e.node());
        assertEquals(Duration.ofMillis(100), e.timeout());
        assertEquals("node 'lookup' timed out after 100 ms in step 1", e.getMessage());
        assertTrue(nodes.interrupted.await(10, TimeUnit.SECONDS), "the node's thread was interrupted");
    }

    @Test
    void aTimeoutIsRetriedByDefaultAndTheLateAttemptsWritesNeverApply() {
        Lookup nodes = new Lookup();
        nodes.sleepMillis = 30_000;
        nodes.slowAttempts = 1;
        LookupGraph graph = LookupGraph.builder(nodes)
                .timeout("lookup", Duration.ofMillis(100))
                .retryPolicy("lookup", FAST)
                .build();
        Job out =
                graph.invoke(JobUpdate.of().topic("tea"), RunConfig.defaults()).value();
        assertEquals(List.of("found tea on attempt 2", "report"), out.log());
        assertEquals(2, nodes.lookups.get());
    }

    @Test
    void aNodeWithinItsTimeoutRunsNormally() {
        Lookup nodes = new Lookup();
        LookupGraph graph = LookupGraph.builder(nodes)
                .timeout("lookup", Duration.ofSeconds(30))
                .build();
        assertEquals(
                List.of("found tea on attempt 1", "report"),
                graph.invoke(JobUpdate.of().topic("tea"), RunConfig.defaults())
                        .value()
                        .log());
    }

    @Test
    void aCachedNodeRunsOncePerInputAndTheHitIsMarkedInTheUpdatesStream() {
        Lookup nodes = new Lookup();
        InMemoryNodeCache cache = new InMemoryNodeCache();
        LookupGraph graph = LookupGraph.builder(nodes)
                .cachePolicy("lookup", Duration.ZERO)
                .cache(cache)
                .build();
        assertEquals(
                List.of("found tea on attempt 1", "report"),
                graph.invoke(JobUpdate.of().topic("tea"), RunConfig.defaults())
                        .value()
                        .log());
        List<StreamPart<Job>> second = graph.stream(
                        JobUpdate.of().topic("tea"), RunConfig.defaults(), StreamMode.UPDATES)
                .collect(Collectors.toList());
        assertEquals(1, nodes.lookups.get(), "the second run took lookup's writes from the cache");
        StreamPart.Updates<?> hit = (StreamPart.Updates<?>) second.get(0);
        assertEquals("lookup", hit.node());
        assertEquals(List.of("found tea on attempt 1"), hit.writes().get("log"));
        assertTrue(hit.cached());
        assertFalse(((StreamPart.Updates<?>) second.get(1)).cached());

        graph.invoke(JobUpdate.of().topic("coffee"), RunConfig.defaults());
        assertEquals(2, nodes.lookups.get(), "another input misses");
        assertEquals(2, cache.size());

        // Another graph instance sharing the store shares the entries.
        Lookup others = new Lookup();
        LookupGraph.builder(others)
                .cachePolicy("lookup", Duration.ZERO)
                .cache(cache)
                .build()
                .invoke(JobUpdate.of().topic("coffee"), RunConfig.defaults());
        assertEquals(0, others.lookups.get());
    }

    @Test
    void aCachedEntryExpiresAfterItsTimeToLive() {
        AtomicLong now = new AtomicLong();
        InMemoryNodeCache cache = new InMemoryNodeCache(now::get);
        Lookup nodes = new Lookup();
        LookupGraph graph = LookupGraph.builder(nodes)
                .cachePolicy("lookup", Duration.ofSeconds(60))
                .cache(cache)
                .build();
        graph.invoke(JobUpdate.of().topic("tea"), RunConfig.defaults());
        now.addAndGet(Duration.ofSeconds(59).toNanos());
        graph.invoke(JobUpdate.of().topic("tea"), RunConfig.defaults());
        assertEquals(1, nodes.lookups.get());
        now.addAndGet(Duration.ofSeconds(1).toNanos());
        graph.invoke(JobUpdate.of().topic("tea"), RunConfig.defaults());
        assertEquals(2, nodes.lookups.get(), "expired at the time to live");
    }

    @Test
    void theCacheKeyIsTheWholeInputSoAccumulatedStateMisses() {
        Lookup nodes = new Lookup();
        LookupGraph graph = LookupGraph.builder(nodes)
                .cachePolicy("lookup", Duration.ZERO)
                .checkpointer(new MemorySaver())
                .build();
        RunConfig thread = RunConfig.thread("t");
        graph.invoke(JobUpdate.of().topic("tea"), thread);
        // Same topic, but the thread's log has grown: the input differs, so lookup runs again.
        Job out = graph.invoke(JobUpdate.of().topic("tea"), thread).value();
        assertEquals(2, nodes.lookups.get());
        assertEquals(List.of("found tea on attempt 1", "report", "found tea on attempt 1", "report"), out.log());
    }

    @Test
    void builderSettingsAreChecked() {
        var builder = LookupGraph.builder(new Lookup());
        assertThrows(IllegalArgumentException.class, () -> builder.timeout("lookup", Duration.ZERO));
        assertThrows(IllegalArgumentException.class, () -> builder.cachePolicy("lookup", Duration.ofSeconds(-1)));
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> LookupGraph.builder(new Lookup())
                        .timeout("lokup", Duration.ofSeconds(1))
                        .build());
        assertEquals(
                "timeout(\"lokup\", ...): graph 'Lookup' has unknown node 'lokup'; known nodes: lookup, report",
                e.getMessage());
    }
}
