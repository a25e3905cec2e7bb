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
        RunEvents events = new RunEvents(8, Duration.ofMinutes(1), EventBudget.unbounded(), () -> {});
        for (int i = 0; i < 11; i++) {
            events.add("values", Json.object().put("i", i));
        }
        // at the 9th event the first 2 (a quarter) went at once, at the 11th the next 2
        assertEquals(List.of(4, 5, 6, 7, 8, 9, 10), ids(events.after(0, 0)));
        assertEquals(List.of(4, 5, 6, 7, 8, 9, 10), ids(events.after(2, 0)), "from the oldest kept");
        assertEquals(List.of(9, 10), ids(events.after(9, 0)));
        assertEquals(10, events.after(10, 0).get(0).json().get("i").asInt());
        assertEquals(List.of(), events.after(11, 0), "nothing after the last, and no wait past the timeout");
    }

    @Test
    void anEndedRunsEventsAreReplayedUntilTheirKeepIsOverThenDropped() throws Exception {
        RunEvents events = new RunEvents(100, Duration.ofMillis(200), EventBudget.unbounded(), () -> {});
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

    @Test
    void theBytesAllRunsKeepAreBoundedEndedRunsGoFirstThenTheAddingRunsOldest() throws Exception {
        EventBudget budget = new EventBudget(1_000);
        RunEvents ended = new RunEvents(100, Duration.ofMinutes(5), budget, () -> {});
        ended.add("values", new byte[400]);
        ended.close();
        RunEvents running = new RunEvents(100, Duration.ofMinutes(5), budget, () -> {});
        running.add("values", new byte[400]);
        assertEquals(800, budget.used());
        running.add("values", new byte[400]); // over: the ended run's events go, not this run's
        assertEquals(List.of(), ended.after(0, 0));
        assertEquals(List.of(0, 1), ids(running.after(0, 0)));
        running.add("values", new byte[400]); // over again, nothing ended left: its own oldest go
        assertEquals(List.of(1, 2), ids(running.after(0, 0)), "a late reader replays what is left");
        assertEquals(800, budget.used());
        running.add("values", new byte[2_000]); // one event past the whole budget is still sent
        assertEquals(List.of(3), ids(running.after(0, 0)));
        running.close();
        running.drop();
        assertEquals(0, budget.used());
    }

    private static List<Integer> ids(List<RunEvents.Event> events) {
        return events.stream().map(RunEvents.Event::id).toList();
    }
}
