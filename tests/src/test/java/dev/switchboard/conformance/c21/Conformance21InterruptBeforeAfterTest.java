package dev.switchboard.conformance.c21;

import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.conformance.Oracle;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.runtime.reducer.Append;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

record Trail(@Reducer(Append.class) List<String> trail) {}

/** START -> a -> b -> c -> END; counts runs. */
class Chain {
    final Map<String, Integer> runs = new TreeMap<>();

    @Node
    @Edge(from = START)
    TrailUpdate a(Trail s) {
        return visit("a");
    }

    @Node
    @Edge(from = "a")
    TrailUpdate b(Trail s) {
        return visit("b");
    }

    @Node
    @Edge(from = "b")
    TrailUpdate c(Trail s) {
        return visit("c");
    }

    private synchronized TrailUpdate visit(String name) {
        runs.merge(name, 1, Integer::sum);
        return TrailUpdate.of().trail(List.of(name));
    }
}

class Conformance21InterruptBeforeAfterTest {
    private final Oracle oracle = Oracle.load("21-interrupt-before-after");

    private static TrailUpdate in(String s) {
        return TrailUpdate.of().trail(List.of(s));
    }

    private static Map<String, Object> brief(dev.switchboard.runtime.StateSnapshot<?> s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("values", s.channels());
        m.put("next", s.next());
        m.put("step", s.metadata().step());
        m.put("source", s.metadata().source().wireName());
        m.put("interrupts", Oracle.interrupts(s.interrupts()));
        return m;
    }

    @Test
    void interruptBeforeStopsAndResumes() {
        Chain nodes = new Chain();
        ChainGraph g = ChainGraph.builder(nodes)
                .checkpointer(new MemorySaver())
                .interruptBefore("b")
                .build();
        RunConfig cfg = RunConfig.thread("before");
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("before_b_first", Oracle.output(g.invoke(in("in"), cfg)));
        facts.put("before_b_state", brief(g.getState(cfg)));
        facts.put("before_b_runs_first", new TreeMap<>(nodes.runs));
        facts.put("before_b_resume", Oracle.output(g.resume(cfg)));
        facts.put("before_b_runs_total", new TreeMap<>(nodes.runs));
        facts.put(
                "before_b_history",
                g.getStateHistory(cfg).stream()
                        .map(s -> {
                            Map<String, Object> m = new LinkedHashMap<>();
                            m.put("step", s.metadata().step());
                            m.put("source", s.metadata().source().wireName());
                            m.put("next", s.next());
                            return m;
                        })
                        .toList());
        oracle.assertFacts(facts);
    }

    @Test
    void interruptAfterStreamsTheInterrupt() {
        Chain nodes = new Chain();
        ChainGraph g = ChainGraph.builder(nodes)
                .checkpointer(new MemorySaver())
                .interruptAfter("a")
                .build();
        RunConfig cfg = RunConfig.thread("after");
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("after_a_stream_updates_first", Oracle.chunks(g.stream(in("in"), cfg, StreamMode.UPDATES)));
        facts.put("after_a_state", brief(g.getState(cfg)));
        facts.put("after_a_stream_updates_resume", Oracle.chunks(g.streamResume(cfg, StreamMode.UPDATES)));
        facts.put("after_a_runs_total", new TreeMap<>(nodes.runs));
        oracle.assertFacts(facts);
    }

    @Test
    void twoBreakpointsNeedTwoResumes() {
        ChainGraph g = ChainGraph.builder(new Chain())
                .checkpointer(new MemorySaver())
                .interruptBefore("b", "c")
                .build();
        RunConfig cfg = RunConfig.thread("two");
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("before_b_and_c_run1", Oracle.output(g.invoke(in("in"), cfg)));
        facts.put("before_b_and_c_run1_next", g.getState(cfg).next());
        facts.put("before_b_and_c_run2", Oracle.output(g.resume(cfg)));
        facts.put("before_b_and_c_run2_next", g.getState(cfg).next());
        facts.put("before_b_and_c_run3", Oracle.output(g.resume(cfg)));
        facts.put("before_b_and_c_run3_next", g.getState(cfg).next());
        oracle.assertFacts(facts);
    }

    @Test
    void breakpointsCanBeGivenPerRun() {
        ChainGraph g =
                ChainGraph.builder(new Chain()).checkpointer(new MemorySaver()).build();
        RunConfig cfg = RunConfig.thread("runtime");
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("runtime_interruptBefore_c", Oracle.output(g.invoke(in("in"), cfg.withInterruptBefore("c"))));
        facts.put("runtime_interruptBefore_c_next", g.getState(cfg).next());
        facts.put("runtime_resume", Oracle.output(g.resume(cfg)));
        oracle.assertFacts(facts);
    }

    @Test
    void newInputWhileInterruptedRestartsFromStart() {
        Chain nodes = new Chain();
        ChainGraph g = ChainGraph.builder(nodes)
                .checkpointer(new MemorySaver())
                .interruptBefore("b")
                .build();
        RunConfig cfg = RunConfig.thread("newinput");
        g.invoke(in("in1"), cfg);
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("new_input_while_interrupted", Oracle.output(g.invoke(in("in2"), cfg)));
        facts.put("new_input_while_interrupted_next", g.getState(cfg).next());
        facts.put("new_input_while_interrupted_runs", new TreeMap<>(nodes.runs));
        oracle.assertFacts(facts);
    }

    @Test
    void starPausesBeforeEveryNode() {
        ChainGraph g = ChainGraph.builder(new Chain())
                .checkpointer(new MemorySaver())
                .interruptBefore("*")
                .build();
        RunConfig cfg = RunConfig.thread("star");
        List<List<String>> nexts = new ArrayList<>();
        g.invoke(in("in"), cfg);
        nexts.add(g.getState(cfg).next());
        for (int i = 0; i < 3; i++) {
            g.resume(cfg);
            nexts.add(g.getState(cfg).next());
        }
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("interruptBefore_star_next_sequence", nexts);
        facts.put("interruptBefore_star_final", g.getState(cfg).channels());
        oracle.assertFacts(facts);
    }
}
