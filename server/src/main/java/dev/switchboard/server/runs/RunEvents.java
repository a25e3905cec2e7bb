package dev.switchboard.server.runs;

import dev.switchboard.server.wire.Json;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import tools.jackson.databind.JsonNode;

/**
 * The SSE events of one run, numbered from 0 in the order they came: a client joining late (join
 * stream) sees them from the first, as LangGraph's server replays a run's stream, and a client that
 * lost its connection rejoins after the last id it read ({@code Last-Event-ID}). Each is kept as
 * its JSON's bytes (a tree costs several times its text). The buffer is bounded: at most {@link
 * #LIMIT} events, and by bytes by the JVM's {@link EventBudget} (past either the oldest go first);
 * it is dropped {@link #KEEP} after the run ended, as the PostgreSQL event log rows are pruned, or
 * sooner when the budget needs the room. A run this JVM claimed from the PostgreSQL queue also
 * copies each event to a {@link #mirror}, the PostgreSQL event log, for the clients streaming it
 * through another JVM.
 */
public final class RunEvents implements EventFeed {
    /**
     * One server-sent event.
     *
     * @param id its number in the run's stream, from 0
     * @param name the event name ({@code values}, {@code updates|ns}, ...)
     * @param data its JSON data, UTF-8
     */
    public record Event(int id, String name, byte[] data) {
        /** @return the data as text */
        public String text() {
            return new String(data, StandardCharsets.UTF_8);
        }

        /** @return the data parsed */
        public JsonNode json() {
            return Json.parse(data);
        }

        @Override
        public String toString() {
            return id + " " + name + " " + text();
        }
    }

    /** The most events a run keeps for late joiners. */
    static final int LIMIT = 10_000;
    /** How long a run's events stay after it ended. */
    public static final Duration KEEP = Duration.ofMinutes(5);

    /** Drops the events of ended runs once their {@link #KEEP} is over; one daemon thread for all runs. */
    private static final ScheduledExecutorService DROPS = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "switchboard-run-events");
        t.setDaemon(true);
        return t;
    });

    private final int limit;
    private final Duration keep;
    private final EventBudget budget;
    /**
     * The kept events from index {@link #head} on (the slots before it were let go): ids {@code
     * next - kept()} to {@code next - 1}.
     */
    private final ArrayList<Event> events = new ArrayList<>();

    private int head;

    private int next;
    private long bytes;
    private boolean closed;
    private boolean dropped;
    private long endedKey;
    private BiConsumer<String, byte[]> mirror;
    /** Called once the events were dropped, {@link #keep} after the run ended or sooner. */
    private final Runnable onDrop;

    RunEvents(EventBudget budget, Runnable onDrop) {
        this(LIMIT, KEEP, budget, onDrop);
    }

    RunEvents(int limit, Duration keep, EventBudget budget, Runnable onDrop) {
        this.limit = limit;
        this.keep = keep;
        this.budget = budget;
        this.onDrop = onDrop;
    }

    /** A feed of a run that is over and whose events are gone: it has nothing and is closed. */
    static RunEvents gone() {
        RunEvents e = new RunEvents(0, Duration.ZERO, EventBudget.unbounded(), () -> {});
        e.closed = true;
        e.dropped = true;
        return e;
    }

    /** Copies the events added from now on to {@code to} as well (in the order they are added). */
    synchronized void mirror(BiConsumer<String, byte[]> to) {
        this.mirror = to;
    }

    void add(String name, JsonNode data) {
        // written before taking the monitor: readers wait on it, and a large value takes a while
        byte[] json = Json.bytes(data);
        add(name, json);
    }

    synchronized void add(String name, byte[] data) {
        if (closed) {
            return;
        }
        events.add(new Event(next++, name, data));
        bytes += data.length;
        budget.count(data.length);
        if (kept() > limit) {
            // a quarter at once, so that a long run does not trim at every event
            trim(Math.max(1, limit / 4));
        }
        if (budget.over()) {
            budget.reclaim();
            while (budget.over() && kept() > 1) {
                trim(1);
            }
        }
        if (mirror != null) {
            mirror.accept(name, data);
        }
        notifyAll();
    }

    private int kept() {
        return events.size() - head;
    }

    private void trim(int n) {
        for (int i = 0; i < n && kept() > 0; i++) {
            int size = events.set(head++, null).data().length;
            bytes -= size;
            budget.count(-size);
        }
        if (head > events.size() / 2) {
            // shift the kept ones down at once when half the list is let go: linear overall
            events.subList(0, head).clear();
            head = 0;
        }
    }

    synchronized void close() {
        if (!closed) {
            closed = true;
            notifyAll();
            endedKey = budget.ended(this);
            DROPS.schedule(this::expire, keep.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    private void expire() {
        budget.forget(endedKey);
        drop();
    }

    /** Lets go of every event (the run ended); a reader finds nothing more, and the run is closed. */
    void drop() {
        synchronized (this) {
            if (dropped) {
                return;
            }
            dropped = true;
            events.clear();
            head = 0;
            budget.count(-bytes);
            bytes = 0;
        }
        onDrop.run();
    }

    /** @return the bytes of the events kept now */
    synchronized long bytes() {
        return bytes;
    }

    @Override
    public synchronized boolean closed() {
        return closed;
    }

    @Override
    public synchronized List<Event> after(int from, long millis) throws InterruptedException {
        long end = System.currentTimeMillis() + millis;
        while (next <= from && !closed) {
            long left = end - System.currentTimeMillis();
            if (left <= 0) {
                break;
            }
            wait(left);
        }
        int skip = Math.max(0, from - (next - kept()));
        return skip < kept() ? List.copyOf(events.subList(head + skip, events.size())) : List.of();
    }

    /** Waits until the run ended. */
    synchronized void awaitClosed() throws InterruptedException {
        while (!closed) {
            wait();
        }
    }
}
