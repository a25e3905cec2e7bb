package dev.switchboard.runtime.managed;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.switchboard.runtime.RunConfig;
import org.junit.jupiter.api.Test;

/** {@link RemainingSteps}: LangGraph's {@code RemainingStepsManager}, {@code stop - step}. */
class RemainingStepsTest {
    private final RemainingSteps remaining = new RemainingSteps();

    @Test
    void isStopMinusStep() {
        assertEquals(26, remaining.get(FixedContext.at(0, 26)));
        assertEquals(25, remaining.get(FixedContext.at(1, 26)));
        assertEquals(2, remaining.get(FixedContext.at(24, 26)));
        assertEquals(1, remaining.get(FixedContext.at(25, 26)));
    }

    @Test
    void countsFromWhereAResumedRunStarted() {
        // A run resumed at step 10 with limit 5 stops at 16.
        assertEquals(6, remaining.get(FixedContext.at(10, 16)));
        assertEquals(1, remaining.get(FixedContext.at(15, 16)));
    }

    @Test
    void readsTheStopStepNotTheConfiguredLimit() {
        ManagedContext context = new FixedContext(3, 8, RunConfig.defaults().withRecursionLimit(100));
        assertEquals(5, remaining.get(context));
    }
}
