package dev.switchboard.runtime.pregel;

import java.util.concurrent.CancellationException;

/** A flag that stops a run at the next superstep boundary, set when a stream is closed early. */
final class Cancellation {
    static final Cancellation NEVER = new Cancellation();

    private volatile boolean cancelled;

    void cancel() {
        cancelled = true;
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
