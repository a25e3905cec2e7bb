package dev.switchboard.conformance.c27;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.switchboard.conformance.Runs;
import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.Interrupt;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StateSnapshot;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Scenario 27's graph, with an {@code updateState} on the parent while the subgraph is paused:
 * what LangGraph.js 1.7.3 does (recorded live with the scenario's graph). The parent's update
 * writes a new checkpoint, so the child's task gets a new id and a new namespace: the pending
 * interrupt is no longer listed, and a resume starts the child afresh, which pauses again.
 */
class SubgraphInterruptAfterParentUpdateTest {
    @Test
    void anUpdateOfTheParentStartsThePausedSubgraphAfresh() {
        Runs runs = new Runs();
        ParentGraph g = ParentGraph.builder(new Parent(runs))
                .checkpointer(new MemorySaver())
                .build();
        RunConfig cfg = RunConfig.thread("sg-update");
        g.invoke(LogUpdate.of(), cfg);
        StateSnapshot<Log> before = g.getState(cfg);
        assertEquals(
                List.of("approve?"),
                before.interrupts().stream().map(Interrupt::value).toList());

        g.updateState(cfg, LogUpdate.of().log(List.of("edited")));
        StateSnapshot<Log> after = g.getState(cfg, true);
        assertEquals(List.of("p1", "edited"), after.values().log());
        assertEquals(List.of("child"), after.next());
        assertEquals(List.of(), after.interrupts());
        assertEquals(Map.of("c1", 1, "c2:entered", 1, "p1", 1), runs.get());

        g.invoke(Command.resume("yes"), cfg);
        assertEquals(Map.of("c1", 2, "c2:entered", 2, "p1", 1), runs.get());
        StateSnapshot<Log> resumed = g.getState(cfg);
        assertEquals(List.of("p1", "edited"), resumed.values().log());
        assertEquals(
                List.of("approve?"),
                resumed.interrupts().stream().map(Interrupt::value).toList());
    }
}
