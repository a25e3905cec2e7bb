package dev.switchboard.server.postgres;

import dev.switchboard.checkpoint.jdbc.ConnectionPool;
import dev.switchboard.server.runs.EventFeed;
import dev.switchboard.server.runs.RunEvents;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * One stream's reading position in a run's rows of the {@link EventLog}, for a client streaming a
 * run through a JVM that does not run it. A row's id in the run's stream is its place among the
 * run's rows (they are written in order by the run's one owner and pruned together), so it matches
 * the id the owner's own {@link RunEvents} gives it. Each read borrows a connection of the server's
 * pool for its two statements; between reads it waits for a NOTIFY of the run (or polls every
 * {@link EventLog#POLL}).
 */
final class EventTail implements EventFeed {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(EventTail.class);
    private static final String EVENTS = "switchboard_server_events";

    private final ConnectionPool pool;
    private final String where;
    private final String runId;
    private final Signal signal;
    private final Runnable released;
    /** Repeats to the run's owner that this JVM streams it. */
    private final Runnable ask;

    private long askedAt = System.nanoTime();
    private long lastRow;
    /** The stream id of the next row; -1 before the first read, which skips the rows before {@code from}. */
    private int nextId = -1;

    private boolean closed;

    EventTail(ConnectionPool pool, String where, String runId, Signal signal, Runnable ask, Runnable released) {
        this.ask = ask;
        this.pool = pool;
        this.where = where;
        this.runId = runId;
        this.signal = signal;
        this.released = released;
    }

    @Override
    public List<RunEvents.Event> after(int from, long millis) throws InterruptedException {
        long end = System.nanoTime() + millis * 1_000_000;
        while (!closed) {
            long seen = signal.version();
            List<RunEvents.Event> got = next(from);
            if (!got.isEmpty() || closed) {
                return got;
            }
            long left = (end - System.nanoTime()) / 1_000_000;
            if (left <= 0) {
                break;
            }
            signal.await(seen, Math.min(left, EventLog.POLL.toMillis()));
        }
        return List.of();
    }

    /** Reads the new rows; the run's status is read first, so a done run's last rows are seen. */
    private List<RunEvents.Event> next(int from) {
        Connection reader = null;
        try {
            reader = pool.borrow();
            boolean ended = ended(reader, runId);
            int first = nextId < 0 ? Math.max(0, from) : nextId;
            List<Row> rows = read(reader, runId, lastRow, nextId < 0 ? first : 0, first);
            pool.giveBack(reader);
            reader = null;
            if (rows.isEmpty()) {
                closed = ended;
                return List.of();
            }
            lastRow = rows.get(rows.size() - 1).id;
            nextId = first + rows.size();
            return rows.stream().map(Row::event).toList();
        } catch (SQLException e) {
            // the database is away: the stream stays open (heartbeats) and reads again after a poll
            if (reader != null) {
                pool.giveBack(reader, e);
            }
            LOG.warn("reading the events of run {} from {} failed: {}", runId, where, e.getMessage());
            return List.of();
        }
    }

    @Override
    public boolean closed() {
        return closed;
    }

    @Override
    public void release() {
        released.run();
    }

    /**
     * The run's rows after row {@code afterRow} but the first {@code skip} of them, oldest first,
     * with their row ids; the first is numbered {@code firstId} in the run's stream.
     */
    private static List<Row> read(Connection reader, String runId, long afterRow, int skip, int firstId)
            throws SQLException {
        List<Row> out = new ArrayList<>();
        try (PreparedStatement p = reader.prepareStatement(
                "SELECT id, event, data FROM " + EVENTS + " WHERE run_id = ? AND id > ? ORDER BY id OFFSET ?")) {
            p.setString(1, runId);
            p.setLong(2, afterRow);
            p.setInt(3, skip);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    byte[] data = r.getString(3).getBytes(StandardCharsets.UTF_8);
                    int id = firstId + out.size();
                    out.add(new Row(r.getLong(1), new RunEvents.Event(id, r.getString(2), data)));
                }
            }
        }
        return out;
    }

    /** Whether the run is done on the queue (or gone): no more rows will come. */
    private static boolean ended(Connection reader, String runId) throws SQLException {
        try (PreparedStatement p =
                reader.prepareStatement("SELECT queue_status FROM switchboard_server_runs WHERE run_id = ?")) {
            p.setString(1, runId);
            try (ResultSet r = p.executeQuery()) {
                return !r.next() || r.getString(1).equals("done");
            }
        }
    }

    /** A stored event and its row id. */
    private record Row(long id, RunEvents.Event event) {}

    /** Counts the NOTIFYs of one run, for the readers waiting on it in this JVM. */
    static final class Signal {
        private int readers;
        private long version;

        synchronized Signal retain() {
            readers++;
            return this;
        }

        synchronized boolean release() {
            return --readers == 0;
        }

        synchronized void bump() {
            version++;
            notifyAll();
        }

        synchronized long version() {
            return version;
        }

        /** Waits up to {@code millis} for a NOTIFY after {@code seen}. */
        synchronized void await(long seen, long millis) throws InterruptedException {
            if (version == seen && millis > 0) {
                wait(millis);
            }
        }
    }
}
