package dev.switchboard.server.runs;

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
 * lost its connection rejoins after the last id it read ({@code Last-Event-ID}). The buffer is
 * bounded ({@link #LIMIT} events; past it the oldest go first) and dropped {@link #KEEP} after the
 * run ended, as the PostgreSQL event log rows are pruned. A run this JVM claimed from the PostgreSQL
 * queue also copies each event to a {@link #mirror}, the PostgreSQL event log, for the clients
 * streaming it through another JVM.
 */
public final class RunEvents implements EventFeed {
    /**
     * One server-sent event.
     *
     * @param id its number in the run's stream, from 0
     * @param name the event name ({@code values}, {@code updates|ns}, ...)
     * @param data its JSON data
     */
    public record Event(int id, String name, JsonNode data) {}

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
    /** The kept events: ids {@code next - events.size()} to {@code next - 1}. */
    private final List<Event> events = new ArrayList<>();

    private int next;
    private boolean closed;
    private BiConsumer<String, JsonNode> mirror;
    /** Called once the events were dropped, {@link #keep} after the run ended. */
    private final Runnable dropped;

    RunEvents(Runnable dropped) {
        this(LIMIT, KEEP, dropped);
    }

    RunEvents(int limit, Duration keep, Runnable dropped) {
        this.limit = limit;
        this.keep = keep;
        this.dropped = dropped;
    }

    /** A feed of a run that is over and whose events are gone: it has nothing and is closed. */
    static RunEvents gone() {
        RunEvents e = new RunEvents(0, Duration.ZERO, () -> {});
        e.closed = true;
        return e;
    }

    /** Copies the events added from now on to {@code to} as well (in the order they are added). */
    synchronized void mirror(BiConsumer<String, JsonNode> to) {
        this.mirror = to;
    }

    synchronized void add(String name, JsonNode data) {
        if (!closed) {
            events.add(new Event(next++, name, data));
            if (events.size() > limit) {
                // a quarter at once, so that a long run does not shift the list at every event
                events.subList(0, Math.max(1, limit / 4)).clear();
            }
            if (mirror != null) {
                mirror.accept(name, data);
            }
            notifyAll();
        }
    }

    synchronized void close() {
        if (!closed) {
            closed = true;
            notifyAll();
            DROPS.schedule(this::drop, keep.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    private void drop() {
        synchronized (this) {
            events.clear();
        }
        dropped.run();
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
        int skip = Math.max(0, from - (next - events.size()));
        return skip < events.size() ? List.copyOf(events.subList(skip, events.size())) : List.of();
    }

    /** Waits until the run ended. */
    synchronized void awaitClosed() throws InterruptedException {
        while (!closed) {
            wait();
        }
    }
}
