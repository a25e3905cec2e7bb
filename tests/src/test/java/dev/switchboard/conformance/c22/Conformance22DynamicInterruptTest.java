package dev.switchboard.conformance.c22;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.conformance.Oracle;
import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.runtime.error.ErrorCode;
import dev.switchboard.runtime.error.GraphException;
import dev.switchboard.runtime.reducer.Append;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

record Named(String name, @Reducer(Append.class) List<String> trail) {}

/** What ask surfaces. */
record Question(String question) {}

/** START -> prep -> ask (interrupts) -> after. */
class Asking {
    final Map<String, Integer> runs = new TreeMap<>();

    @Node
    @Edge(from = START)
    NamedUpdate prep(Named s) {
        hit("prep");
        return NamedUpdate.of().trail(List.of("prep"));
    }

    @Node
    @Edge(from = "prep")
    NamedUpdate ask(Named s, NodeContext ctx) {
        hit("ask:entered");
        String answer = ctx.interrupt(new Question("what is your name?"), String.class);
        hit("ask:after-interrupt");
        return NamedUpdate.of().name(answer).trail(List.of("ask:" + answer));
    }

    @Node
    @Edge(from = "ask")
    NamedUpdate after(Named s) {
        hit("after");
        return NamedUpdate.of().trail(List.of("hello " + s.name()));
    }

    private synchronized void hit(String name) {
        runs.merge(name, 1, Integer::sum);
    }
}

class Conformance22DynamicInterruptTest {
    private final Oracle oracle = Oracle.load("22-dynamic-interrupt");

    @Test
    void interruptPausesAndResumeReRunsTheNodeFromItsTop() {
        Asking nodes = new Asking();
        AskingGraph g =
                AskingGraph.builder(nodes).checkpointer(new MemorySaver()).build();
        RunConfig cfg = RunConfig.thread("d1");
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("first_invoke", Oracle.output(g.invoke(NamedUpdate.of().trail(List.of("in")), cfg)));
        facts.put("state_while_interrupted", Oracle.snapshot(g.getState(cfg)));
        facts.put("runs_after_first", new TreeMap<>(nodes.runs));
        facts.put("resume_invoke", Oracle.output(g.invoke(Command.resume("Alice"), cfg)));
        facts.put("runs_after_resume", new TreeMap<>(nodes.runs));
        facts.put("final_state", Oracle.snapshot(g.getState(cfg)));
        facts.put(
                "history",
                g.getStateHistory(cfg).stream()
                        .map(h -> {
                            Map<String, Object> m = new LinkedHashMap<>();
                            m.put("step", h.metadata().step());
                            m.put("source", h.metadata().source().wireName());
                            m.put("next", h.next());
                            m.put("interrupts", Oracle.interrupts(h.interrupts()));
                            return m;
                        })
                        .toList());
        oracle.assertFacts(facts);
    }

    @Test
    void resumingWithoutAValueInterruptsAgainWithTheSameId() {
        AskingGraph g = AskingGraph.builder(new Asking())
                .checkpointer(new MemorySaver())
                .build();
        RunConfig cfg = RunConfig.thread("d2");
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put(
                "stream_updates_first",
                Oracle.chunks(g.stream(NamedUpdate.of().trail(List.of("in")), cfg, StreamMode.UPDATES)));
        facts.put("stream_values_first", Oracle.chunks(g.streamResume(cfg, StreamMode.VALUES)));
        facts.put("stream_updates_resume", Oracle.chunks(g.stream(Command.resume("Bob"), cfg, StreamMode.UPDATES)));
        oracle.assertFacts(facts);
    }

    @Test
    void interruptWithoutACheckpointerIsAnError() {
        AskingGraph g = AskingGraph.builder(new Asking()).build();
        GraphException e = assertThrows(
                GraphException.class, () -> g.invoke(NamedUpdate.of().trail(List.of("in"))));
        assertEquals(ErrorCode.MISSING_CHECKPOINTER, e.code().orElseThrow());
        assertEquals(
                oracle.at("interrupt_without_checkpointer", "error", "lc_error_code")
                        .asString(),
                e.code().orElseThrow().name());
    }
}
