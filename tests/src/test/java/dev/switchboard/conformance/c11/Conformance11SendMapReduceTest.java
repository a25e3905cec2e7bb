package dev.switchboard.conformance.c11;

import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.annotation.Route;
import dev.switchboard.conformance.Oracle;
import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.Send;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.runtime.reducer.Append;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

record Jokes(List<String> subjects, @Reducer(Append.class) List<String> jokes, String best) {}

/** The payload a Send carries to generate_joke: not the state. */
record Subject(String subject) {}

class MapReduce {
    final List<Map<String, Object>> executions = new CopyOnWriteArrayList<>();

    @Route(from = START, to = "generate_joke")
    List<Send<Subject>> fanOut(Jokes s) {
        return s.subjects().stream()
                .map(x -> Send.to("generate_joke", new Subject(x)))
                .toList();
    }

    @Node
    JokesUpdate generate_joke(Subject payload, NodeContext ctx) {
        executions.add(Map.of("node", "generate_joke", "step", ctx.step(), "input", payload));
        return JokesUpdate.of().jokes(List.of("joke about " + payload.subject()));
    }

    @Node
    @Edge(from = "generate_joke")
    JokesUpdate pick_best(Jokes s, NodeContext ctx) {
        executions.add(Map.of("node", "pick_best", "step", ctx.step(), "jokes", s.jokes()));
        return JokesUpdate.of().best(s.jokes().get(s.jokes().size() - 1));
    }
}

class Conformance11SendMapReduceTest {
    private final Oracle oracle = Oracle.load("11-send-map-reduce");

    @Test
    void workersGetTheirPayloadAndResultsKeepSendOrder() {
        MapReduce nodes = new MapReduce();
        MapReduceGraph graph =
                MapReduceGraph.builder(nodes).executor(Runnable::run).build();
        JokesUpdate input = JokesUpdate.of().subjects(List.of("cats", "dogs", "birds"));
        oracle.assertFact(Oracle.state(graph.invoke(input).value()), "result");
        oracle.assertFact(nodes.executions, "executions");
        oracle.assertFact(
                Oracle.updates(graph.stream(input, RunConfig.defaults(), StreamMode.UPDATES)), "stream_updates");
    }

    @Test
    void resultsKeepSendOrderWhenWorkersRunInParallel() {
        MapReduceGraph graph = MapReduceGraph.builder(new MapReduce()).build();
        for (int i = 0; i < 20; i++) {
            oracle.assertFact(
                    Oracle.state(graph.invoke(JokesUpdate.of().subjects(List.of("cats", "dogs", "birds")))
                            .value()),
                    "result");
        }
    }

    @Test
    void pushTasksAreListedOncePerSendWithTheirPaths() {
        MapReduceGraph graph = MapReduceGraph.builder(new MapReduce())
                .checkpointer(new MemorySaver())
                .build();
        RunConfig cfg = RunConfig.thread("s1");
        graph.invoke(JokesUpdate.of().subjects(List.of("cats", "dogs", "birds")), cfg);
        oracle.assertFact(
                graph.getStateHistory(cfg).stream()
                        .map(h -> {
                            Map<String, Object> m = new java.util.LinkedHashMap<>();
                            m.put("step", h.metadata().step());
                            m.put("source", h.metadata().source().wireName());
                            m.put("next", h.next());
                            m.put(
                                    "tasks",
                                    h.tasks().stream()
                                            .map(t -> Map.of("name", t.name(), "path", t.path()))
                                            .toList());
                            return m;
                        })
                        .toList(),
                "history");
    }

    @Test
    void noSubjectsMeansNoWorkers() {
        MapReduceGraph graph = MapReduceGraph.builder(new MapReduce()).build();
        oracle.assertFact(
                Oracle.state(graph.invoke(JokesUpdate.of().subjects(List.of())).value()), "empty_subjects");
    }
}
