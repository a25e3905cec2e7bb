package dev.switchboard.server;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * This JVM's worker on the {@link PostgresQueue}: a listener thread on a dedicated connection
 * waits for NOTIFYs ({@code wake}: claim; {@code cancel}: stop an owned run; {@code done}: a run
 * finished elsewhere), a claimer claims while this JVM runs fewer than its limit, and a scheduled
 * beat renews the leases this JVM holds, notices the ones it lost or that were cancelled, and
 * sweeps expired leases of any JVM back to the queue. When no NOTIFY comes (a dropped listener
 * connection, a missed wake-up), the listener's timeout makes it claim anyway: a poll every
 * {@link Settings#poll} as a fallback.
 */
final class QueueWorker implements AutoCloseable {
    /** Timing and capacity of a worker; see the builder's {@code lease}, {@code maxRuns}. */
    record Settings(Duration lease, Duration heartbeat, Duration poll, int maxRuns) {}

    /** What the worker asks of the executor. */
    interface Runner {
        /** Starts a claimed run on this JVM; false when it cannot (and gave the run back). */
        boolean run(PostgresQueue.Claim claim);

        /** How many runs this JVM runs now. */
        int running();

        /** The ids of the runs this JVM runs now. */
        List<String> runningIds();

        /** A run this JVM owns was cancelled elsewhere ({@code action} interrupt or rollback). */
        void cancelled(String runId, String action);

        /**
         * The leases this JVM still holds, as renewed by a beat that began at {@code since}
         * ({@link System#nanoTime}): a run claimed before then and missing from {@code held} was
         * lost (swept back to the queue while this JVM stalled); stop it without touching its row.
         */
        void lostExcept(Map<String, String> held, long since);

        /** A run finished (on any JVM): refresh what this JVM shows of it. */
        void done(String runId);

        /** Events of a run were written to the {@link EventLog} (by any JVM): wake its readers here. */
        void eventsWritten(String runId);
    }

    private static final System.Logger LOG = System.getLogger(QueueWorker.class.getName());

    final String owner = UUID.randomUUID().toString();
    final PostgresQueue queue;
    private final String url;
    private final Settings settings;
    private final Runner runner;
    private final Object wake = new Object();
    /** A wake-up came since the claimer last looked: it looks again before waiting. */
    private boolean woken;

    private final ScheduledExecutorService beat;
    private volatile boolean closing;
    /** Tests only: a stalled worker (no lease renewal, no claims, as in a long GC pause). */
    volatile boolean stalled;

    private Thread listener;
    private Thread claimer;

    QueueWorker(String url, PostgresQueue queue, Settings settings, Runner runner) {
        this.url = url;
        this.queue = queue;
        this.settings = settings;
        this.runner = runner;
        AtomicInteger n = new AtomicInteger();
        this.beat =
                Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "switchboard-lease-" + n.incrementAndGet()));
    }

    void start() {
        listener = daemon(this::listen, "switchboard-listen");
        claimer = daemon(this::claimLoop, "switchboard-claim");
        listener.start();
        claimer.start();
        long every = settings.heartbeat.toMillis();
        beat.scheduleWithFixedDelay(this::beat, every, every, TimeUnit.MILLISECONDS);
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    /** Asks the claimer to look for work now (remembered if it is busy claiming, not lost). */
    void wake() {
        synchronized (wake) {
            woken = true;
            wake.notifyAll();
        }
    }

    /** Whether this JVM may take a run created here at once (it claims and has a free slot). */
    boolean mayClaimHere() {
        return !closing && !stalled && runner.running() < settings.maxRuns;
    }

    /** The lease of a claim, in milliseconds. */
    long lease() {
        return settings.lease.toMillis();
    }

    private void claimLoop() {
        while (!closing) {
            try {
                while (!closing && !stalled && runner.running() < settings.maxRuns) {
                    Optional<PostgresQueue.Claim> c = queue.claim(owner, settings.lease.toMillis(), null);
                    if (c.isEmpty() || !runner.run(c.get())) {
                        break;
                    }
                }
                synchronized (wake) {
                    if (!woken) {
                        wake.wait(settings.poll.toMillis());
                    }
                    woken = false;
                }
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "claiming from the run queue failed; retrying", e);
                pause(); // the database is away: try again after a poll interval
            }
        }
    }

    private void listen() {
        while (!closing) {
            try (Connection c = DriverManager.getConnection(url)) {
                try (Statement s = c.createStatement()) {
                    s.execute("LISTEN " + PostgresQueue.CHANNEL);
                    s.execute("LISTEN " + EventLog.CHANNEL);
                }
                PGConnection pg = c.unwrap(PGConnection.class);
                wake(); // runs may have been queued while this connection was down
                while (!closing) {
                    PGNotification[] got = pg.getNotifications((int) settings.poll.toMillis());
                    if (got == null || got.length == 0) {
                        wake(); // the fallback poll
                        continue;
                    }
                    for (PGNotification n : got) {
                        if (n.getName().equals(EventLog.CHANNEL)) {
                            runner.eventsWritten(n.getParameter());
                        } else {
                            dispatch(n.getParameter());
                        }
                    }
                }
            } catch (SQLException | RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "listening to the run queue failed; reconnecting", e);
                pause();
            }
        }
    }

    private void dispatch(String payload) {
        int space = payload.indexOf(' ');
        String kind = space < 0 ? payload : payload.substring(0, space);
        String arg = space < 0 ? "" : payload.substring(space + 1);
        switch (kind) {
            case "wake" -> wake();
            case "done" -> runner.done(arg);
            case "cancel" -> beat(); // the beat reads the cancel's action with the leases
            default -> {}
        }
    }

    /** Renews this JVM's leases, acts on cancels and lost leases, and sweeps expired ones. */
    private synchronized void beat() {
        if (closing) {
            return;
        }
        try {
            if (!stalled) {
                long since = System.nanoTime();
                Map<String, String> held = queue.heartbeat(owner, settings.lease.toMillis(), runner.runningIds());
                runner.lostExcept(held, since);
                held.forEach((id, status) -> {
                    if (status.startsWith("cancelling:")) {
                        runner.cancelled(id, status.substring("cancelling:".length()));
                    }
                });
            }
            queue.sweep();
        } catch (RuntimeException e) {
            // the database is away: the next beat tries again (a lease outlives several beats)
            LOG.log(System.Logger.Level.WARNING, "renewing the run queue's leases failed", e);
        }
    }

    private void pause() {
        try {
            Thread.sleep(settings.poll.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            closing = true;
        }
    }

    private void awaitClaimer() {
        Thread c = claimer;
        if (c == null || c == Thread.currentThread()) {
            return;
        }
        try {
            c.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Stops claiming and hands this JVM's running runs back to the queue (pending, lease
     * cleared, NOTIFY): another JVM resumes each from its last checkpoint.
     */
    @Override
    public void close() {
        closing = true;
        beat.shutdownNow();
        wake();
        awaitClaimer(); // a claim in flight now would otherwise land after the hand-back below
        try {
            queue.release(owner);
        } catch (RuntimeException e) {
            // the database is away: the leases expire and a sweeper returns the runs
            LOG.log(System.Logger.Level.WARNING, "handing runs back to the queue failed", e);
        }
        if (listener != null) {
            listener.interrupt();
        }
        queue.close();
    }
}
