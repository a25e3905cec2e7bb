package dev.switchboard.server;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import tools.jackson.databind.JsonNode;

/**
 * The SSE events of one run, kept for the run's lifetime so that a client joining late (join stream)
 * sees them from the first, as LangGraph's server replays a run's stream. A run this JVM claimed
 * from the PostgreSQL queue also copies each event to a {@link #mirror}, the {@link EventLog}, for
 * the clients streaming it through another JVM.
 */
final class RunEvents implements EventFeed {
    /** One server-sent event: its name and JSON data. */
    record Event(String name, JsonNode data) {}

    private final List<Event> events = new ArrayList<>();
    private boolean closed;
    private BiConsumer<String, JsonNode> mirror;

    /** Copies the events added from now on to {@code to} as well (in the order they are added). */
    synchronized void mirror(BiConsumer<String, JsonNode> to) {
        this.mirror = to;
    }

    synchronized void add(String name, JsonNode data) {
        if (!closed) {
            events.add(new Event(name, data));
            if (mirror != null) {
                mirror.accept(name, data);
            }
            notifyAll();
        }
    }

    synchronized void close() {
        closed = true;
        notifyAll();
    }

    @Override
    public synchronized boolean closed() {
        return closed;
    }

    @Override
    public synchronized List<Event> after(int from, long millis) throws InterruptedException {
        long end = System.currentTimeMillis() + millis;
        while (events.size() <= from && !closed) {
            long left = end - System.currentTimeMillis();
            if (left <= 0) {
                break;
            }
            wait(left);
        }
        return events.size() > from ? List.copyOf(events.subList(from, events.size())) : List.of();
    }

    /** Waits until the run ended. */
    synchronized void awaitClosed() throws InterruptedException {
        while (!closed) {
            wait();
        }
    }
}
