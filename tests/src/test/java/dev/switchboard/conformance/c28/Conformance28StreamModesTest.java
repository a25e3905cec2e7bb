package dev.switchboard.conformance.c28;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.conformance.Oracle;
import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.runtime.reducer.Append;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

record Progress(String value, @Reducer(Append.class) List<String> items) {}

/** START -> a -> b; each node emits a custom event. */
class Steps {
    @Node
    @Edge(from = START)
    ProgressUpdate a(Progress s, NodeContext ctx) {
        ctx.emit(Map.of("progress", "a-half"));
        return ProgressUpdate.of()
                .value((s.value() == null ? "" : s.value()) + ">a")
                .items(List.of("a"));
    }

    @Node
    @Edge(from = "a")
    ProgressUpdate b(Progress s, NodeContext ctx) {
        ctx.emit(Map.of("progress", "b-done"));
        return ProgressUpdate.of().value(s.value() + ">b").items(List.of("b"));
    }
}

class Conformance28StreamModesTest {
    private final Oracle oracle = Oracle.load("28-stream-modes");
    private final StepsGraph graph = StepsGraph.builder(new Steps()).build();
    private final ProgressUpdate input = ProgressUpdate.of().value("x");

    @Test
    void valuesAndUpdates() {
        oracle.assertFact(Oracle.values(graph.stream(input, RunConfig.defaults(), StreamMode.VALUES)), "values");
        oracle.assertFact(Oracle.updates(graph.stream(input, RunConfig.defaults(), StreamMode.UPDATES)), "updates");
    }

    @Test
    void severalModesInterleave() {
        oracle.assertFact(
                Oracle.modes(graph.stream(input, RunConfig.defaults(), StreamMode.UPDATES, StreamMode.VALUES)),
                "multi_updates_values");
        oracle.assertFact(
                Oracle.modes(graph.stream(input, RunConfig.defaults(), StreamMode.CUSTOM, StreamMode.UPDATES)),
                "custom_and_updates");
    }

    @Test
    void custom() {
        oracle.assertFact(Oracle.chunks(graph.stream(input, RunConfig.defaults(), StreamMode.CUSTOM)), "custom");
    }

    @Test
    void tasks() {
        JsonNode expected = oracle.at("tasks").deepCopy();
        for (JsonNode e : expected) {
            ((ObjectNode) e).remove("kind");
        }
        assertEquals(
                expected,
                Oracle.normalizeIds(
                        Oracle.json(Oracle.chunks(graph.stream(input, RunConfig.defaults(), StreamMode.TASKS)))));
    }

    @Test
    void debugWithoutCheckpointerHasTaskEventsOnly() {
        ArrayNode expected = (ArrayNode) Oracle.json(List.of()).deepCopy();
        for (JsonNode e : oracle.at("debug")) {
            if (!e.get("type").asString().equals("checkpoint")) {
                expected.add(e);
            }
        }
        assertEquals(
                Oracle.normalizeIds(expected),
                Oracle.normalizeIds(
                        Oracle.json(Oracle.chunks(graph.stream(input, RunConfig.defaults(), StreamMode.DEBUG)))));
    }

    @Test
    void debugInterleavesCheckpointsAndTasksAndTaskIdsMatchTheCheckpoint() {
        StepsGraph saved =
                StepsGraph.builder(new Steps()).checkpointer(new MemorySaver()).build();
        assertEquals(
                Oracle.normalizeIds(oracle.at("debug")),
                Oracle.normalizeIds(Oracle.json(
                        Oracle.chunks(saved.stream(input, RunConfig.thread("sm-debug"), StreamMode.DEBUG)))));
    }

    @Test
    void checkpoints() {
        StepsGraph saved =
                StepsGraph.builder(new Steps()).checkpointer(new MemorySaver()).build();
        assertEquals(
                Oracle.normalizeIds(oracle.at("checkpoints")),
                Oracle.normalizeIds(Oracle.json(Oracle.chunks(
                        saved.stream(input, RunConfig.thread("sm-checkpoints"), StreamMode.CHECKPOINTS)))));
    }

    @Test
    void emptyInputGivesNoInitialValuesEvent() {
        oracle.assertFact(
                Oracle.values(graph.stream(ProgressUpdate.of(), RunConfig.defaults(), StreamMode.VALUES)),
                "values_with_empty_input");
    }
}
