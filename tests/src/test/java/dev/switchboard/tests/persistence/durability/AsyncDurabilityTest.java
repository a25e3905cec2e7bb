package dev.switchboard.tests.persistence.durability;

import static dev.switchboard.annotation.Graph.END;
import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.annotation.Route;
import dev.switchboard.runtime.Durability;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.checkpoint.Blob;
import dev.switchboard.runtime.checkpoint.Checkpoint;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.runtime.checkpoint.ForwardingCheckpointSaver;
import dev.switchboard.runtime.checkpoint.ListOptions;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.runtime.checkpoint.PendingWrite;
import dev.switchboard.runtime.reducer.Sum;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** A counter that one node increments until it reaches its target. */
record Count(@Reducer(Sum.class) int n, int target) {}

class Counter {
    final AtomicInteger runs = new AtomicInteger();
    /** How far the store was behind, in checkpoints, when each step's node started; the worst seen. */
    final AtomicInteger worstLag = new AtomicInteger();

    SlowSaver saver;

    @Node
    @Edge(from = START)
    CountUpdate tick(Count c) {
        int run = runs.incrementAndGet();
        // Node run r is superstep r: the input checkpoint and those of steps 0 .. r - 1 were made.
        worstLag.accumulateAndGet(run + 1 - saver.saved.get(), Math::max);
        return CountUpdate.of().n(1);
    }

    @Route(
            from = "tick",
            to = {"tick", END})
    String again(Count c) {
        return c.n() < c.target() ? "tick" : END;
    }
}

/**
 * A store slower than the run: each checkpoint's store waits until the run either has nothing left
 * to do or waits for it. Counts the checkpoints stored.
 */
final class SlowSaver extends ForwardingCheckpointSaver {
    final AtomicInteger saved = new AtomicInteger();
    private final Counter nodes;
    private final int steps;
    private final AtomicReference<Thread> runner = new AtomicReference<>();

    SlowSaver(CheckpointSaver inner, Counter nodes, int steps) {
        super(inner);
        this.nodes = nodes;
        this.steps = steps;
    }

    void runOn(Thread t) {
        runner.set(t);
    }

    /** Until the run's thread waits (for this store) or has run every step; fails after a minute. */
    private void holdBack() {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
        while (nodes.runs.get() < steps && runner.get().getState() != Thread.State.WAITING) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the run neither waited nor finished");
            }
            Thread.onSpinWait();
        }
    }

    @Override
    public void put(
            String threadId,
            String namespace,
            Checkpoint checkpoint,
            CheckpointMetadata metadata,
            String parentId,
            String expectedHead,
            List<Blob> newBlobs) {
        holdBack();
        super.put(threadId, namespace, checkpoint, metadata, parentId, expectedHead, newBlobs);
        saved.incrementAndGet();
    }

    @Override
    public void putStep(
            String threadId,
            String namespace,
            List<PendingWrite> writes,
            Checkpoint checkpoint,
            CheckpointMetadata metadata,
            String parentId,
            String expectedHead,
            List<Blob> newBlobs) {
        holdBack();
        super.putStep(threadId, namespace, writes, checkpoint, metadata, parentId, expectedHead, newBlobs);
        saved.incrementAndGet();
    }
}

/**
 * {@code Durability.ASYNC} keeps at most one checkpoint in flight (issue 23, C3): with a store
 * slower than the run, a step waits for the previous checkpoint instead of running ahead, so when
 * a node starts at most one checkpoint made before it is not stored yet. Unbounded, a one-node
 * loop of 2,000 steps once had the store 1,990 checkpoints behind, all lost by a kill.
 */
class AsyncDurabilityTest {
    private static final int STEPS = 40;

    @Test
    void theStoreIsNeverMoreThanOneCheckpointBehind() throws Exception {
        Counter nodes = new Counter();
        MemorySaver memory = new MemorySaver();
        SlowSaver saver = new SlowSaver(memory, nodes, STEPS);
        nodes.saver = saver;
        CounterGraph graph = CounterGraph.builder(nodes)
                .checkpointer(saver)
                .executor(Runnable::run)
                .build();
        RunConfig config =
                RunConfig.thread("t").withDurability(Durability.ASYNC).withRecursionLimit(STEPS + 10);
        CompletableFuture<Count> out = new CompletableFuture<>();
        Thread runner = new Thread(() -> {
            try {
                out.complete(
                        graph.invoke(CountUpdate.of().target(STEPS), config).value());
            } catch (Throwable e) {
                out.completeExceptionally(e);
            }
        });
        saver.runOn(runner);
        runner.start();

        assertEquals(new Count(STEPS, STEPS), out.get(2, TimeUnit.MINUTES));
        assertEquals(STEPS, nodes.runs.get());
        assertTrue(nodes.worstLag.get() <= 1, "the store fell " + nodes.worstLag.get() + " checkpoints behind");
        // Every checkpoint was stored by the time invoke returned.
        assertEquals(STEPS + 2, saver.saved.get());
        assertEquals(STEPS + 2, memory.list("t", "", ListOptions.ALL).size());
    }
}
