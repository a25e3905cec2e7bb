package dev.switchboard.runtime.pregel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The outcome answers done, paused and cached; a task is pending until it finishes. */
class TaskOutcomeTest {
    @Test
    void aNewTaskIsPending() {
        Task t = Task.pull(1, "a", new int[] {0}, null);
        assertEquals(Task.Outcome.PENDING, t.outcome);
        assertEquals("false false false", flags(t));
    }

    @Test
    void eachOutcomeAnswersDonePausedCached() {
        Map<Task.Outcome, String> expected = new EnumMap<>(Task.Outcome.class);
        expected.put(Task.Outcome.PENDING, "false false false");
        expected.put(Task.Outcome.RAN, "true false false");
        expected.put(Task.Outcome.PAUSED, "true true false");
        expected.put(Task.Outcome.HANDLED, "true false false");
        expected.put(Task.Outcome.CACHED, "true false true");
        for (Task.Outcome o : Task.Outcome.values()) {
            Task t = Task.push(1, "a", 0, "payload", null);
            t.outcome = o;
            assertEquals(expected.get(o), flags(t), o.name());
        }
    }

    private static String flags(Task t) {
        return t.done() + " " + t.paused() + " " + t.cached();
    }
}
