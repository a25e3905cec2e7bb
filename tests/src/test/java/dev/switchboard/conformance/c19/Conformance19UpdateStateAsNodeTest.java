package dev.switchboard.conformance.c19;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.conformance.Oracle;
import dev.switchboard.runtime.InvalidUpdateException;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.runtime.reducer.Append;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

record Edit(String value, @Reducer(Append.class) List<String> trail) {}

/** START -> a -> b -> c -> END; each extends value and appends its name. */
class Steps {
    final List<String> trace = new CopyOnWriteArrayList<>();

    @Node
    @Edge(from = START)
    EditUpdate a(Edit s) {
        return step("a", s);
    }

    @Node
    @Edge(from = "a")
    EditUpdate b(Edit s) {
        return step("b", s);
    }

    @Node
    @Edge(from = "b")
    EditUpdate c(Edit s) {
        return step("c", s);
    }

    private EditUpdate step(String name, Edit s) {
        trace.add(name + "(" + s.value() + ")");
        return EditUpdate.of().value(s.value() + ">" + name).trail(List.of(name));
    }
}

class Conformance19UpdateStateAsNodeTest {
    private final Oracle oracle = Oracle.load("19-update-state-as-node");
    private final Steps nodes = new Steps();
    private final StepsGraph graph = StepsGraph.builder(nodes)
            .checkpointer(new MemorySaver())
            .interruptBefore("b")
            .build();

    @Test
    void updateAsTheNodeThatRanKeepsItsEdges() {
        RunConfig cfg = RunConfig.thread("u1");
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("case1_first_run", Oracle.output(graph.invoke(EditUpdate.of().value("x"), cfg)));
        facts.put("case1_state_at_interrupt", Oracle.snapshot(graph.getState(cfg)));
        RunConfig updated =
                graph.updateState(cfg, EditUpdate.of().value("edited").trail(List.of("human")), "a");
        facts.put(
                "case1_updateState_returns_checkpoint_config",
                Map.of(
                        "has_checkpoint_id",
                        updated.checkpointId().isPresent(),
                        "thread_id",
                        updated.threadId().orElseThrow()));
        facts.put("case1_state_after_update", Oracle.snapshot(graph.getState(cfg)));
        facts.put("case1_resume", Oracle.output(graph.resume(cfg)));
        facts.put("case1_trace", List.copyOf(nodes.trace));
        facts.put("case1_history", Oracle.brief(graph.getStateHistory(cfg)));
        oracle.assertFacts(facts);
        assertEquals(updated.checkpointId(), graph.getStateHistory(cfg).get(2).checkpointId());
    }

    @Test
    void updateAsTheNextNodeSkipsIt() {
        RunConfig cfg = RunConfig.thread("u2");
        graph.invoke(EditUpdate.of().value("x"), cfg);
        graph.updateState(cfg, EditUpdate.of().value("b-by-hand").trail(List.of("human-as-b")), "b");
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("case2_state_after_update", Oracle.snapshot(graph.getState(cfg)));
        facts.put("case2_resume", Oracle.output(graph.resume(cfg)));
        facts.put("case2_trace", List.copyOf(nodes.trace));
        oracle.assertFacts(facts);
    }

    @Test
    void updateWithoutANodeIsAttributedToTheLastWriter() {
        RunConfig cfg = RunConfig.thread("u3");
        graph.invoke(EditUpdate.of().value("x"), cfg);
        graph.updateState(cfg, EditUpdate.of().value("implicit"));
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("case3_state_after_update", Oracle.snapshot(graph.getState(cfg)));
        facts.put("case3_resume", Oracle.output(graph.resume(cfg)));
        facts.put("case3_trace", List.copyOf(nodes.trace));
        oracle.assertFacts(facts);
    }

    @Test
    void updatesOnAFinishedThread() {
        RunConfig cfg = RunConfig.thread("u4");
        graph.invoke(EditUpdate.of().value("x"), cfg);
        graph.resume(cfg);
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("case4_finished_state", Oracle.snapshot(graph.getState(cfg)));
        graph.updateState(cfg, EditUpdate.of().value("post"), "c");
        facts.put("case4_after_update_as_c", Oracle.snapshot(graph.getState(cfg)));
        graph.updateState(cfg, EditUpdate.of().value("reopen"), "a");
        facts.put("case4_after_update_as_a", Oracle.snapshot(graph.getState(cfg)));
        oracle.assertFacts(facts);
    }

    @Test
    void unknownNodeIsRejected() {
        InvalidUpdateException e = assertThrows(
                InvalidUpdateException.class,
                () -> graph.updateState(RunConfig.thread("u5"), EditUpdate.of().value("z"), "nope"));
        assertTrue(
                e.getMessage()
                        .startsWith(oracle.at("case5_unknown_node", "error", "message")
                                .asString()),
                e.getMessage());
    }
}
