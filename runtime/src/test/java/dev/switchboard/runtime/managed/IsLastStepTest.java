package dev.switchboard.runtime.managed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.RunConfig;
import org.junit.jupiter.api.Test;

/** {@link IsLastStep}: LangGraph's {@code IsLastStepManager}, {@code step == stop - 1}. */
class IsLastStepTest {
    private final IsLastStep isLastStep = new IsLastStep();

    @Test
    void onlyTheStepBeforeStopIsTheLast() {
        assertFalse(isLastStep.get(FixedContext.at(0, 26)));
        assertFalse(isLastStep.get(FixedContext.at(24, 26)));
        assertTrue(isLastStep.get(FixedContext.at(25, 26)));
        assertFalse(isLastStep.get(FixedContext.at(26, 26)), "exactly equal, not at-or-after");
    }

    @Test
    void agreesWithRemainingStepsBeingOne() {
        RemainingSteps remaining = new RemainingSteps();
        for (int step = 0; step <= 12; step++) {
            ManagedContext context = FixedContext.at(step, 12);
            assertEquals(remaining.get(context) == 1, isLastStep.get(context), "step " + step);
        }
    }

    @Test
    void readsTheStopStepNotTheConfiguredLimit() {
        assertTrue(isLastStep.get(new FixedContext(4, 5, RunConfig.defaults().withRecursionLimit(100))));
    }
}
