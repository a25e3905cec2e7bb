package dev.switchboard.conformance.c42;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.switchboard.annotation.Entrypoint;
import dev.switchboard.annotation.Retry;
import dev.switchboard.annotation.Task;
import dev.switchboard.conformance.Oracle;
import dev.switchboard.conformance.Workflows;
import dev.switchboard.runtime.NodeException;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StateSnapshot;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.StreamPart;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.runtime.checkpoint.PendingWrite;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** What main returns. */
record Fgb(String f, String g, String b) {}

/** The scenario's tasks; {@code broken} fails while {@link #brokenFails} is set. */
class Tasks {
    final Map<String, Integer> runs = new TreeMap<>();
    final AtomicInteger flakyCalls = new AtomicInteger();
    final AtomicBoolean brokenFails = new AtomicBoolean(true);
    final AtomicInteger hopelessCalls = new AtomicInteger();

    @Task
    @Retry(maxAttempts = 3, initialIntervalMillis = 1, backoffFactor = 1, jitter = false)
    String flaky(String x) {
        hit("flaky");
        int n = flakyCalls.incrementAndGet();
        if (n == 1) {
            throw new RuntimeException("flaky failure #" + n);
        }
        return x + "-ok";
    }

    @Task
    String good(String x) {
        hit("good");
        return x + "-good";
    }

    @Task
    String broken(String x) {
        hit("broken");
        if (brokenFails.get()) {
            throw new RuntimeException("broken!");
        }
        return x + "-fixed";
    }

    @Entrypoint(name = "main")
    Fgb main(String input, TasksTasks tasks) {
        hit("main");
        String f = tasks.flaky(input).join();
        CompletableFuture<String> g = tasks.good(input);
        CompletableFuture<String> b = tasks.broken(input);
        return new Fgb(f, g.join(), b.join());
    }

    synchronized void hit(String name) {
        runs.merge(name, 1, Integer::sum);
    }

    synchronized Map<String, Integer> runs() {
        return new TreeMap<>(runs);
    }
}

/** A task that always fails, with two attempts. */
class Hopeless {
    final AtomicInteger calls = new AtomicInteger();

    @Task
    @Retry(maxAttempts = 2, initialIntervalMillis = 1, backoffFactor = 1, jitter = false)
    String hopeless(String x) {
        throw new RuntimeException("hopeless #" + calls.incrementAndGet());
    }

    @Entrypoint(name = "h")
    String h(String input, HopelessTasks tasks) {
        return tasks.hopeless(input).join();
    }
}

/** An entrypoint that catches its task's failure. */
class Catching {
    final Map<String, Integer> runs = new TreeMap<>();

    @Task
    String broken(String x) {
        hit("broken");
        throw new RuntimeException("broken!");
    }

    @Entrypoint(name = "c")
    String c(String input, CatchingTasks tasks) {
        hit("c");
        try {
            return tasks.broken(input).join();
        } catch (CompletionException e) {
            return "caught:" + e.getCause().getMessage();
        }
    }

    synchronized void hit(String name) {
        runs.merge(name, 1, Integer::sum);
    }
}

/**
 * A task's retry policy retries the task within its call; a failed task fails the run (even when
 * the entrypoint catches it, as LangGraph); resumed, only the failed task runs again: the records
 * of the others answer. Named differences: the entrypoint task's stored error is the task's own
 * failure ("broken!") where LangGraph.js records an AbortError (an artefact the scenario README
 * lists), and the stored records are durable steps of the entrypoint's task ({@code __step__}),
 * where LangGraph stores each call as a task of its own writing {@code __return__}.
 */
class Conformance42FunctionalRetryAndFailureTest {
    private final Oracle oracle = Oracle.load("42-functional-retry-and-failure");

    @Test
    void onlyTheFailedTaskRunsAgainWhenTheRunResumes() {
        Tasks w = new Tasks();
        MemorySaver saver = new MemorySaver();
        TasksWorkflow main = TasksWorkflow.builder(w).checkpointer(saver).build();
        RunConfig cfg = RunConfig.thread("r1");
        NodeException e = assertThrows(NodeException.class, () -> main.invoke("x", cfg));
        assertEquals(
                oracle.at("main", "first", "error", "message").asString(),
                e.getCause().getMessage());
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("runs_after_error", w.runs());
        StateSnapshot<Fgb> failed = main.getState(cfg);
        o.put("resume", Map.of("ok", true, "result", failedThenFixed(w, main, cfg)));
        o.put("runs_after_resume", w.runs());
        o.put("state_after_resume", brief(main.getState(cfg)));
        o.put(
                "history",
                main.getStateHistory(cfg).stream()
                        .map(s -> {
                            Map<String, Object> m = new LinkedHashMap<>();
                            m.put("step", s.metadata().step());
                            m.put("source", s.metadata().source().wireName());
                            m.put("next", s.next());
                            m.put("values", s.values());
                            return m;
                        })
                        .toList());
        oracle.assertSomeFacts("main", o);

        // The failed state: as LangGraph's, but for the entrypoint's error (its task's, not an AbortError).
        Map<String, Object> state = brief(failed);
        assertEquals(
                List.of(Map.of("name", "main", "error", "broken!", "result", "null")),
                List.of(stringValues(((List<?>) state.get("tasks")).get(0))));
        state.remove("tasks");
        Map<String, Object> expected = new LinkedHashMap<>();
        for (String k : List.of("values", "next", "step", "source")) {
            expected.put(
                    k, Oracle.parse(oracle.at("main", "state_after_error", k).toString()));
        }
        assertEquals(Oracle.json(expected), Oracle.json(state));
    }

