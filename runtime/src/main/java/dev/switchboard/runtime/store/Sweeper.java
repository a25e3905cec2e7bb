package dev.switchboard.runtime.store;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;

/**
 * Runs a store's sweep at a fixed delay until stopped. It starts no thread of its own (the runtime
 * keeps thread creation in one place): the JDK's delayed executor waits, and each sweep, one short
 * statement, runs on the common pool.
 */
final class Sweeper {
    private static final System.Logger LOG = System.getLogger(Sweeper.class.getName());

    private final IntSupplier sweep;
    private final Executor delayed;
    private volatile boolean stopped;

    Sweeper(IntSupplier sweep, Duration interval) {
        this.sweep = sweep;
        this.delayed = CompletableFuture.delayedExecutor(Math.max(1, interval.toMillis()), TimeUnit.MILLISECONDS);
        schedule();
    }

    private void schedule() {
        if (!stopped) {
            delayed.execute(this::run);
        }
    }

    private void run() {
        if (stopped) {
            return;
        }
        try {
            sweep.getAsInt();
        } catch (RuntimeException e) {
            // A failed sweep (a lost connection) is retried at the next interval; expired items
            // are invisible to reads anyway, so nothing depends on this sweep.
            LOG.log(System.Logger.Level.WARNING, "store sweep failed; retrying at the next interval", e);
        }
        schedule();
    }

    void stop() {
        stopped = true;
    }
}
