package dev.switchboard.server;

import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * The SSE events of one run, kept for the run's lifetime so that a client joining late (join stream)
 * sees them from the first, as LangGraph's server replays a run's stream.
 */
final class RunEvents {
    /** One server-sent event: its name and JSON data. */
    record Event(String name, JsonNode data) {}

    private final List<Event> events = new ArrayList<>();
    private boolean closed;

    synchronized void add(String name, JsonNode data) {
        if (!closed) {
            events.add(new Event(name, data));
            notifyAll();
        }
    }

    synchronized void close() {
        closed = true;
        notifyAll();
    }

    synchronized boolean closed() {
        return closed;
    }

    /**
     * The events from index {@code from}, waiting up to {@code millis} for one; empty when none
     * came (check {@link #closed()}).
     */
    synchronized List<Event> after(int from, long millis) throws InterruptedException {
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
