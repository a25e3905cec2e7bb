package dev.switchboard.runtime.pregel;

import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** A flag that stops a run at the next superstep boundary, set when a stream is closed early. */
final class Cancellation {
    static final Cancellation NEVER = new Cancellation();

    private volatile boolean cancelled;
    private final CountDownLatch latch = new CountDownLatch(1);

    void cancel() {
        cancelled = true;
        latch.countDown();
    }

    /** Waits up to {@code d}; true if the run was cancelled meanwhile. */
    boolean await(Duration d) throws InterruptedException {
        return latch.await(d.toMillis(), TimeUnit.MILLISECONDS);
    }

    boolean cancelled() {
        return cancelled;
    }

    void check() {
        if (cancelled) {
            throw new CancellationException("the run was cancelled");
        }
    }
}
