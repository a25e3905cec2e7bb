package dev.switchboard.tests.persistence.overwrite;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.runtime.NodeException;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.checkpoint.CheckpointTuple;
import dev.switchboard.runtime.checkpoint.ListOptions;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.runtime.checkpoint.PendingWrite;
import dev.switchboard.runtime.reducer.Append;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

record Basket(@Reducer(Append.class) List<String> items) {}

/** reset overwrites the basket while fails, in the same superstep, fails until told not to. */
class ResetAndFail {
    boolean fail = true;

    @Node
    @Edge(from = START)
    BasketUpdate reset(Basket s) {
        return BasketUpdate.of().overwriteItems(List.of("reset"));
    }

    @Node
    @Edge(from = START)
    BasketUpdate fails(Basket s) {
        if (fail) {
            throw new IllegalStateException("not yet");
        }
        return BasketUpdate.of().items(List.of("late"));
    }
}

/**
 * An {@code Overwrite} has one stored form, LangGraph's {@code {"__overwrite__": value}}, in pending
 * writes as in the run input; pending writes stored in the earlier tagged form ({@code O} or
 * {@code V} and the value) still resume the same.
 */
class OverwriteWireFormTest {
    private static String resetWrite(CheckpointTuple t) {
        return t.pendingWrites().stream()
                .filter(w -> w.channel().equals("items"))
                .map(w -> new String(w.value(), StandardCharsets.UTF_8))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void aPendingOverwriteIsStoredInTheWireFormAndResumes() {
        MemorySaver saver = new MemorySaver();
        ResetAndFail nodes = new ResetAndFail();
        ResetAndFailGraph graph =
                ResetAndFailGraph.builder(nodes).checkpointer(saver).build();
        RunConfig cfg = RunConfig.thread("t");
        assertThrows(NodeException.class, () -> graph.invoke(BasketUpdate.of().items(List.of("in")), cfg));
        assertEquals(
                "{\"__overwrite__\":[\"reset\"]}",
                resetWrite(saver.getTuple("t", "", null).orElseThrow()));
        nodes.fail = false;
        assertEquals(List.of("reset"), graph.resume(cfg).value().items(), "the write after the overwrite is ignored");
    }

    @Test
    void aPendingOverwriteOfTheEarlierTaggedFormStillResumes() {
        MemorySaver first = new MemorySaver();
        ResetAndFail nodes = new ResetAndFail();
        RunConfig cfg = RunConfig.thread("t");
        assertThrows(
                NodeException.class,
                () -> ResetAndFailGraph.builder(nodes)
                        .checkpointer(first)
                        .build()
                        .invoke(BasketUpdate.of().items(List.of("in")), cfg));
        // The same thread, its pending overwrite rewritten as the runtime stored it before.
        MemorySaver legacy = new MemorySaver();
        List<CheckpointTuple> history = new ArrayList<>(first.list("t", "", ListOptions.ALL));
        java.util.Collections.reverse(history);
        String head = null;
        for (CheckpointTuple t : history) {
            legacy.put("t", "", t.checkpoint(), t.metadata(), t.parentId(), head, t.blobs());
            head = t.checkpoint().id();
        }
        List<PendingWrite> writes = new ArrayList<>();
        for (PendingWrite w : history.get(history.size() - 1).pendingWrites()) {
            writes.add(
                    w.channel().equals("items")
                            ? new PendingWrite(
                                    w.taskId(), w.index(), w.channel(), "O[\"reset\"]".getBytes(StandardCharsets.UTF_8))
                            : w);
        }
        legacy.putWrites("t", "", head, writes);
        nodes.fail = false;
        ResetAndFailGraph graph =
                ResetAndFailGraph.builder(nodes).checkpointer(legacy).build();
        assertEquals(List.of("reset"), graph.resume(cfg).value().items(), "the write after the overwrite is ignored");
    }
}
