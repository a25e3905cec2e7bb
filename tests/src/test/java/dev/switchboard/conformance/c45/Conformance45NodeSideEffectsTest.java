package dev.switchboard.conformance.c45;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.conformance.Oracle;
import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.GraphOutput;
import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StateSnapshot;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.runtime.reducer.Append;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

record Trail(@Reducer(Append.class) List<String> trail) {}

/** What the interrupts ask. */
record Question(String q) {}

/** The outside world: side effects in order, and call counts. */
class Effects {
    final List<String> log = new ArrayList<>();
    final Map<String, Integer> runs = new TreeMap<>();

    synchronized int hit(String name) {
        return runs.merge(name, 1, Integer::sum);
    }

    synchronized Map<String, Integer> runs() {
        return new TreeMap<>(runs);
    }

    synchronized List<String> log() {
        return List.copyOf(log);
    }

    synchronized void log(String line) {
        log.add(line);
    }

    static String json(Object v) {
        return v instanceof String s ? "\"" + s + "\"" : String.valueOf(Oracle.json(v));
    }
}

/** The scenario's node: side effect 1, an interrupt, side effect 2, another interrupt. */
class Work {
    final Effects fx = new Effects();

    @Node
    @Edge(from = START)
    TrailUpdate work(Trail s, NodeContext ctx) {
        fx.hit("work:entered");
        fx.log("effect-1#" + fx.hit("effect-1"));
        Object a = ctx.interrupt(new Question("first?"));
        fx.log("effect-2#" + fx.hit("effect-2") + ":" + Effects.json(a));
        Object b = ctx.interrupt(new Question("second?"));
        fx.hit("work:after-second");
        return TrailUpdate.of().trail(List.of("work:" + Effects.json(a) + ":" + Effects.json(b)));
    }
}

/** The same node with its side effects as durable steps. */
class DurableWork {
    final Effects fx = new Effects();

    @Node
    @Edge(from = START)
    TrailUpdate work(Trail s, NodeContext ctx) {
        fx.hit("work:entered");
        ctx.step("effect-1", () -> fx.log("effect-1#" + fx.hit("effect-1")));
        Object a = ctx.interrupt(new Question("first?"));
        ctx.step("effect-2", () -> fx.log("effect-2#" + fx.hit("effect-2") + ":" + Effects.json(a)));
        Object b = ctx.interrupt(new Question("second?"));
        fx.hit("work:after-second");
        return TrailUpdate.of().trail(List.of("work:" + Effects.json(a) + ":" + Effects.json(b)));
    }
}

/**
 * A node's side effects before an interrupt run again on every resume (LangGraph's behaviour, the
 * one durable steps exist to avoid), interrupts have ids per call, a resume map answers by id and
 * the first id answers later calls too. Named differences: (1) {@code invoke(null)} at the second
 * interrupt pauses there again here, where LangGraph delivers the earlier resume value once more
 * (langgraph#8837); (2) with the side effects as durable steps ({@code DurableWork}) each happens
 * once.
 */
class Conformance45NodeSideEffectsTest {
    private final Oracle oracle = Oracle.load("45-node-side-effects-interrupts");

    @Test
    void plainSideEffectsRunAgainOnEveryResume() {
        Work w = new Work();
        WorkGraph g = WorkGraph.builder(w).checkpointer(new MemorySaver()).build();
        RunConfig cfg = RunConfig.thread("s1");
        Map<String, Object> o = new LinkedHashMap<>();
        GraphOutput<Trail> r1 = g.invoke(TrailUpdate.of().trail(List.of("in")), cfg);
        o.put("call1", call(r1, w.fx, g.getState(cfg)));
        GraphOutput<Trail> r2 = g.invoke(Command.resume("A"), cfg);
        o.put("call2_resume_A", call(r2, w.fx, g.getState(cfg)));
        o.put("call3_resume_B", call(g.invoke(Command.resume("B"), cfg), w.fx, g.getState(cfg)));
        o.put("interrupt_ids", Map.of("first_differs_from_second", !id(r1).equals(id(r2))));
        oracle.assertFacts(Map.of("plain", o));
    }

    @Test
    void durableStepsHappenOnceWhereLangGraphRepeatsThem() {
        DurableWork w = new DurableWork();
        DurableWorkGraph g =
                DurableWorkGraph.builder(w).checkpointer(new MemorySaver()).build();
        RunConfig cfg = RunConfig.thread("s1");
        g.invoke(TrailUpdate.of().trail(List.of("in")), cfg);
        g.invoke(Command.resume("A"), cfg);
        GraphOutput<Trail> done = g.invoke(Command.resume("B"), cfg);
        assertEquals(
                oracle.at("plain", "call3_resume_B", "result", "trail").get(1).asString(),
                done.value().trail().get(1));
        assertEquals(
                List.of("effect-1#1", "effect-2#1:\"A\""),
                w.fx.log(),
                "LangGraph: effect-1 three times, effect-2 twice");
        assertEquals(3, w.fx.runs().get("work:entered"), "the node itself still runs again from its top");
    }

