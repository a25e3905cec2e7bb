package dev.switchboard.conformance.c44;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.switchboard.annotation.Entrypoint;
import dev.switchboard.annotation.Task;
import dev.switchboard.conformance.Oracle;
import dev.switchboard.conformance.Workflows;
import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.StreamPart;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A custom event: a stage. */
record Stage(String stage) {}

/** A custom event: a task's progress. */
record Progress(String progress) {}

/** A custom event after the fetch. */
record AfterFetch(String stage, String a) {}

/** A custom event after the interrupt. */
record AfterAsk(String stage, String name) {}

/** What streamer returns. */
record Fetched(String a) {}

/** Writes custom events from the entrypoint and from its task. */
class Streamer {
    final AtomicInteger fetches = new AtomicInteger();
    final AtomicInteger entries = new AtomicInteger();

    @Task
    String fetch(String x, NodeContext ctx) {
        fetches.incrementAndGet();
        ctx.emit(new Progress("fetch:" + x));
        return x.toUpperCase(java.util.Locale.ROOT);
    }

    @Entrypoint(name = "streamer")
    Fetched streamer(String input, StreamerTasks tasks, NodeContext ctx) {
        entries.incrementAndGet();
        ctx.emit(new Stage("start"));
        String a = tasks.fetch(input).join();
        ctx.emit(new AfterFetch("after-fetch", a));
        return new Fetched(a);
    }
}

/** Writes a custom event, then asks. */
class Ask {
    @Entrypoint(name = "ask")
    String ask(String input, NodeContext ctx) {
        ctx.emit(new Stage("before-ask"));
        String name = ctx.interrupt("name?", String.class);
        ctx.emit(new AfterAsk("after-ask", name));
        return input + ":" + name;
    }
}

/**
 * An entrypoint's stream modes: custom events from the entrypoint and its tasks, one update per
 * task then the entrypoint's, one values event, task and checkpoint events of one superstep, and a
 * pause streamed in updates and values. Not compared, as the scenario README allows: the {@code
 * result} of task results (LangGraph.js shows {@code {}} for a task call and {@code {"__end__":
 * value}} for the entrypoint; here both show {@code {"__return__": value}}).
 */
class Conformance44FunctionalStreamingTest {
    private final Oracle oracle = Oracle.load("44-functional-streaming");
    private final AtomicInteger threads = new AtomicInteger();

    @Test
    @SuppressWarnings("unchecked")
    void eachStreamModeOfAnEntrypoint() {
        Streamer w = new Streamer();
        StreamerWorkflow streamer =
                StreamerWorkflow.builder(w).checkpointer(new MemorySaver()).build();
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("custom", Workflows.chunks(streamer.stream("q", cfg(), StreamMode.CUSTOM)));
        facts.put("updates", Workflows.chunks(streamer.stream("q", cfg(), StreamMode.UPDATES)));
        facts.put("values", Workflows.chunks(streamer.stream("q", cfg(), StreamMode.VALUES)));
        List<StreamPart<Fetched>> tasks =
                streamer.stream("q", cfg(), StreamMode.TASKS).toList();
        facts.put(
                "tasks",
                tasks.stream().map(Conformance44FunctionalStreamingTest::task).toList());
        facts.put(
                "checkpoints",
                streamer.stream("q", cfg(), StreamMode.CHECKPOINTS)
                        .map(p -> checkpoint((StreamPart.Checkpoint<?>) p))
                        .toList());
        facts.put(
                "debug",
                streamer.stream("q", cfg(), StreamMode.DEBUG)
                        .map(p -> {
                            StreamPart.Debug<?> d = (StreamPart.Debug<?>) p;
                            Map<String, Object> m = new LinkedHashMap<>();
                            m.put("type", d.type());
                            m.put("step", d.step());
                            m.put(
                                    "payload",
                                    d.payload() instanceof StreamPart.Checkpoint<?> c
                                            ? checkpoint(c)
                                            : task(d.payload()));
                            return m;
                        })
                        .toList());
        List<List<Object>> multi =
                Workflows.modes(streamer.stream("q", cfg(), StreamMode.CUSTOM, StreamMode.UPDATES, StreamMode.VALUES));
        facts.put("runs", new TreeMap<>(Map.of("fetch", w.fetches.get(), "streamer", w.entries.get())));
        oracle.assertFacts(facts);

        // Each mode's events in order; how custom events and updates interleave is commit timing,
        // which the scenario README leaves open ("fetch"'s update may come before a later custom write).
        List<Object> expected = (List<Object>)
                Oracle.parse(oracle.at("multi_custom_updates_values").toString());
        for (String mode : List.of("custom", "updates", "values")) {
            assertEquals(Oracle.json(ofMode(expected, mode)), Oracle.json(ofMode(multi, mode)), mode);
        }
        assertEquals(expected.size(), multi.size());

        StreamPart.TaskResult<?> fetched = (StreamPart.TaskResult<?>) tasks.get(2);
        assertEquals(Map.of("__return__", "Q"), fetched.writes());
    }

    @Test
    void aPauseIsStreamedInUpdatesAndValuesAndTheResumeStartsWithTheEmptyOutput() {
        AskWorkflow ask =
                AskWorkflow.builder(new Ask()).checkpointer(new MemorySaver()).build();
        RunConfig c = cfg();
        StreamMode[] modes = {StreamMode.CUSTOM, StreamMode.UPDATES, StreamMode.VALUES};
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("first", Workflows.modes(ask.stream("hi", c, modes)));
        o.put("resume", Workflows.modes(ask.stream(Command.resume("Ann"), c, modes)));
        oracle.assertFacts(Map.of("interrupt_stream", o));
    }

    private static List<Object> ofMode(List<?> events, String mode) {
        return events.stream()
                .filter(e -> ((List<?>) e).get(0).equals(mode))
                .map(e -> (Object) e)
                .toList();
    }

    private RunConfig cfg() {
        return RunConfig.thread("s" + threads.incrementAndGet());
    }

    /** A task event as the harness's {@code taskPayload}, without the result the README exempts. */
    private static Map<String, Object> task(StreamPart<?> p) {
        Map<String, Object> m = new LinkedHashMap<>();
        if (p instanceof StreamPart.TaskStart<?> t) {
            m.put("kind", "task");
            m.put("id", t.id());
            m.put("name", t.node());
            m.put("input", t.input());
            m.put("triggers", t.triggers());
            m.put("interrupts", List.of());
        } else {
            StreamPart.TaskResult<?> t = (StreamPart.TaskResult<?>) p;
            m.put("kind", "task_result");
            m.put("id", t.id());
            m.put("name", t.node());
            m.put(
                    "result",
                    t.node().equals("fetch")
                            ? Map.of()
                            : Map.of("__end__", t.writes().get("__return__")));
            m.put("interrupts", List.of());
            m.put("error", t.error());
        }
        return m;
    }

    private static Map<String, Object> checkpoint(StreamPart.Checkpoint<?> c) {
        Map<String, Object> m = Oracle.checkpoint(c);
        m.put("values", c.state());
        return m;
    }
}
