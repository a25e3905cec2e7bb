package dev.switchboard.server.postgres;

import dev.switchboard.checkpoint.jdbc.ConnectionPool;
import dev.switchboard.server.runs.Claim;
import dev.switchboard.server.runs.RunPipeline;
import dev.switchboard.server.runs.Stop;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This JVM's worker on the {@link PostgresRunQueue}: a listener thread keeps one connection of its
 * own, outside the server's pool, on which it waits for NOTIFYs ({@code wake}: claim; {@code
 * cancel}: stop an owned run; {@code done}: a run finished elsewhere; {@code tail}: a JVM streams a
 * run; run events written) and,
 * every {@link Settings#heartbeat}, beats: renews the leases this JVM holds, notices the ones it
 * lost or that were cancelled, and sweeps expired leases of any JVM back to the queue. Because the
 * beat runs on that connection, a lease is renewed however busy the pool is (its connections are
 * the runs' and the API's; a renewal that waited for one could lose the lease it renews). A
 * claimer thread claims, on the pool, while the {@link RunPipeline} has room. When no NOTIFY comes
 * (a dropped listener connection, a missed wake-up), the listener's timeout makes it claim anyway:
 * a poll every {@link Settings#poll} as a fallback.
 */
public final class QueueWorker implements AutoCloseable {
    /**
     * Timing of a worker; see the server builder's {@code lease}.
     *
     * @param lease how long a claim holds without renewal
     * @param heartbeat how often claims are renewed
     * @param poll how often the queue is read when no NOTIFY comes
     */
    public record Settings(Duration lease, Duration heartbeat, Duration poll) {}

    private static final Logger LOG = LoggerFactory.getLogger(QueueWorker.class);
    /** How long the listener waits for a notification at a time. */
    private static final int LISTEN_SLICE_MILLIS = 250;

    private final PostgresRunQueue queue;
    private final EventLog log;
    private final Session session;
    private final Settings settings;
    private final RunPipeline pipeline;
    private final Object wake = new Object();
    /** A wake-up came since the claimer last looked: it looks again before waiting. */
    private boolean woken;
    /**
     * The claimer stopped for want of room, not of work: a run ending here wakes it. When the queue
     * had nothing for it, only a NOTIFY (or the poll) does, so a run's end costs no empty claim.
     */
    private volatile boolean full;

    /** A cancel came: the listener beats at once rather than at the next heartbeat. */
    private volatile boolean beatNow;
    /** The listener's last connection worked: after losing it, it reconnects without a pause. */
    private boolean listened;
    /** The backend of the listener's connection, for the tests; 0 while it has none. */
    private volatile int listenerPid;

    private volatile boolean closing;
    /** Tests only: a stalled worker (no lease renewal, no claims, as in a long GC pause). */
    public volatile boolean stalled;

    private Thread listener;
    private Thread claimer;

    /**
     * Opens the one connection a worker keeps for itself, for a session: {@code LISTEN} holds only
     * on the connection that issued it, which a pooler in transaction mode does not keep.
     */
    @FunctionalInterface
    public interface Session {
        /**
         * A new connection, which the worker closes.
         *
         * @return the connection
         * @throws SQLException if the database cannot be reached
         */
        Connection open() throws SQLException;
    }

    /**
     * A worker.
     *
     * @param session opens the connection the worker keeps (outside the pool's bound) to LISTEN and
     *     beat on: the pool's {@linkplain ConnectionPool#dedicated dedicated} one, or one on a direct
     *     URL when the pool goes through a transaction-mode pooler
     * @param queue the queue
     * @param log the run event log
     * @param settings timing
     * @param pipeline what executes the claimed runs
     */
    public QueueWorker(Session session, PostgresRunQueue queue, EventLog log, Settings settings, RunPipeline pipeline) {
        this.session = session;
        this.queue = queue;
        this.log = log;
        this.settings = settings;
        this.pipeline = pipeline;
        queue.storeEventsIn(log);
    }

    /**
     * The queue this worker claims from.
     *
     * @return the queue
     */
    public PostgresRunQueue queue() {
        return queue;
    }

    /** Starts listening and renewing, and claiming. */
    public void start() {
        listener = daemon(this::listen, "switchboard-listen");
        claimer = daemon(this::claimLoop, "switchboard-claim");
        listener.start();
        claimer.start();
    }

    /**
     * Tests only: the server process behind the listener's connection (the one leases are renewed
     * on), to drop it from outside.
     *
     * @return the backend's pid, or 0 while the listener is not connected
     */
    public int backendPid() {
        return listenerPid;
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    /** Asks the claimer to look for work now (remembered if it is busy claiming, not lost). */
    public void wake() {
        synchronized (wake) {
            woken = true;
            wake.notifyAll();
        }
    }

    /**
     * Whether the claimer stopped for want of room, not of work (and claims at all): a run ending
     * here then claims the next with its outcome.
     *
     * @return true when it waits for room
     */
    public boolean waitsForRoom() {
        return full && !stalled && !closing;
    }

    /** A run ended here: the claimer claims again if it had stopped for want of room. */
    public void roomFreed() {
        if (full) {
            wake();
        }
    }

    private void claimLoop() {
        while (!closing) {
            try {
                while (!closing && !stalled) {
                    full = true; // before looking at the room: a run ending after the look wakes it
                    if (!pipeline.hasRoom()) {
                        break;
                    }
                    full = false;
                    Optional<Claim> c = queue.claim(queue.owner());
                    if (c.isEmpty() || !pipeline.run(c.get())) {
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
                LOG.warn("claiming from the run queue failed; retrying: {}", e.getMessage());
                pause(); // the database is away: try again after a poll interval
            }
        }
    }

    private void listen() {
        while (!closing) {
            try (Connection c = session.open()) {
                try {
                    listenerPid = c.unwrap(PGConnection.class).getBackendPID();
                    listenOn(c);
                } finally {
                    listenerPid = 0;
                    unlisten(c);
                }
            } catch (SQLException | RuntimeException e) {
                if (!closing) {
                    LOG.warn("listening to the run queue failed; reconnecting: {}", e.getMessage());
                    if (!listened) {
                        pause(); // at once after a connection that worked: the leases are renewed on it
                    }
                    listened = false;
                }
            }
        }
    }

    private void listenOn(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("LISTEN " + PostgresRunQueue.CHANNEL);
            s.execute("LISTEN " + EventLog.CHANNEL);
        }
        listened = true;
        PGConnection pg = c.unwrap(PGConnection.class);
        wake(); // runs may have been queued while this connection was down
        long quietSince = System.nanoTime();
        long every = settings.heartbeat.toNanos();
        long nextBeat = System.nanoTime() + every;
        while (!closing) {
            long untilBeat = nextBeat - System.nanoTime();
            if (untilBeat <= 0 || beatNow) {
                beatNow = false;
                beat(c);
                nextBeat = System.nanoTime() + every;
                continue;
            }
            // short waits, so close() gets the connection back at once (an interrupt does not end one)
            int wait = (int) Math.max(1, Math.min(LISTEN_SLICE_MILLIS, TimeUnit.NANOSECONDS.toMillis(untilBeat)));
            PGNotification[] got = pg.getNotifications(wait);
            if (got == null || got.length == 0) {
                if (System.nanoTime() - quietSince >= settings.poll.toNanos()) {
                    wake(); // the fallback poll
                    quietSince = System.nanoTime();
                }
                continue;
            }
            quietSince = System.nanoTime();
            for (PGNotification n : got) {
                if (n.getName().equals(EventLog.CHANNEL)) {
                    log.arrived(n.getParameter());
                } else {
                    dispatch(n.getParameter());
                }
            }
        }
    }

    /**
     * Stops listening before the connection goes back: from an application's pool it is handed to
     * other code next, which would otherwise keep receiving (and buffering) the queue's notices.
     */
    private static void unlisten(Connection c) {
        try (Statement s = c.createStatement()) {
            s.execute("UNLISTEN *");
        } catch (SQLException e) {
            // the connection is broken: the pool drops it, and its listens with it
        }
    }

    private void dispatch(String payload) {
        int space = payload.indexOf(' ');
        String kind = space < 0 ? payload : payload.substring(0, space);
        String arg = space < 0 ? "" : payload.substring(space + 1);
        switch (kind) {
            case "wake" -> wake();
            case "done" -> pipeline.news().finished(arg);
            case "cancel" -> beatNow = true; // the beat reads the cancel's action with the leases
            case "tail" -> log.tailed(arg); // a JVM streams the run: its events go out promptly
            default -> {}
        }
    }

    /**
     * Renews this JVM's leases, acts on cancels and lost leases, and sweeps expired ones, on the
     * listener's connection {@code c} (the listener's thread).
     */
    private void beat(Connection c) {
        if (closing) {
            return;
        }
        try {
            if (!stalled) {
                long since = System.nanoTime();
                Map<String, String> held = queue.heartbeat(c, pipeline.runningIds());
                pipeline.news().heldOnly(held.keySet(), since);
                held.forEach((id, status) -> {
                    if (status.startsWith("cancelling:")) {
                        pipeline.news().cancelled(id, Stop.parse(status.substring("cancelling:".length())));
                    }
                });
            }
            int swept = queue.sweep(c);
            if (swept > 0) {
                LOG.info("returned {} run(s) whose lease expired to the queue", swept);
            }
        } catch (RuntimeException e) {
            // the database is away: the next beat tries again (a lease outlives several beats)
            LOG.warn("renewing the run queue's leases failed: {}", e.getMessage());
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
        wake();
        awaitClaimer(); // a claim in flight now would otherwise land after the hand-back below
        try {
            queue.release();
        } catch (RuntimeException e) {
            // the database is away: the leases expire and a sweeper returns the runs
            LOG.warn("handing runs back to the queue failed: {}", e.getMessage());
        }
        if (listener != null) {
            listener.interrupt();
            try {
                listener.join(4 * LISTEN_SLICE_MILLIS); // it closes its connection
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        queue.close();
    }
}
