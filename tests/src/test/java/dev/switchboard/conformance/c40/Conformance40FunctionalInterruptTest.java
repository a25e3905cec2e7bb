package dev.switchboard.conformance.c40;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.annotation.Entrypoint;
import dev.switchboard.annotation.Task;
import dev.switchboard.conformance.Oracle;
import dev.switchboard.conformance.Workflows;
import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.GraphOutput;
import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** What the first interrupt asks. */
record First(String ask, String b) {}

/** What the second interrupt asks. */
record Second(String ask, String c) {}

/** What flow returns. */
record Flow(String a, String b, String c, String r1, String r2) {}

/** Counts calls by name. */
class Runs {
    final Map<String, Integer> counts = new TreeMap<>();

    synchronized void hit(String name) {
        counts.merge(name, 1, Integer::sum);
    }

    synchronized Map<String, Integer> get() {
        return new TreeMap<>(counts);
    }
}

/** Three tasks and an entrypoint that interrupts twice. */
class Interrupting {
    final Runs runs = new Runs();

    @Task
    String step1(String x) {
        runs.hit("step1");
        return x + "-s1";
    }

    @Task
    String step2(String x) {
        runs.hit("step2");
        return x + "-s2";
    }

    @Task
    String step3(String x) {
        runs.hit("step3");
        return x + "-s3";
    }

    @Entrypoint(name = "flow")
    Flow flow(String input, InterruptingTasks tasks, NodeContext ctx) {
        runs.hit("entrypoint:entered");
        String a = tasks.step1(input).join();
        String b = tasks.step2(a).join();
        String r1 = ctx.interrupt(new First("first?", b), String.class);
        runs.hit("entrypoint:after-interrupt-1");
        String c = tasks.step3(b + "+" + r1).join();
        String r2 = ctx.interrupt(new Second("second?", c), String.class);
        runs.hit("entrypoint:after-interrupt-2");
        return new Flow(a, b, c, r1, r2);
    }
}

/** What approve asks. */
record Approval(String approve) {}

/** An interrupt inside a task. */
class Approving {
    final Runs runs = new Runs();

    @Task
    String prep(String x) {
        runs.hit("prep");
        return x + "-prepped";
    }

    @Task
    String approve(String x, NodeContext ctx) {
        runs.hit("approve:entered");
        String v = ctx.interrupt(new Approval(x), String.class);
        runs.hit("approve:after-interrupt");
        return x + ":" + v;
    }

    @Entrypoint(name = "wf")
    String wf(String input, ApprovingTasks tasks) {
        runs.hit("entrypoint:entered");
        String p = tasks.prep(input).join();
        String v = tasks.approve(p).join();
        runs.hit("entrypoint:after-approve");
        return v;
    }
}

/**
 * Functional API and interrupts: the entrypoint re-runs from its top on resume, tasks that finished
 * do not (their records answer), each interrupt has its own id; an interrupt inside a task pauses
 * the entrypoint and re-enters that task alone.
 */
class Conformance40FunctionalInterruptTest {
    private final Oracle oracle = Oracle.load("40-functional-interrupt");

    @Test
    void finishedTasksAreNotRunAgainWhenTheEntrypointResumes() {
        Interrupting w = new Interrupting();
        InterruptingWorkflow flow =
                InterruptingWorkflow.builder(w).checkpointer(new MemorySaver()).build();
        RunConfig cfg = RunConfig.thread("f1");
        Map<String, Object> o = new LinkedHashMap<>();
        GraphOutput<Flow> call1 = flow.invoke("x", cfg);
        o.put("call1", call(call1, w.runs, flow.getState(cfg)));
        GraphOutput<Flow> call2 = flow.invoke(Command.resume("R1"), cfg);
        o.put("call2", call(call2, w.runs, flow.getState(cfg)));
        o.put("call3", call(flow.invoke(Command.resume("R2"), cfg), w.runs, flow.getState(cfg)));
        String id1 = call1.interrupts().get(0).id();
        o.put(
                "interrupt_ids",
                Map.of(
                        "first_is_32_hex",
                        id1.matches("[0-9a-f]{32}"),
                        "second_differs_from_first",
                        !id1.equals(call2.interrupts().get(0).id())));
        o.put(
                "history",
                flow.getStateHistory(cfg).stream()
                        .map(s -> {
                            Map<String, Object> snap = Workflows.snapshot(s);
                            Map<String, Object> m = new LinkedHashMap<>();
                            for (String k : List.of("step", "source", "next", "values", "tasks")) {
                                m.put(k, snap.get(k));
                            }
                            return m;
                        })
                        .toList());
        oracle.assertFacts(Map.of("two_resumes", o));
    }

