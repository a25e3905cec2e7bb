package dev.switchboard.conformance.c27;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.conformance.Oracle;
import dev.switchboard.conformance.Runs;
import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.Interrupt;
import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StateSnapshot;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.runtime.reducer.Append;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

record Log(@Reducer(Append.class) List<String> log) {}

/** START -> c1 -> c2 (asks for approval). */
class Child {
    private final Runs runs;

    Child(Runs runs) {
        this.runs = runs;
    }

    @Node
    @Edge(from = START)
    LogUpdate c1(Log s) {
        runs.hit("c1");
        return LogUpdate.of().log(List.of("c1"));
    }

    @Node
    @Edge(from = "c1")
    LogUpdate c2(Log s, NodeContext ctx) {
        runs.hit("c2:entered");
        String answer = ctx.interrupt("approve?", String.class);
        return LogUpdate.of().log(List.of("c2:" + answer));
    }
}

/** START -> p1 -> child -> p2; only the parent has a checkpointer. */
class Parent {
    private final Runs runs;
    private final ChildGraph child;

    Parent(Runs runs) {
        this.runs = runs;
        this.child = ChildGraph.builder(new Child(runs)).build();
    }

    @Node
    @Edge(from = START)
    LogUpdate p1(Log s) {
        runs.hit("p1");
        return LogUpdate.of().log(List.of("p1"));
    }

    @SuppressWarnings(
            "switchboard:subgraph-reappend") // LangGraph re-appends the child's whole output; the oracle records it
    @Node
    @Edge(from = "p1")
    ChildGraph child() {
        return child;
    }

    @Node
    @Edge(from = "child")
    LogUpdate p2(Log s) {
        runs.hit("p2");
        return LogUpdate.of().log(List.of("p2"));
    }
}

class Conformance27SubgraphInterruptResumeTest {
    private final Oracle oracle = Oracle.load("27-subgraph-interrupt-resume");

    @Test
    void aPauseInsideASubgraphResumesWithoutRerunningFinishedChildNodes() {
        Runs runs = new Runs();
        ParentGraph g = ParentGraph.builder(new Parent(runs))
                .checkpointer(new MemorySaver())
                .build();
        RunConfig cfg = RunConfig.thread("sg").withSubgraphStreaming();
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put(
                "first_stream_updates_subgraphs",
                Oracle.withNamespaces(g.stream(LogUpdate.of(), cfg, StreamMode.UPDATES)));
        facts.put("runs_after_first", runs.get());
        StateSnapshot<Log> parent = g.getState(cfg, true);
        Map<String, Object> parentState = new LinkedHashMap<>();
        parentState.put("values", parent.channels());
        parentState.put("next", parent.next());
        parentState.put("step", parent.metadata().step());
        parentState.put(
                "interrupts", parent.interrupts().stream().map(Interrupt::value).toList());
        facts.put("parent_state", parentState);
        StateSnapshot<?> child = parent.tasks().get(0).state();
        Map<String, Object> childState = new LinkedHashMap<>();
        childState.put("values", child.channels());
        childState.put("next", child.next());
        childState.put("step", child.metadata().step());
        childState.put("source", child.metadata().source().wireName());
        childState.put("checkpoint_ns_prefix", parent.tasks().get(0).name());
        facts.put("child_state_via_subgraphs_true", childState);
        facts.put(
                "resume_stream_updates_subgraphs",
                Oracle.withNamespaces(g.stream(Command.resume("yes"), cfg, StreamMode.UPDATES)));
        facts.put("runs_after_resume", runs.get());
        facts.put("final_state", g.getState(cfg).channels());
        oracle.assertFacts(facts);
        assertTrue(parent.tasks().get(0).interrupts().get(0).id().matches("[0-9a-f]{32}"));
        assertEquals(1, parent.tasks().size());
    }
}
