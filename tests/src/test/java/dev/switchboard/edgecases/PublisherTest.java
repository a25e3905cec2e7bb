package dev.switchboard.edgecases;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.StreamPart;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

record Tally(Integer n) {}

/** bump adds one; it can be held until released, or fail. */
class Bumper {
    final CountDownLatch entered = new CountDownLatch(1);
    final CountDownLatch held = new CountDownLatch(1);
    final CountDownLatch release = new CountDownLatch(1);
    final CountDownLatch returned = new CountDownLatch(1);
    volatile boolean hold;
    volatile boolean fail;

    @Node
    @Edge(from = START)
    TallyUpdate bump(Tally s) throws InterruptedException {
        entered.countDown();
        if (fail) {
            throw new IllegalStateException("bump failed");
        }
        try {
            if (hold) {
                held.countDown();
                release.await(30, TimeUnit.SECONDS);
            }
            return TallyUpdate.of().n(s.n() == null ? 1 : s.n() + 1);
        } finally {
            returned.countDown();
        }
    }
}

/**
 * Records every signal; requests {@code initial} in onSubscribe, then optionally stays there until
 * {@code readyInOnSubscribe} opens and {@code lingerMillis} more have passed.
 */
class Recording implements Flow.Subscriber<StreamPart<Tally>> {
    final long initial;
    final CountDownLatch readyInOnSubscribe;
    final long lingerMillis;
    final List<String> signals = new CopyOnWriteArrayList<>();
    final CountDownLatch terminated = new CountDownLatch(1);
    volatile Flow.Subscription subscription;
    volatile boolean inOnSubscribe;
    volatile boolean overlapped;
    volatile boolean readyInTime = true;

    Recording(long initial) {
        this(initial, new CountDownLatch(0), 0);
    }

    Recording(long initial, CountDownLatch readyInOnSubscribe, long lingerMillis) {
        this.initial = initial;
        this.readyInOnSubscribe = readyInOnSubscribe;
        this.lingerMillis = lingerMillis;
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
        inOnSubscribe = true;
        subscription = s;
        if (initial > 0) {
            s.request(initial);
        }
        try {
            // e.g. finishing its own set-up after requesting
            readyInTime = readyInOnSubscribe.await(30, TimeUnit.SECONDS);
            Thread.sleep(lingerMillis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        signals.add("onSubscribe");
        inOnSubscribe = false;
    }

    @Override
    public void onNext(StreamPart<Tally> item) {
        overlapped |= inOnSubscribe;
        signals.add("onNext");
    }

    @Override
    public void onError(Throwable e) {
        overlapped |= inOnSubscribe;
        signals.add("onError:" + e.getClass().getSimpleName());
        terminated.countDown();
    }

    @Override
    public void onComplete() {
        overlapped |= inOnSubscribe;
        signals.add("onComplete");
        terminated.countDown();
    }
}

/** streamAsync's Flow.Publisher against the reactive-streams rules. */
class PublisherTest {

    /**
     * Rule 1.3: onSubscribe, onNext, ... are signalled serially. A subscriber that requests inside
     * onSubscribe gets no onNext before onSubscribe has returned, although the run (started on
     * subscription) already has events for it: onSubscribe waits until bump runs, by which time
     * the input's values event is out, and lingers a little for a drain on another thread.
     */
    @Test
    void onNextDoesNotOverlapOnSubscribe() throws Exception {
        Bumper nodes = new Bumper();
        Recording subscriber = new Recording(Long.MAX_VALUE, nodes.entered, 200);
        BumperGraph.builder(nodes)
                .build()
                .streamAsync(TallyUpdate.of().n(0), RunConfig.defaults(), StreamMode.VALUES)
                .subscribe(subscriber);
        assertTrue(subscriber.terminated.await(30, TimeUnit.SECONDS));
        assertTrue(subscriber.readyInTime, "bump did not run while the subscriber was in onSubscribe");
        assertFalse(subscriber.overlapped, "signalled while onSubscribe was running: " + subscriber.signals);
        assertEquals(List.of("onSubscribe", "onNext", "onNext", "onComplete"), subscriber.signals);
    }

    /**
     * Nothing is signalled after cancel (the class's own contract; rule 3.5/1.8's intent), also
     * when the run then ends by itself (here: a breakpoint after bump) while the subscriber still
     * has outstanding demand: no onComplete follows the cancel.
     */
    @Test
    void nothingIsSignalledAfterCancelWhenTheRunEndsByItself() throws Exception {
        Bumper nodes = new Bumper();
        nodes.hold = true;
        BumperGraph graph = BumperGraph.builder(nodes)
                .checkpointer(new MemorySaver())
                .interruptAfter("bump")
                .build();
        Recording subscriber = new Recording(1);
        graph.streamAsync(TallyUpdate.of().n(0), RunConfig.thread("cancel-then-end"), StreamMode.CUSTOM)
                .subscribe(subscriber);
        assertTrue(nodes.held.await(30, TimeUnit.SECONDS));
        Thread.sleep(100); // lets the drain settle into waiting for an event for demand 1
        subscriber.subscription.cancel();
        nodes.release.countDown();
        assertTrue(nodes.returned.await(30, TimeUnit.SECONDS));
        // The run ends right after bump returns; a signal after cancel would come within this wait.
        assertFalse(subscriber.terminated.await(1, TimeUnit.SECONDS), "signalled after cancel");
        assertEquals(List.of("onSubscribe"), subscriber.signals, "signalled after cancel");
    }

    /**
     * Rule 1.4: a failed publisher MUST signal onError, demand or not (the TCK checks it without a
     * request): a run that fails while the subscriber has nothing outstanding reports its failure.
     */
    @Test
    void aFailureIsSignalledWithoutDemand() throws Exception {
        Bumper nodes = new Bumper();
        nodes.fail = true;
        Recording subscriber = new Recording(0);
        BumperGraph.builder(nodes)
                .build()
                .streamAsync(TallyUpdate.of().n(0), RunConfig.defaults(), StreamMode.UPDATES)
                .subscribe(subscriber);
        assertTrue(subscriber.terminated.await(30, TimeUnit.SECONDS), "no onError: " + subscriber.signals);
        assertEquals(List.of("onSubscribe", "onError:NodeException"), subscriber.signals);
    }
}