    @Test
    void theFailedRunStoredTheFinishedTasksAsStepsOfTheEntrypoint() {
        Tasks w = new Tasks();
        MemorySaver saver = new MemorySaver();
        TasksWorkflow main = TasksWorkflow.builder(w).checkpointer(saver).build();
        RunConfig cfg = RunConfig.thread("r3");
        assertThrows(NodeException.class, () -> main.invoke("x", cfg));
        List<String> stored = new ArrayList<>();
        for (PendingWrite pw : saver.getTuple("r3", "", null).orElseThrow().pendingWrites()) {
            stored.add(pw.channel() + " " + new String(pw.value(), StandardCharsets.UTF_8));
        }
        stored.sort(null);
        assertEquals(
                List.of(
                        "__error__ {\"message\":\"broken!\",\"name\":\"RuntimeException\"}",
                        "__step__ {\"name\":\"flaky\",\"value\":\"x-ok\"}",
                        "__step__ {\"name\":\"good\",\"value\":\"x-good\"}"),
                stored,
                "LangGraph: broken __error__, flaky __return__ x-ok, good __return__ x-good");
    }

    @Test
    void theResumedStreamReplaysTheFinishedTasksAsCached() {
        Tasks w = new Tasks();
        TasksWorkflow main =
                TasksWorkflow.builder(w).checkpointer(new MemorySaver()).build();
        RunConfig cfg = RunConfig.thread("r2");
        List<Object> first = new ArrayList<>();
        NodeException e = assertThrows(NodeException.class, () -> {
            try (Stream<StreamPart<Fgb>> parts = main.stream("x", cfg, StreamMode.UPDATES)) {
                parts.forEach(p -> first.add(Workflows.chunk(p)));
            }
        });
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("first_events", first);
        w.brokenFails.set(false);
        o.put("resume_events", Workflows.chunks(main.streamResume(cfg, StreamMode.UPDATES)));
        o.put("runs", w.runs());
        oracle.assertSomeFacts("main_streamed", o);
        assertEquals("broken!", rootCause(e).getMessage());
    }

    @Test
    void aTaskRetriedUpToItsAttemptsFailsWithItsLastError() {
        Hopeless w = new Hopeless();
        HopelessWorkflow h =
                HopelessWorkflow.builder(w).checkpointer(new MemorySaver()).build();
        NodeException e = assertThrows(NodeException.class, () -> h.invoke("x", RunConfig.thread("h1")));
        assertEquals(
                oracle.at("hopeless", "result", "error", "message").asString(),
                e.getCause().getMessage());
        assertEquals(oracle.at("hopeless", "runs", "hopeless").asInt(), w.calls.get());
    }

    @Test
    void catchingATasksFailureDoesNotSaveTheRun() {
        Catching w = new Catching();
        CatchingWorkflow c =
                CatchingWorkflow.builder(w).checkpointer(new MemorySaver()).build();
        RunConfig cfg = RunConfig.thread("c1");
        NodeException e = assertThrows(NodeException.class, () -> c.invoke("x", cfg));
        assertEquals(
                oracle.at("caught", "result", "error", "message").asString(),
                e.getCause().getMessage());
        assertEquals(Oracle.json(Oracle.parse(oracle.at("caught", "runs").toString())), Oracle.json(w.runs));
        StateSnapshot<String> state = c.getState(cfg);
        assertEquals(List.of("c"), state.next());
        assertEquals("broken!", state.tasks().get(0).error().message());
    }

    private static Fgb failedThenFixed(Tasks w, TasksWorkflow main, RunConfig cfg) {
        w.brokenFails.set(false);
        return main.resume(cfg).value();
    }

    private static Throwable rootCause(Throwable e) {
        while (e.getCause() != null && e.getCause() != e) {
            e = e.getCause();
        }
        return e;
    }

    private static Map<String, Object> stringValues(Object task) {
        Map<String, Object> out = new LinkedHashMap<>();
        ((Map<?, ?>) task).forEach((k, v) -> out.put((String) k, String.valueOf(v)));
        return out;
    }

    private static Map<String, Object> brief(StateSnapshot<?> s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("values", s.values());
        m.put("next", s.next());
        m.put("step", s.metadata().step());
        m.put("source", s.metadata().source().wireName());
        m.put(
                "tasks",
                s.tasks().stream()
                        .map(t -> {
                            Map<String, Object> x = new LinkedHashMap<>();
                            x.put("name", t.name());
                            x.put("error", t.error() == null ? null : t.error().message());
                            x.put(
                                    "result",
                                    t.writes() == null ? null : t.writes().get("__return__"));
                            return x;
                        })
                        .toList());
        return m;
    }
}
