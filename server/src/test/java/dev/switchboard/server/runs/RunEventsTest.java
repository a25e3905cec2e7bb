package dev.switchboard.server.runs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.server.wire.Json;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A run's event buffer: ids from 0, bounded (the oldest go first), dropped a while after the run ended. */
class RunEventsTest {
    @Test
    void pastItsLimitTheBufferDropsTheOldestEventsAndKeepsTheIds() throws Exception {
        RunEvents events = new RunEvents(8, Duration.ofMinutes(1), () -> {});
        for (int i = 0; i < 11; i++) {
            events.add("values", Json.object().put("i", i));
        }
        // at the 9th event the first 2 (a quarter) went at once, at the 11th the next 2
        assertEquals(List.of(4, 5, 6, 7, 8, 9, 10), ids(events.after(0, 0)));
        assertEquals(List.of(4, 5, 6, 7, 8, 9, 10), ids(events.after(2, 0)), "from the oldest kept");
        assertEquals(List.of(9, 10), ids(events.after(9, 0)));
        assertEquals(10, events.after(10, 0).get(0).data().get("i").asInt());
        assertEquals(List.of(), events.after(11, 0), "nothing after the last, and no wait past the timeout");
    }

    @Test
    void anEndedRunsEventsAreReplayedUntilTheirKeepIsOverThenDropped() throws Exception {
        RunEvents events = new RunEvents(100, Duration.ofMillis(200), () -> {});
        events.add("metadata", Json.object());
        events.add("values", Json.object());
        events.close();
        assertEquals(List.of(1), ids(events.after(1, 0)));
        long end = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (!events.after(0, 0).isEmpty()) {
            assertTrue(System.nanoTime() < end, "the events were never dropped");
            Thread.sleep(20);
        }
        assertTrue(events.closed());
    }

    private static List<Integer> ids(List<RunEvents.Event> events) {
        return events.stream().map(RunEvents.Event::id).toList();
    }
}
