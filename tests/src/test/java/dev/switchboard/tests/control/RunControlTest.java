package dev.switchboard.tests.control;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.RunControl;
import dev.switchboard.runtime.checkpoint.Blob;
import dev.switchboard.runtime.checkpoint.Checkpoint;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata;
import dev.switchboard.runtime.checkpoint.ForwardingCheckpointSaver;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.runtime.checkpoint.PendingWrite;
import dev.switchboard.runtime.reducer.Append;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

record Steps(@Reducer(Append.class) List<String> done) {}

/** Three steps; the second waits at a gate the test opens. */
class Gated {
    final CountDownLatch inSecond = new CountDownLatch(1);
    final Semaphore gate = new Semaphore(0);

    @Node
    @Edge(from = START)
    StepsUpdate first(Steps s) {
        return StepsUpdate.of().done(List.of("first"));
    }

    @Node
    @Edge(from = "first")
    StepsUpdate second(Steps s) throws InterruptedException {
        inSecond.countDown();
        gate.acquire();
        return StepsUpdate.of().done(List.of("second"));
    }

    @Node
    @Edge(from = "second")
    StepsUpdate third(Steps s) {
        return StepsUpdate.of().done(List.of("third"));
    }
}

/**
 * {@link RunControl}: a cancel stops a run at its next superstep boundary and refuses the commit of
 * the superstep under way, and waits for a commit in flight; {@link RunConfig#withCheckpointer}
 * gives one run its own saver.
 */
class RunControlTest {
    @Test
    void aCancelledRunCommitsNothingOfTheStepUnderWay() throws Exception {
        Gated nodes = new Gated();
        MemorySaver saver = new MemorySaver();
        GatedGraph g = GatedGraph.builder(nodes).checkpointer(saver).build();
        RunControl control = new RunControl();
        RunConfig config = RunConfig.thread("t").withControl(control);
        CompletableFuture<Object> run = CompletableFuture.supplyAsync(() -> g.invoke(StepsUpdate.of(), config));
        assertTrue(nodes.inSecond.await(10, TimeUnit.SECONDS));
        int checkpoints = g.getStateHistory(RunConfig.thread("t")).size();
        control.cancel();
        assertTrue(control.cancelled());
        nodes.gate.release(); // the second step finishes now, after the cancel
        Exception e = assertThrows(Exception.class, () -> run.get(10, TimeUnit.SECONDS));
        assertTrue(e.getCause() instanceof CancellationException, () -> "failed with " + e.getCause());
        assertEquals(
                List.of("first"), g.getState(RunConfig.thread("t")).values().done());
        assertEquals(checkpoints, g.getStateHistory(RunConfig.thread("t")).size(), "nothing committed after");
    }

    @Test
    void aCancelWaitsForTheCommitInFlight() throws Exception {
        CountDownLatch committing = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        MemorySaver memory = new MemorySaver();
        ForwardingCheckpointSaver slow = new ForwardingCheckpointSaver(memory) {
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
                hold(metadata);
                super.putStep(threadId, namespace, writes, checkpoint, metadata, parentId, expectedHead, newBlobs);
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
                hold(metadata);
                super.put(threadId, namespace, checkpoint, metadata, parentId, expectedHead, newBlobs);
            }

            private void hold(CheckpointMetadata metadata) {
                if (metadata.step() == 1) { // the first node's superstep (0 applied the input): hold its commit
                    committing.countDown();
                    awaitQuietly(release);
                }
            }
        };
        Gated nodes = new Gated();
        nodes.gate.release(10);
        GatedGraph g = GatedGraph.builder(nodes).checkpointer(memory).build();
        RunControl control = new RunControl();
        RunConfig config = RunConfig.thread("t").withControl(control).withCheckpointer(slow);
        // Threads of their own: on two cores the common pool has one worker, which the held run
        // occupies, so a cancel queued there would only start once the run had ended (JDK 25).
        ExecutorService threads = Executors.newFixedThreadPool(2);
        CompletableFuture<Object> run =
                CompletableFuture.supplyAsync(() -> g.invoke(StepsUpdate.of(), config), threads);
        assertTrue(committing.await(10, TimeUnit.SECONDS));
        CompletableFuture<Void> cancel = CompletableFuture.runAsync(control::cancel, threads);
        Thread.sleep(100);
        assertFalse(cancel.isDone(), "cancel returned while a commit was in flight");
        release.countDown();
        cancel.get(10, TimeUnit.SECONDS);
        assertThrows(Exception.class, () -> run.get(10, TimeUnit.SECONDS));
        // the commit that was in flight landed before the cancel returned; nothing after it
        assertEquals(
                List.of("first"), g.getState(RunConfig.thread("t")).values().done());
        threads.shutdown();
    }

    @Test
    void aRunsOwnCheckpointerTakesItsCheckpoints() {
        MemorySaver graphs = new MemorySaver();
        MemorySaver runs = new MemorySaver();
        Gated nodes = new Gated();
        nodes.gate.release(10);
        GatedGraph g = GatedGraph.builder(nodes).checkpointer(graphs).build();
        RunConfig own = RunConfig.thread("t").withCheckpointer(runs);
        g.invoke(StepsUpdate.of(), own);
        assertEquals(
                List.of("first", "second", "third"), g.getState(own).values().done());
        assertTrue(graphs.getTuple("t", "", null).isEmpty(), "the graph's saver stored nothing");
        assertTrue(runs.getTuple("t", "", null).isPresent());
        assertEquals(List.of(), g.getState(RunConfig.thread("t")).values().done());
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
