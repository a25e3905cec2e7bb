package dev.switchboard.runtime.store;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;

/** Runs a store's sweep on a daemon thread at a fixed delay until stopped. */
final class Sweeper {
    private static final System.Logger LOG = System.getLogger(Sweeper.class.getName());

    private final ScheduledExecutorService timer;

    Sweeper(IntSupplier sweep, Duration interval, String storeName) {
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "switchboard-store-sweeper-" + storeName);
            t.setDaemon(true);
            return t;
        });
        long millis = Math.max(1, interval.toMillis());
        timer.scheduleWithFixedDelay(() -> run(sweep), millis, millis, TimeUnit.MILLISECONDS);
    }

    private static void run(IntSupplier sweep) {
        try {
            sweep.getAsInt();
        } catch (RuntimeException e) {
            // A failed sweep (a lost connection) is retried at the next interval; items stay
            // invisible to reads once expired, so nothing depends on this sweep.
            LOG.log(System.Logger.Level.WARNING, "store sweep failed; retrying at the next interval", e);
        }
    }

    void stop() {
        timer.shutdownNow();
    }
}
