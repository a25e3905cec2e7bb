package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.RunControl;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A flag that stops a run at the next superstep boundary, set when a stream is closed early, or by
 * the run's {@link RunControl} when its config has one.
 */
final class Cancellation {
    static final Cancellation NEVER = new Cancellation();

    private volatile boolean cancelled;
    private final CountDownLatch latch = new CountDownLatch(1);
    /** The run's control, or null. */
    private final RunControl control;

    Cancellation() {
        this(null);
    }

    Cancellation(RunControl control) {
        this.control = control;
    }

    /** The cancellation of a run that can also be stopped another way (a stream closed early). */
    static Cancellation of(RunConfig config) {
        return new Cancellation(config.control().orElse(null));
    }

    /** A synchronous run's: it stops only by its config's control, if any. */
    static Cancellation synchronous(RunConfig config) {
        return config.control().isPresent() ? new Cancellation(config.control().get()) : NEVER;
    }

    void cancel() {
        cancelled = true;
        latch.countDown();
    }

    /** Waits up to {@code d}; true if the run was cancelled meanwhile. */
    boolean await(Duration d) throws InterruptedException {
        return latch.await(d.toMillis(), TimeUnit.MILLISECONDS);
    }

    boolean cancelled() {
        return cancelled || (control != null && control.cancelled());
    }

    void check() {
        if (cancelled) {
            throw new CancellationException("the run was cancelled");
        }
        if (control != null) {
            control.check();
        }
    }
}
