package dev.switchboard.tests.loop;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.Durability;
import dev.switchboard.runtime.GraphOutput;
import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.StreamPart;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.runtime.reducer.Append;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

record Desk(
        String answer, String note, @Reducer(Append.class) List<String> trail) {}

/** START -> ask (pauses) and START -> sibling (finishes) in one superstep; both lead to wrapUp. */
class AskBesideSibling {
    final Map<String, Integer> runs = new ConcurrentHashMap<>();

    @Node
    @Edge(from = START)
    DeskUpdate ask(Desk s, NodeContext ctx) {
        runs.merge("ask", 1, Integer::sum);
        return DeskUpdate.of().answer(ctx.interrupt("q", String.class)).trail(List.of("ask"));
    }

    @Node
    @Edge(from = START)
    DeskUpdate sibling(Desk s) {
        runs.merge("sibling", 1, Integer::sum);
        return DeskUpdate.of().note("N").trail(List.of("sibling"));
    }

    @Node
    @Edge(from = "ask")
    @Edge(from = "sibling")
    DeskUpdate wrapUp(Desk s) {
        runs.merge("wrapUp", 1, Integer::sum);
        return DeskUpdate.of().trail(List.of("wrapUp"));
    }
}

/**
 * LangGraph's rule: when a task of a superstep pauses, the writes of the step's finished tasks are
 * part of what the paused run returns and streams (once; the checkpoint keeps them pending).
 */
class PauseWithFinishedSiblingTest {
    private final AskBesideSibling nodes = new AskBesideSibling();
    private final AskBesideSiblingGraph graph = AskBesideSiblingGraph.builder(nodes)
            .checkpointer(new MemorySaver())
            .executor(Runnable::run)
            .build();

    @Test
    void invokeReturnsTheFinishedSiblingsWritesWithTheInterrupt() {
        RunConfig cfg = RunConfig.thread("invoke");
        GraphOutput<Desk> paused = graph.invoke(DeskUpdate.of().trail(List.of("in")), cfg);
        assertTrue(paused.paused());
        assertEquals("q", paused.interrupts().get(0).value());
        assertEquals(new Desk(null, "N", List.of("in", "sibling")), paused.value());
        assertEquals(paused.value(), graph.getState(cfg).values(), "the same values as getState");

        GraphOutput<Desk> done = graph.invoke(Command.resume("A"), cfg);
        assertFalse(done.paused());
        assertEquals(new Desk("A", "N", List.of("in", "ask", "sibling", "wrapUp")), done.value());
        assertEquals(Map.of("ask", 2, "sibling", 1, "wrapUp", 1), nodes.runs, "the sibling does not run again");
    }

    @Test
    void withExitDurabilityThePauseIsStoredAndTheSiblingDoesNotRunAgain() {
        RunConfig cfg = RunConfig.thread("exit").withDurability(Durability.EXIT);
        GraphOutput<Desk> paused = graph.invoke(DeskUpdate.of().trail(List.of("in")), cfg);
        assertEquals(paused.interrupts(), graph.getState(cfg).interrupts());
        assertEquals(paused.value(), graph.getState(cfg).values());

        GraphOutput<Desk> done = graph.invoke(Command.resume("A"), cfg);
        assertEquals(new Desk("A", "N", List.of("in", "ask", "sibling", "wrapUp")), done.value());
        assertEquals(Map.of("ask", 2, "sibling", 1, "wrapUp", 1), nodes.runs);
    }

    @Test
    void theValuesStreamEndsWithTheSiblingsWritesAfterTheInterrupt() {
        RunConfig cfg = RunConfig.thread("values");
        List<StreamPart<Desk>> parts = graph.stream(DeskUpdate.of().trail(List.of("in")), cfg, StreamMode.VALUES)
                .toList();
        assertEquals(3, parts.size(), parts::toString);
        assertEquals(new Desk(null, null, List.of("in")), ((StreamPart.Values<Desk>) parts.get(0)).state());
        assertEquals(StreamMode.VALUES, ((StreamPart.Interrupted<Desk>) parts.get(1)).mode());
        StreamPart.Values<Desk> last = (StreamPart.Values<Desk>) parts.get(2);
        assertEquals(new Desk(null, "N", List.of("in", "sibling")), last.state());
        assertEquals(Map.of("note", "N", "trail", List.of("in", "sibling")), last.channels());
    }

    @Test
    void aSecondPauseOnResumeShowsTheStoredSiblingWritesOnceMore() {
        RunConfig cfg = RunConfig.thread("again");
        graph.invoke(DeskUpdate.of().trail(List.of("in")), cfg);
        List<StreamPart<Desk>> parts = graph.stream((DeskUpdate) null, cfg, StreamMode.VALUES, StreamMode.UPDATES)
                .toList();
        assertEquals(1, nodes.runs.get("sibling"), "stored writes are reused, not recomputed");
        StreamPart.Updates<Desk> reused = parts.stream()
                .filter(p -> p instanceof StreamPart.Updates<Desk>)
                .map(p -> (StreamPart.Updates<Desk>) p)
                .findFirst()
                .orElseThrow();
        assertEquals("sibling", reused.node());
        assertTrue(reused.cached(), "streamed as cached, as LangGraph does: the node did not run");
        assertTrue(parts.get(parts.size() - 2) instanceof StreamPart.Interrupted<Desk>, parts::toString);
        assertEquals(
                new Desk(null, "N", List.of("in", "sibling")),
                ((StreamPart.Values<Desk>) parts.get(parts.size() - 1)).state(),
                "applied once: the checkpoint still holds them as pending writes");
        assertEquals(
                new Desk(null, "N", List.of("in", "sibling")),
                graph.invoke((DeskUpdate) null, cfg).value());
    }

    @Test
    void theUpdatesStreamHasTheSiblingsUpdateAndTheInterrupt() {
        RunConfig cfg = RunConfig.thread("updates");
        List<StreamPart<Desk>> parts = graph.stream(DeskUpdate.of().trail(List.of("in")), cfg, StreamMode.UPDATES)
                .toList();
        assertEquals(2, parts.size(), parts::toString);
        StreamPart.Updates<Desk> sibling = (StreamPart.Updates<Desk>) parts.get(0);
        assertEquals("sibling", sibling.node());
        assertEquals(Map.of("note", "N", "trail", List.of("sibling")), sibling.writes());
        assertEquals(StreamMode.UPDATES, ((StreamPart.Interrupted<Desk>) parts.get(1)).mode());
    }
}
