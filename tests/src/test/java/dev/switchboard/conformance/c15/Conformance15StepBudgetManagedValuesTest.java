package dev.switchboard.conformance.c15;

import static dev.switchboard.annotation.Graph.END;
import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Managed;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.annotation.Route;
import dev.switchboard.conformance.Oracle;
import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.runtime.managed.IsLastStep;
import dev.switchboard.runtime.managed.RemainingSteps;
import dev.switchboard.runtime.reducer.Append;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The managed values the JS scenario derives by hand, as Python declares them. */
record Budget(
        @Reducer(Append.class) List<Map<String, Object>> seen,
        Boolean done,
        @Managed(RemainingSteps.class) int remaining,
        @Managed(IsLastStep.class) boolean isLastStep) {}

/** agent loops until it decides it is done. */
class Agent {
    final boolean stopOnLastStep;

    Agent(boolean stopOnLastStep) {
        this.stopOnLastStep = stopOnLastStep;
    }

    @Node
    @Edge(from = START)
    BudgetUpdate agent(Budget s, NodeContext ctx) {
        Map<String, Object> seen = new LinkedHashMap<>();
        seen.put("step", ctx.step());
        seen.put("recursion_limit", ctx.recursionLimit());
        seen.put("derived_remaining_steps", s.remaining());
        seen.put("derived_is_last_step", s.isLastStep());
        return BudgetUpdate.of().seen(List.of(seen)).done(stopOnLastStep ? s.isLastStep() : s.remaining() <= 2);
    }

    @Route(
            from = "agent",
            to = {"agent", END})
    String next(Budget s) {
        return s.done() ? END : "agent";
    }
}

record Steps(@Reducer(Append.class) List<Map<String, Object>> seen) {}

/** START -> agent, recording the step it ran in. */
class Once {
    @Node
    @Edge(from = START)
    StepsUpdate agent(Steps s, NodeContext ctx) {
        return StepsUpdate.of().seen(List.of(Map.of("step", ctx.step())));
    }
}

class Conformance15StepBudgetManagedValuesTest {
    private final Oracle oracle = Oracle.load("15-step-budget-managed-values");

    private void check(boolean onLastStep, int limit, String fact) {
        AgentGraph g = AgentGraph.builder(new Agent(onLastStep)).build();
        Budget out = g.invoke(BudgetUpdate.of(), RunConfig.defaults().withRecursionLimit(limit))
                .value();
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("seen", out.seen());
        result.put("done", out.done());
        oracle.assertFact(result, fact, "result");
    }

    @Test
    void remainingStepsLetsALoopStopInTime() {
        check(false, 5, "limit_5");
        check(false, 8, "limit_8");
        check(false, 3, "limit_3");
    }

    @Test
    void isLastStepIsTrueOneStepBeforeTheLimit() {
        check(true, 5, "stop_on_is_last_step_limit_5");
    }

    @Test
    void stepsKeepCountingOnTheSameThread() {
        OnceGraph g =
                OnceGraph.builder(new Once()).checkpointer(new MemorySaver()).build();
        RunConfig cfg = RunConfig.thread("steps");
        g.invoke(StepsUpdate.of(), cfg);
        int first = g.getState(cfg).metadata().step();
        g.invoke(StepsUpdate.of(), cfg);
        var second = g.getState(cfg);
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("seen", second.values().seen());
        result.put("checkpoint_step_after_first_run", first);
        result.put("checkpoint_step_after_second_run", second.metadata().step());
        oracle.assertFact(result, "second_invocation_same_thread");
    }
}
