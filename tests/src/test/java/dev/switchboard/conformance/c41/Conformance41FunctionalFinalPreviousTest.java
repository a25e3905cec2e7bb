package dev.switchboard.conformance.c41;

import dev.switchboard.annotation.Entrypoint;
import dev.switchboard.annotation.Previous;
import dev.switchboard.conformance.Oracle;
import dev.switchboard.conformance.Workflows;
import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.Final;
import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StateSnapshot;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Returns {@code prev=<previous>,n=<n>} and saves {@code previous + n} (for {@code n < 0}, previous
 * plus the number a human answers) for the next run on the thread.
 */
class Acc {
    final List<Map<String, Object>> seen = new ArrayList<>();
    final AtomicInteger runs = new AtomicInteger();

    @Entrypoint(name = "acc")
    Final<String, Integer> acc(int n, @Previous Integer previous, NodeContext ctx) {
        runs.incrementAndGet();
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("n", n);
        s.put("previous", previous == null ? "<absent>" : previous);
        synchronized (seen) {
            seen.add(s);
        }
        int add = n < 0 ? Integer.parseInt(ctx.interrupt("negative?", String.class)) : n;
        return Final.of(
                "prev=" + (previous == null ? "none" : previous) + ",n=" + n, (previous == null ? 0 : previous) + add);
    }

    List<Map<String, Object>> takeSeen() {
        synchronized (seen) {
            List<Map<String, Object>> out = List.copyOf(seen);
            seen.clear();
            return out;
        }
    }
}

/** What echo returns: its input and the whole previous return value. */
record Echoed(String got, Echoed previous) {}

/** Returns without Final: its return value is what the next run sees. */
class Echo {
    @Entrypoint(name = "echo")
    Echoed echo(String x, @Previous Echoed previous) {
        return new Echoed(x, previous);
    }
}

/**
 * {@code Final}: the caller and every snapshot get the value, the next run gets the saved value as
 * its {@code @Previous}; a plain return saves itself; previous is per thread, absent without a
 * checkpointer, and unchanged by a paused or abandoned run.
 */
class Conformance41FunctionalFinalPreviousTest {
    private final Oracle oracle = Oracle.load("41-functional-final-previous");

    @Test
    void theCallerGetsTheValueAndTheNextRunTheSavedOne() {
        Acc w = new Acc();
        AccWorkflow acc = AccWorkflow.builder(w).checkpointer(new MemorySaver()).build();
        RunConfig cfg = RunConfig.thread("a1");
        Map<String, Object> o = new LinkedHashMap<>();
        o.put(
                "results",
                List.of(
                        acc.invoke(3, cfg).value(),
                        acc.invoke(4, cfg).value(),
                        acc.invoke(10, cfg).value()));
        o.put("previous_seen", w.takeSeen());
        o.put("state", brief(acc.getState(cfg)));
        o.put(
                "history",
                acc.getStateHistory(cfg).stream()
                        .map(s -> {
                            Map<String, Object> m = new LinkedHashMap<>();
                            m.put("step", s.metadata().step());
                            m.put("source", s.metadata().source().wireName());
                            m.put("next", s.next());
                            m.put("values", s.values());
                            return m;
                        })
                        .toList());
        o.put("streamed", Workflows.modes(acc.stream(1, cfg, StreamMode.UPDATES, StreamMode.VALUES)));
        o.put("streamed_previous_seen", w.takeSeen());
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("final_chain", o);
        facts.put(
                "other_thread",
                Map.of("result", acc.invoke(5, RunConfig.thread("a2")).value(), "previous_seen", w.takeSeen()));
        EchoWorkflow echo =
                EchoWorkflow.builder(new Echo()).checkpointer(new MemorySaver()).build();
        RunConfig e1 = RunConfig.thread("e1");
        facts.put(
                "plain_return",
                List.of(
                        echo.invoke("a", e1).value(),
                        echo.invoke("b", e1).value(),
                        echo.invoke("c", e1).value()));
        AccWorkflow plain = AccWorkflow.builder(w).build();
        facts.put(
                "no_checkpointer",
                Map.of(
                        "results",
                        List.of(
                                Map.of("ok", true, "result", plain.invoke(3).value()),
                                Map.of("ok", true, "result", plain.invoke(3).value())),
                        "previous_seen",
                        w.takeSeen()));
        oracle.assertFacts(facts);
    }

    @Test
    void aPausedRunSeesThePreviousValueOnEveryEntryAndANewInputAbandonsIt() {
        Acc w = new Acc();
        AccWorkflow acc = AccWorkflow.builder(w).checkpointer(new MemorySaver()).build();
        RunConfig a3 = RunConfig.thread("a3");
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("first", acc.invoke(5, a3).value());
        o.put("interrupting", Workflows.output(acc.invoke(-1, a3)));
        o.put("state_while_interrupted", brief(acc.getState(a3)));
        o.put("resumed", acc.invoke(Command.resume("100"), a3).value());
        o.put("next_run", acc.invoke(1, a3).value());
        o.put("previous_seen", w.takeSeen());

        RunConfig a4 = RunConfig.thread("a4");
        Map<String, Object> n = new LinkedHashMap<>();
        n.put("first", acc.invoke(5, a4).value());
        n.put("interrupting", Workflows.output(acc.invoke(-1, a4)));
        n.put("new_input", acc.invoke(7, a4).value());
        n.put("previous_seen", w.takeSeen());
        n.put("state", brief(acc.getState(a4)));
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("interrupted_run", o);
        facts.put("new_input_while_interrupted", n);
        oracle.assertFacts(facts);
    }

    private static Map<String, Object> brief(StateSnapshot<?> s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("values", s.values());
        m.put("next", s.next());
        m.put("step", s.metadata().step());
        m.put("source", s.metadata().source().wireName());
        m.put("interrupts", s.interrupts().stream().map(i -> i.value()).toList());
        return m;
    }
}