    @Test
    void resumedRunsStreamTheRecordedResultsAsCachedUpdates() {
        Interrupting w = new Interrupting();
        InterruptingWorkflow flow =
                InterruptingWorkflow.builder(w).checkpointer(new MemorySaver()).build();
        RunConfig cfg = RunConfig.thread("f2");
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("call1", Workflows.chunks(flow.stream("x", cfg, StreamMode.UPDATES)));
        o.put("call2", Workflows.chunks(flow.stream(Command.resume("R1"), cfg, StreamMode.UPDATES)));
        o.put("call3", Workflows.chunks(flow.stream(Command.resume("R2"), cfg, StreamMode.UPDATES)));
        o.put("runs", w.runs.get());
        oracle.assertFacts(Map.of("stream_updates", o));
    }

    /**
     * A resume without a value re-enters the entrypoint and pauses again with the same id, as in
     * LangGraph. The difference: at the second interrupt LangGraph delivers the earlier resume value
     * ("R1") again and completes with {@code r2 = "R1"} (langgraph#8837 reports it as a bug); here a
     * value answers one interrupt only, so the run pauses at the second interrupt again.
     */
    @Test
    void aResumeWithoutAValuePausesAgainWithTheSameId() {
        Interrupting w = new Interrupting();
        InterruptingWorkflow flow =
                InterruptingWorkflow.builder(w).checkpointer(new MemorySaver()).build();
        RunConfig cfg = RunConfig.thread("f3");
        GraphOutput<Flow> call1 = flow.invoke("x", cfg);
        GraphOutput<Flow> again = flow.resume(cfg);
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("call1", Workflows.output(call1));
        o.put("null_at_first_interrupt", Workflows.output(again));
        o.put(
                "null_at_first_same_id",
                call1.interrupts().get(0).id().equals(again.interrupts().get(0).id()));
        o.put("runs_after_null", w.runs.get());
        o.put("resume_r1", Workflows.output(flow.invoke(Command.resume("R1"), cfg)));
        oracle.assertSomeFacts("null_resume", o);

        GraphOutput<Flow> second = flow.resume(cfg);
        assertTrue(second.paused(), "differs from LangGraph: the value R1 does not answer the second interrupt");
        assertEquals(
                new Second("second?", "x-s1-s2+R1-s3"),
                second.interrupts().get(0).value());
        assertEquals(
                List.of("second?"),
                flow.getState(cfg).interrupts().stream()
                        .map(i -> i.value(Second.class).ask())
                        .toList());
        assertNotEquals(
                call1.interrupts().get(0).id(), second.interrupts().get(0).id());
        assertEquals(
                Map.of("step1", 1, "step2", 1, "step3", 1),
                Map.of(
                        "step1",
                        w.runs.get().get("step1"),
                        "step2",
                        w.runs.get().get("step2"),
                        "step3",
                        w.runs.get().get("step3")));
        assertEquals(
                new Flow("x-s1", "x-s1-s2", "x-s1-s2+R1-s3", "R1", "R2"),
                flow.invoke(Command.resume("R2"), cfg).value());
    }

    @Test
    void anInterruptInsideATaskReEntersThatTaskOnly() {
        Approving w = new Approving();
        ApprovingWorkflow wf =
                ApprovingWorkflow.builder(w).checkpointer(new MemorySaver()).build();
        RunConfig cfg = RunConfig.thread("f4");
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("call1", Workflows.output(wf.invoke("doc", cfg)));
        o.put("state1", brief(wf.getState(cfg)));
        o.put("runs1", w.runs.get());
        o.put("resume", Workflows.output(wf.invoke(Command.resume("ok"), cfg)));
        o.put("runs2", w.runs.get());
        o.put("state2", brief(wf.getState(cfg)));
        oracle.assertFacts(Map.of("interrupt_in_task", o));
    }

    private static Map<String, Object> call(
            GraphOutput<?> out, Runs runs, dev.switchboard.runtime.StateSnapshot<?> state) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("result", Workflows.output(out));
        m.put("runs", runs.get());
        m.put("state", brief(state));
        return m;
    }

    /** The scenario's brief state: interrupts as {@code {value, id}}. */
    private static Map<String, Object> brief(dev.switchboard.runtime.StateSnapshot<?> s) {
        Map<String, Object> m = Workflows.brief(s);
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
