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
    final CountDownLatch held = new CountDownLatch(1);
    final CountDownLatch release = new CountDownLatch(1);
    volatile boolean hold;
    volatile boolean fail;

    @Node
    @Edge(from = START)
    TallyUpdate bump(Tally s) throws InterruptedException {
        if (fail) {
            throw new IllegalStateException("bump failed");
        }
        if (hold) {
            held.countDown();
            release.await(30, TimeUnit.SECONDS);
        }
        return TallyUpdate.of().n(s.n() == null ? 1 : s.n() + 1);
    }
}

/** Records every signal; requests {@code initial} in onSubscribe, then optionally dawdles there. */
class Recording implements Flow.Subscriber<StreamPart<Tally>> {
    final long initial;
    final long dawdleMillis;
    final List<String> signals = new CopyOnWriteArrayList<>();
    final CountDownLatch terminated = new CountDownLatch(1);
    volatile Flow.Subscription subscription;
    volatile boolean inOnSubscribe;
    volatile boolean overlapped;

    Recording(long initial, long dawdleMillis) {
        this.initial = initial;
        this.dawdleMillis = dawdleMillis;
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
        inOnSubscribe = true;
        subscription = s;
        if (initial > 0) {
            s.request(initial);
        }
        if (dawdleMillis > 0) {
            try {
                Thread.sleep(dawdleMillis); // e.g. finishing its own set-up after requesting
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
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
     * Rule 1.3: onSubscribe, onNext, ... are signalled serially. A subscriber may request inside
     * onSubscribe; RunPublisher calls onSubscribe on the subscribing thread but drains on the
     * executor, so onNext runs concurrently with the rest of onSubscribe.
     */
    @Test
    void onNextDoesNotOverlapOnSubscribe() throws Exception {
        Recording subscriber = new Recording(Long.MAX_VALUE, 300);
        BumperGraph.builder(new Bumper())
                .build()
                .streamAsync(TallyUpdate.of().n(0), RunConfig.defaults(), StreamMode.VALUES)
                .subscribe(subscriber);
        assertTrue(subscriber.terminated.await(30, TimeUnit.SECONDS));
        assertFalse(subscriber.overlapped, "signalled while onSubscribe was running: " + subscriber.signals);
        assertEquals("onSubscribe", subscriber.signals.get(0));
    }

    /**
     * Nothing is signalled after cancel (the class's own contract; rule 3.5/1.8's intent): the
     * drain blocked in the stream's hasNext() when cancel() came wakes up on the end of a run that
     * stopped by itself (here: a breakpoint) and calls onComplete without checking {@code stopped}.
     */
    @Test
    void nothingIsSignalledAfterCancelWhenTheRunEndsByItself() throws Exception {
        Bumper nodes = new Bumper();
        nodes.hold = true;
        BumperGraph graph = BumperGraph.builder(nodes)
                .checkpointer(new MemorySaver())
                .interruptAfter("bump")
                .build();
        Recording subscriber = new Recording(1, 0);
        graph.streamAsync(TallyUpdate.of().n(0), RunConfig.thread("cancel-then-end"), StreamMode.CUSTOM)
                .subscribe(subscriber);
        assertTrue(nodes.held.await(30, TimeUnit.SECONDS));
        Thread.sleep(100); // the drain is waiting in hasNext() for demand 1
        subscriber.subscription.cancel();
        nodes.release.countDown();
        Thread.sleep(1_000);
        assertEquals(List.of("onSubscribe"), subscriber.signals, "signalled after cancel");
    }

    /**
     * Rule 1.4: a failed publisher MUST signal onError, demand or not (the TCK checks it without a
     * request). The drain only looks at the stream while demand is positive, so a run that fails
     * while the subscriber has nothing outstanding never reports its failure.
     */
    @Test
    void aFailureIsSignalledWithoutDemand() throws Exception {
        Bumper nodes = new Bumper();
        nodes.fail = true;
        Recording subscriber = new Recording(0, 0);
        BumperGraph.builder(nodes)
                .build()
                .streamAsync(TallyUpdate.of().n(0), RunConfig.defaults(), StreamMode.UPDATES)
                .subscribe(subscriber);
        assertTrue(subscriber.terminated.await(5, TimeUnit.SECONDS), "no onError: " + subscriber.signals);
        assertEquals(List.of("onSubscribe", "onError:NodeException"), subscriber.signals);
    }
}