    @Test
    void aResumeWithoutAValueReEntersAndPausesAgain() {
        Work w = new Work();
        WorkGraph g = WorkGraph.builder(w).checkpointer(new MemorySaver()).build();
        RunConfig cfg = RunConfig.thread("s2");
        GraphOutput<Trail> r1 = g.invoke(TrailUpdate.of().trail(List.of("in")), cfg);
        GraphOutput<Trail> r2 = g.resume(cfg);
        Map<String, Object> o = new LinkedHashMap<>();
        o.put(
                "null_at_first",
                Map.of(
                        "result",
                        Oracle.output(r2),
                        "same_interrupt_id",
                        id(r1).equals(id(r2)),
                        "runs",
                        w.fx.runs(),
                        "side_effects",
                        w.fx.log()));
        o.put("resume_A", Map.of("result", Oracle.output(g.invoke(Command.resume("A"), cfg)), "runs", w.fx.runs()));
        oracle.assertSomeFacts("null_reentry", o);

        // The difference: the earlier value "A" does not answer the second interrupt again.
        GraphOutput<Trail> second = g.resume(cfg);
        assertTrue(second.paused());
        assertEquals(new Question("second?"), second.interrupts().get(0).value());
        GraphOutput<Trail> done = g.invoke(Command.resume("B"), cfg);
        assertEquals(List.of("in", "work:\"A\":\"B\""), done.value().trail());
    }

    @Test
    void resumeMapsAnswerByIdAndTheFirstIdAnswersLaterCalls() {
        Map<String, Object> facts = new LinkedHashMap<>();
        {
            Work w = new Work();
            WorkGraph g = WorkGraph.builder(w).checkpointer(new MemorySaver()).build();
            RunConfig cfg = RunConfig.thread("s3");
            GraphOutput<Trail> r1 = g.invoke(TrailUpdate.of().trail(List.of("in")), cfg);
            GraphOutput<Trail> r2 = g.invoke(Command.resumeAll(Map.of(id(r1), "A")), cfg);
            GraphOutput<Trail> r3 = g.invoke(Command.resumeAll(Map.of(id(r2), "B")), cfg);
            facts.put(
                    "resume_by_id",
                    Map.of(
                            "second_interrupt", Oracle.output(r2),
                            "final", Map.of("ok", true, "result", Oracle.output(r3)),
                            "runs", w.fx.runs(),
                            "side_effects", w.fx.log()));
        }
        {
            Work w = new Work();
            WorkGraph g = WorkGraph.builder(w).checkpointer(new MemorySaver()).build();
            RunConfig cfg = RunConfig.thread("s4");
            GraphOutput<Trail> r1 = g.invoke(TrailUpdate.of().trail(List.of("in")), cfg);
            g.invoke(Command.resume("A"), cfg);
            GraphOutput<Trail> fin = g.invoke(Command.resumeAll(Map.of(id(r1), "Z")), cfg);
            facts.put(
                    "resume_second_by_first_id",
                    Map.of("final", Map.of("ok", true, "result", Oracle.output(fin)), "runs", w.fx.runs()));
        }
        {
            Work w = new Work();
            WorkGraph g = WorkGraph.builder(w).checkpointer(new MemorySaver()).build();
            RunConfig cfg = RunConfig.thread("s5");
            GraphOutput<Trail> r1 = g.invoke(TrailUpdate.of().trail(List.of("in")), cfg);
            GraphOutput<Trail> r = g.invoke(Command.resumeAll(Map.of("0123456789abcdef0123456789abcdef", "A")), cfg);
            facts.put(
                    "hex_like_unknown_id",
                    Map.of(
                            "result", Map.of("ok", true, "result", Oracle.output(r)),
                            "same_interrupt_id", id(r1).equals(id(r)),
                            "runs", w.fx.runs(),
                            "state", brief(g.getState(cfg))));
        }
        {
            // JS takes an object whose keys are not 32-hex ids as the resume value itself; in Java
            // that is Command.resume(map), and Command.resumeAll(map) resumes by id.
            Work w = new Work();
            WorkGraph g = WorkGraph.builder(w).checkpointer(new MemorySaver()).build();
            RunConfig cfg = RunConfig.thread("s6");
            g.invoke(TrailUpdate.of().trail(List.of("in")), cfg);
            GraphOutput<Trail> r = g.invoke(Command.resume(Map.of("deadbeef", "A")), cfg);
            facts.put(
                    "non_hex_keys",
                    Map.of("result", Map.of("ok", true, "result", Oracle.output(r)), "runs", w.fx.runs()));
        }
        oracle.assertFacts(facts);
    }

    private static String id(GraphOutput<?> out) {
        return out.interrupts().get(0).id();
    }

    private static Map<String, Object> call(GraphOutput<Trail> out, Effects fx, StateSnapshot<Trail> state) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("result", Oracle.output(out));
        m.put("runs", fx.runs());
        m.put("side_effects", fx.log());
        m.put("state", brief(state));
        return m;
    }

    private static Map<String, Object> brief(StateSnapshot<Trail> s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("values", s.channels());
        m.put("next", s.next());
        m.put("step", s.metadata().step());
        m.put("source", s.metadata().source().wireName());
        m.put("tasks", s.tasks().stream().map(StateSnapshot.PregelTask::name).toList());
        m.put(
                "interrupts",
                s.interrupts().stream()
                        .map(i -> {
                            Map<String, Object> x = new LinkedHashMap<>();
                            x.put("value", i.value());
                            x.put("id", i.id());
                            return x;
                        })
                        .toList());
        return m;
    }
}
