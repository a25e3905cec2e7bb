package dev.switchboard.server.postgres;

import dev.switchboard.checkpoint.jdbc.ConnectionPool;
import dev.switchboard.server.rows.ServerSchema;
import dev.switchboard.server.runs.EventFeed;
import dev.switchboard.server.runs.RunEvents;
import dev.switchboard.server.runs.SharedEvents;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The SSE events of the runs on the PostgreSQL queue, in {@code switchboard_server_events} (a
 * global {@code id} orders them, {@code run_id}, {@code event}, {@code data}), so that a client
 * streaming or join-streaming a run through a JVM that does not run it gets the same events as one
 * connected to the owner. The owner's events go into the transaction of their run's next
 * checkpoint ({@link ClaimGuard}) or, its last ones, of its outcome ({@link PostgresRunQueue#finish});
 * a writer thread stores in batches those that no checkpoint took within {@link #LINGER} when a
 * reader on another JVM streams the run (it says so: {@link #tailed}), else within {@link
 * #UNREAD_LINGER}. Once they committed, and the run is streamed elsewhere, {@link #CHANNEL} is
 * NOTIFYed with the run's id (through the queue's {@link Notifier}). So a run nobody streams
 * through another JVM costs no commit and no NOTIFY for its events when its steps are shorter
 * than {@link #UNREAD_LINGER}. A reader on another JVM ({@link #tail}) replays the run's rows from the first, or
 * from the one after a {@code Last-Event-ID} (a run's rows, in id order, are its stream; as with
 * {@link RunEvents}), then waits for a NOTIFY (or polls every {@link #POLL}) and ends once the run
 * is done and its last row was read. Rows go with their run (a foreign key, so also with their
 * thread) and are pruned {@link #KEEP} after the run's last event once it is done.
 */
public final class EventLog implements SharedEvents, AutoCloseable {
    /** The NOTIFY channel; the payload is the run id whose events were written. */
    static final String CHANNEL = "switchboard_events";
    /**
     * How old an event gets before the writer stores it, if no checkpoint of its run stored it
     * first: the events of every run of this JVM then cost at most one commit per linger (about 50
     * a second), however fast tokens stream, and the events of a graph whose steps are shorter
     * than this go with its checkpoints at no commit of their own. A reader on another JVM sees a
     * token streamed in a long step up to two lingers late.
     */
    static final Duration LINGER = Duration.ofMillis(20);
    /**
     * How old the event of a run that no reader on another JVM streams gets before the writer
     * stores it: its checkpoints and outcome most often take it first (a step shorter than this
     * costs no commit of its own), and a reader that comes later replays it from the table.
     */
    static final Duration UNREAD_LINGER = Duration.ofSeconds(1);
    /**
     * How often a reader on another JVM repeats that it streams a run ({@code tail <run>} on the
     * queue's channel); the owner forgets a run not repeated for twice this.
     */
    static final Duration TAIL_NOTICE = Duration.ofMinutes(1);
    /** A reader's fallback poll when no NOTIFY comes. */
    static final Duration POLL = Duration.ofMillis(500);
    /** How long a done run's events stay for late joiners: as long as a JVM keeps its own runs'. */
    static final Duration KEEP = RunEvents.KEEP;

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(EventLog.class);
    private static final String EVENTS = "switchboard_server_events";

    /** One event waiting for the writer. */
    record Pending(String runId, String name, String data, long queuedAt) {}

    private final ConnectionPool pool;
    /** Held while a batch or a prune is written: batches commit in the order they were taken. */
    private final Object writeLock = new Object();

    private final String where;
    private final List<Pending> pending = new ArrayList<>();
    /** Sends the NOTIFYs of stored rows; null until the queue's worker connects it. */
    private volatile Notifier notifier;
    /**
     * The runs some of whose events are in a transaction not yet ended (the writer's batch, a
     * checkpoint's, an outcome's): none of their other events starts another meanwhile, so a run's
     * rows commit in the order of their ids, which readers rely on. Guarded by {@link #pending}.
     */
    private final Set<String> inFlight = new java.util.HashSet<>();

    private final Map<String, EventTail.Signal> signals = new ConcurrentHashMap<>();
    /** The runs a reader on another JVM streams, to when it said so last ({@link System#nanoTime}). */
    private final Map<String, Long> tailed = new ConcurrentHashMap<>();

    private final Thread flusher;
    private long lastPrune = System.nanoTime();
    private volatile boolean closing;

    private EventLog(ConnectionPool pool, String where) {
        this.pool = pool;
        this.where = where;
        this.flusher = new Thread(this::flushLoop, "switchboard-events");
        flusher.setDaemon(true);
        flusher.start();
    }

    /**
     * Creates the table when missing and starts the writer thread.
     *
     * @param pool the server's pool: each batch, prune and read borrows one of its connections
     * @param where the database as error messages name it
     * @return the log
     */
    public static EventLog open(ConnectionPool pool, String where) {
        try {
            Connection c = pool.borrow();
            try {
                ServerSchema.migrate(c, true);
            } catch (SQLException e) {
                pool.giveBack(c, e);
                throw e;
            }
            pool.giveBack(c);
            return new EventLog(pool, where);
        } catch (SQLException e) {
            throw new IllegalStateException("could not open the run events in " + where + ": " + e.getMessage(), e);
        }
    }

    /** Queues one event of a run this JVM runs; the writer thread stores it. */
    @Override
    public void add(String runId, String name, byte[] data) {
        String text = new String(data, StandardCharsets.UTF_8);
        synchronized (pending) {
            // stamped in the queue's order, so a run's events age in the order they are stored
            pending.add(new Pending(runId, name, text, System.nanoTime()));
            pending.notifyAll();
        }
    }

    private void flushLoop() {
        while (!closing) {
            try {
                pruneNowAndThen();
                boolean idle;
                synchronized (pending) {
                    if (pending.isEmpty()) {
                        pending.wait(POLL.toMillis());
                    }
                    idle = pending.isEmpty();
                }
                if (idle) {
                    continue;
                }
                Thread.sleep(LINGER.toMillis());
                flush(false);
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                LOG.warn("writing run events failed: {}", e.getMessage());
            }
        }
    }

    /** Stores every queued event now; called before the queue marks a run done, so its last events precede it. */
    @Override
    public void flush() {
        flush(true);
    }

    /**
     * Stores the queued events of the runs no other transaction holds events of: all of them, or
     * only those queued at least {@link #LINGER} ago. A younger event is most often stored with its
     * run's next checkpoint ({@link ClaimGuard}) at no commit of its own; the writer stores it only
     * when no checkpoint came meanwhile (a long step streaming tokens), so a reader on another JVM
     * waits for an event at most about two lingers either way.
     */
    private void flush(boolean all) {
        long now = System.nanoTime();
        long agedBefore = now - LINGER.toNanos();
        long unreadAgedBefore = now - UNREAD_LINGER.toNanos();
        synchronized (writeLock) {
            List<Pending> batch = new ArrayList<>();
            Set<String> runs = new LinkedHashSet<>();
            synchronized (pending) {
                for (java.util.Iterator<Pending> it = pending.iterator(); it.hasNext(); ) {
                    Pending p = it.next();
                    long due = tailed.containsKey(p.runId) ? agedBefore : unreadAgedBefore;
                    if (!inFlight.contains(p.runId) && (all || p.queuedAt - due <= 0)) {
                        batch.add(p);
                        runs.add(p.runId);
                        it.remove();
                    }
                }
                inFlight.addAll(runs);
            }
            try {
                if (!batch.isEmpty()) {
                    write(batch);
                }
            } finally {
                synchronized (pending) {
                    inFlight.removeAll(runs);
                    pending.notifyAll();
                }
            }
        }
    }

    /**
     * Takes the run's events not yet written out of the writer's queue, for the caller to store in
     * its own transaction and then hand back to {@link #ended}; none when another transaction holds
     * some of the run's events and {@code wait} is false, else once that one ended.
     */
    List<Pending> take(String runId, boolean wait) {
        synchronized (pending) {
            while (inFlight.contains(runId)) {
                if (!wait) {
                    return List.of();
                }
                try {
                    pending.wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return List.of(); // the writer stores them
                }
            }
            List<Pending> out = new ArrayList<>();
            pending.removeIf(p -> p.runId.equals(runId) && out.add(p));
            if (!out.isEmpty()) {
                inFlight.add(runId);
            }
            return out;
        }
    }

    /** The transaction that stored events {@link #take} gave ended: uncommitted, they are queued again. */
    void ended(String runId, List<Pending> taken, boolean committed) {
        if (taken.isEmpty()) {
            return;
        }
        synchronized (pending) {
            if (!committed) {
                pending.addAll(0, taken);
            }
            inFlight.remove(runId);
            pending.notifyAll();
        }
        if (committed) {
            announce(runId);
        }
    }

    /** NOTIFYs the readers of a run's rows on other JVMs, if any said they stream it, that more committed. */
    private void announce(String runId) {
        Notifier n = notifier;
        if (n != null && tailed.containsKey(runId)) {
            n.send(CHANNEL, runId);
        }
    }

    /**
     * A reader on another JVM streams the run ({@code tail <run>} on the queue's channel): from now
     * its events are stored within {@link #LINGER} and announced, and it is told at once to read
     * what committed meanwhile without a NOTIFY.
     *
     * @param runId the run
     */
    void tailed(String runId) {
        tailed.put(runId, System.nanoTime());
        Notifier n = notifier;
        if (n != null) {
            n.send(CHANNEL, runId);
        }
        synchronized (pending) {
            pending.notifyAll();
        }
    }

    /** Tells the run's owner, wherever it runs, that a reader here streams it (see {@link #tailed}). */
    private void askFor(String runId) {
        Notifier n = notifier;
        if (n != null) {
            n.send(PostgresRunQueue.CHANNEL, "tail " + runId);
        }
    }

    /**
     * Sends the NOTIFYs of stored events through {@code n}, after their commits; until then readers
     * on other JVMs find new rows by their polls.
     *
     * @param n the queue's notifier
     */
    void announceThrough(Notifier n) {
        this.notifier = n;
    }

    /**
     * The SQL that stores one run's events in the caller's statement: a {@code WITH} clause taking
     * the run id and two text arrays (names, data), to be followed by the statement's own query.
     */
    static final String INSERT_WITH = "WITH e AS (INSERT INTO " + EVENTS + " (run_id, event, data)"
            + " SELECT ?, x.event, x.data FROM unnest(?::text[], ?::text[]) WITH ORDINALITY AS x(event, data, n)"
            + " ORDER BY x.n)";

    /** Binds {@link #INSERT_WITH}'s parameters from {@code at}; returns the next index. */
    static int bindInsert(PreparedStatement p, int at, String runId, List<Pending> events) throws SQLException {
        String[] names = new String[events.size()];
        String[] data = new String[events.size()];
        for (int i = 0; i < names.length; i++) {
            names[i] = events.get(i).name();
            data[i] = events.get(i).data();
        }
        p.setString(at, runId);
        p.setArray(at + 1, p.getConnection().createArrayOf("text", names));
        p.setArray(at + 2, p.getConnection().createArrayOf("text", data));
        return at + 3;
    }

    /**
     * Runs {@code store} with the run's events not yet written, taken out of the writer's queue, for
     * it to store them in its own transaction (the run's outcome, {@link PostgresRunQueue#finish});
     * once a transaction holding the run's earlier events ended, so that one commits first. When
     * {@code store} fails, they go back to the queue.
     */
    <T> T storingLast(String runId, java.util.function.Function<List<Pending>, T> store) {
        List<Pending> last = take(runId, true);
        boolean stored = false;
        try {
            T out = store.apply(last);
            stored = true;
            return out;
        } finally {
            ended(runId, last, stored);
            if (stored) {
                tailed.remove(runId); // its last events are announced: no more come
            }
        }
    }

    /** One transaction for the batch; on a failure (a run deleted meanwhile) each run's rows alone. */
    private void write(List<Pending> batch) {
        try {
            insert(batch);
        } catch (SQLException e) {
            Set<String> runs = new LinkedHashSet<>();
            batch.forEach(p -> runs.add(p.runId));
            for (String run : runs) {
                try {
                    insert(batch.stream().filter(p -> p.runId.equals(run)).toList());
                } catch (SQLException again) {
                    LOG.debug("dropped the events of run {}: {}", run, again.getMessage());
                }
            }
        }
    }

    private void insert(List<Pending> batch) throws SQLException {
        Connection writer = pool.borrow();
        try {
            insert(writer, batch);
        } catch (SQLException e) {
            pool.giveBack(writer, e);
            throw e;
        }
        pool.giveBack(writer);
    }

    private void insert(Connection writer, List<Pending> batch) throws SQLException {
        writer.setAutoCommit(false);
        try (PreparedStatement p =
                writer.prepareStatement("INSERT INTO " + EVENTS + " (run_id, event, data) VALUES (?, ?, ?)")) {
            Set<String> runs = new LinkedHashSet<>();
            for (Pending e : batch) {
                p.setString(1, e.runId);
                p.setString(2, e.name);
                p.setString(3, e.data);
                p.addBatch();
                runs.add(e.runId);
            }
            p.executeBatch();
            writer.commit();
            for (String run : runs) {
                announce(run);
            }
        } catch (SQLException e) {
            writer.rollback();
            throw e;
        } finally {
            writer.setAutoCommit(true);
        }
    }

    /**
     * A NOTIFY said {@code runId} has new rows: wakes its readers in this JVM.
     *
     * @param runId the run
     */
    public void arrived(String runId) {
        EventTail.Signal s = signals.get(runId);
        if (s != null) {
            s.bump();
        }
    }

    /** A reader of one run's rows from the first, for a stream on a JVM that does not run it. */
    @Override
    public EventFeed tail(String runId) {
        EventTail.Signal signal = signals.compute(runId, (k, s) -> (s == null ? new EventTail.Signal() : s).retain());
        askFor(runId);
        return new EventTail(
                pool,
                where,
                runId,
                signal,
                () -> askFor(runId),
                () -> signals.computeIfPresent(runId, (k, s) -> s.release() ? null : s));
    }

    /** Deletes the rows of runs done for longer than {@link #KEEP}, at most once a minute per JVM. */
    private void pruneNowAndThen() {
        if (System.nanoTime() - lastPrune < Duration.ofMinutes(1).toNanos()) {
            return;
        }
        lastPrune = System.nanoTime();
        long forgetBefore = lastPrune - 2 * TAIL_NOTICE.toNanos();
        tailed.values().removeIf(at -> at - forgetBefore < 0);
        try {
            prune(KEEP);
        } catch (SQLException e) {
            LOG.warn("pruning run events failed: {}", e.getMessage());
        }
    }

    /**
     * Deletes the rows of the runs that are done and whose last event is older than {@code keep};
     * answers how many. A run still running keeps its rows however old (a late joiner replays them).
     *
     * @param keep how long after its last event a done run's rows stay
     * @return the rows deleted
     * @throws SQLException if the database fails
     */
    public int prune(Duration keep) throws SQLException {
        synchronized (writeLock) {
            Connection writer = pool.borrow();
            try (PreparedStatement p = writer.prepareStatement("DELETE FROM " + EVENTS + " WHERE run_id IN (SELECT"
                    + " e.run_id FROM " + EVENTS + " e JOIN switchboard_server_runs r ON r.run_id = e.run_id"
                    + " WHERE r.queue_status = 'done' GROUP BY e.run_id"
                    + " HAVING max(e.created_at) < now() - ? * interval '1 millisecond')")) {
                p.setLong(1, keep.toMillis());
                int n = p.executeUpdate();
                pool.giveBack(writer);
                return n;
            } catch (SQLException e) {
                pool.giveBack(writer, e);
                throw e;
            }
        }
    }

    @Override
    public void close() {
        closing = true;
        flusher.interrupt();
        try {
            flush();
        } catch (RuntimeException e) {
            LOG.warn("writing the last run events failed: {}", e.getMessage());
        }
    }
}
