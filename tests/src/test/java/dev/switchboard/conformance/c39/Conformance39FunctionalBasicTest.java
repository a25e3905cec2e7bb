package dev.switchboard.conformance.c39;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.switchboard.annotation.Entrypoint;
import dev.switchboard.annotation.Task;
import dev.switchboard.conformance.Oracle;
import dev.switchboard.conformance.Workflows;
import dev.switchboard.runtime.EmptyInputException;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StateSnapshot;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.StreamPart;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** What the pipeline returns. */
record Result(int a, int b, int c, int d, String j) {}

/** The scenario's tasks and entrypoint; each body counts its runs. */
class Pipeline {
    final Map<String, Integer> runs = new TreeMap<>();

    @Task(name = "double")
    int doubled(int x) {
        hit("double");
        return 2 * x;
    }

    @Task(name = "add_one")
    int addOne(int x) {
        hit("add_one");
        return x + 1;
    }

    @Task
    int square(int x) {
        hit("square");
        return x * x;
    }

    @Task
    int negate(int x) {
        hit("negate");
        return -x;
    }

    @Task
    String join(int a, int b) {
        hit("join");
        return a + "|" + b;
    }

    @Entrypoint(name = "pipeline")
    Result run(int n, PipelineTasks tasks) {
        hit("entrypoint");
        int a = tasks.doubled(n).join();
        int b = tasks.addOne(a).join();
        CompletableFuture<Integer> c = tasks.square(b); // the parallel pair
        CompletableFuture<Integer> d = tasks.negate(b);
        String j = tasks.join(c.join(), d.join()).join();
        return new Result(a, b, c.join(), d.join(), j);
    }

    synchronized void hit(String name) {
        runs.merge(name, 1, Integer::sum);
    }

    synchronized Map<String, Integer> takeRuns() {
        Map<String, Integer> out = new TreeMap<>(runs);
        runs.clear();
        return out;
    }
}

/**
 * LangGraph's functional API, basics: the entrypoint is the graph's only node and a run is one
 * superstep whose state is the return value; tasks are streamed, not stepped. The streamed runs use
 * a direct executor, so that the parallel pair's updates come in call order as in the recording
 * (with the default executor they run at once and their updates come as they finish).
 */
class Conformance39FunctionalBasicTest {
    private final Oracle oracle = Oracle.load("39-functional-basic");

    @Test
    void aRunIsOneSuperstepWhoseStateIsTheReturnValue() {
        Pipeline p = new Pipeline();
        PipelineWorkflow wf =
                PipelineWorkflow.builder(p).checkpointer(new MemorySaver()).build();
        RunConfig cfg = RunConfig.thread("p1");
        Map<String, Object> invoke = new LinkedHashMap<>();
        invoke.put("result", Workflows.output(wf.invoke(3, cfg)));
        invoke.put("runs", p.takeRuns());
        invoke.put("state", Workflows.snapshot(wf.getState(cfg)));
        invoke.put(
                "history",
                wf.getStateHistory(cfg).stream().map(Workflows::snapshot).toList());

        Map<String, Object> second = new LinkedHashMap<>();
        second.put("result", Workflows.output(wf.invoke(5, cfg)));
        second.put("runs", p.takeRuns());
        List<StateSnapshot<Result>> h2 = wf.getStateHistory(cfg);
        second.put("history_length", h2.size());
        second.put(
                "history",
                h2.stream()
                        .map(s -> {
                            Map<String, Object> m = new LinkedHashMap<>();
                            m.put("step", s.metadata().step());
                            m.put("source", s.metadata().source().wireName());
                            m.put("next", s.next());
                            m.put("values", s.values());
                            return m;
                        })
                        .toList());
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("invoke", invoke);
        facts.put("second_invoke", second);
        oracle.assertFacts(facts);
    }

    @Test
    void tasksStreamOneUpdateEachThenTheEntrypointsAndTheValuesOnce() {
        Pipeline p = new Pipeline();
        PipelineWorkflow wf = PipelineWorkflow.builder(p)
                .checkpointer(new MemorySaver())
                .executor(Runnable::run)
                .build();
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("stream_updates", Workflows.chunks(wf.stream(3, RunConfig.thread("p2"), StreamMode.UPDATES)));
        facts.put("stream_default_mode", Workflows.chunks(wf.stream(3, RunConfig.thread("p3"))));
        facts.put("stream_values", Workflows.chunks(wf.stream(3, RunConfig.thread("p4"), StreamMode.VALUES)));
        facts.put(
                "tasks_stream",
                wf.stream(3, RunConfig.thread("p5"), StreamMode.TASKS)
                        .filter(e -> e instanceof StreamPart.TaskStart<?>)
                        .map(e -> {
                            StreamPart.TaskStart<?> t = (StreamPart.TaskStart<?>) e;
                            Map<String, Object> m = new LinkedHashMap<>();
                            m.put("name", t.node());
                            m.put("input", t.input());
                            m.put("triggers", t.triggers());
                            return m;
                        })
                        .toList());
        facts.put("stream_runs", p.takeRuns());
        oracle.assertFacts(facts);
    }

    @Test
    void withoutACheckpointerItBehavesTheSame() {
        Pipeline p = new Pipeline();
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put(
                "no_checkpointer",
                Map.of(
                        "result",
                        Map.of(
                                "ok",
                                true,
                                "result",
                                PipelineWorkflow.builder(p).build().invoke(3).value()),
                        "runs",
                        p.takeRuns()));
        oracle.assertFacts(facts);
    }

    @Test
    void aFreshThreadHasNothingToResume() {
        PipelineWorkflow wf = PipelineWorkflow.builder(new Pipeline())
                .checkpointer(new MemorySaver())
                .build();
        assertEquals(
                "EmptyInputError",
                oracle.at("null_input_fresh_thread", "error", "name").asString());
        assertThrows(EmptyInputException.class, () -> wf.resume(RunConfig.thread("p-empty")));
    }

    /**
     * JS calls a task outside any entrypoint and fails with a TypeError. Here the generated {@code
     * PipelineTasks} is handed only to the entrypoint (its constructor is package-private); built
     * by hand without a run's context it fails at once. Calling the {@code @Task} method itself is
     * a plain Java call: it runs the body, with no record.
     */
    @Test
    void aTaskCalledOutsideAnEntrypointFails() {
        assertEquals(false, oracle.at("task_outside_entrypoint", "ok").asBoolean());
        IllegalStateException e =
                assertThrows(IllegalStateException.class, () -> new PipelineTasks(new Pipeline(), null));
        assertEquals("tasks are called from the entrypoint of a running workflow; got null", e.getMessage());
    }
}
