package dev.switchboard.tests.state;

import static dev.switchboard.annotation.Graph.END;
import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.annotation.Route;
import dev.switchboard.runtime.GraphRecursionException;
import dev.switchboard.runtime.NodeException;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.StreamPart;
import dev.switchboard.runtime.error.ErrorCode;
import dev.switchboard.runtime.reducer.Append;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

record Tape(@Reducer(Append.class) List<String> log) {}

/** The error a node throws in this test. */
class TapeJammed extends RuntimeException {
    private static final long serialVersionUID = 1L;

    TapeJammed(String message) {
        super(message);
    }
}

/** The Error a node throws in this test. */
class TapeMelted extends Error {
    private static final long serialVersionUID = 1L;

    TapeMelted(String message) {
        super(message);
    }
}

/** START -> play, which fails as {@link #failure} says or loops forever. */
class Deck {
    final String failure;

    Deck(String failure) {
        this.failure = failure;
    }

    @Node
    @Edge(from = START)
    TapeUpdate play(Tape s) {
        switch (failure) {
            case "jam" -> throw new TapeJammed("the tape jammed");
            case "melt" -> throw new TapeMelted("the tape melted");
            default -> {
                return TapeUpdate.of().log(List.of("played"));
            }
        }
    }

    @Route(
            from = "play",
            to = {"play", END})
    String again(Tape s) {
        return "play";
    }
}

/** A streamed run's failure is thrown with the consumer's frames, its original as the cause. */
class StreamFailureStackTest {
    private static void drain(DeckGraph graph) {
        try (Stream<StreamPart<Tape>> parts =
                graph.stream(TapeUpdate.of(), RunConfig.defaults().withRecursionLimit(3), StreamMode.UPDATES)) {
            parts.forEach(p -> {});
        }
    }

    private static boolean hasFrame(Throwable e, String method) {
        return Arrays.stream(e.getStackTrace())
                .anyMatch(f -> f.getClassName().equals(StreamFailureStackTest.class.getName())
                        && f.getMethodName().equals(method));
    }

    @Test
    void aNodeFailureStaysANodeExceptionWithTheConsumersFrames() {
        DeckGraph graph = DeckGraph.builder(new Deck("jam")).build();
        NodeException e = assertThrows(NodeException.class, () -> drain(graph));
        assertTrue(hasFrame(e, "aNodeFailureStaysANodeExceptionWithTheConsumersFrames"));
        assertTrue(hasFrame(e, "drain"));

        NodeException original = assertInstanceOf(NodeException.class, e.getCause());
        assertNotSame(e, original);
        assertFalse(hasFrame(original, "drain"), "the original holds the run thread's frames");
        assertEquals(original.getMessage(), e.getMessage());
        assertEquals(
                "node 'play' failed in step 1: dev.switchboard.tests.state.TapeJammed: the tape jammed",
                e.getMessage());
        assertEquals("play", e.node());
        assertEquals(1, e.step());
        assertEquals(original.code(), e.code());
        TapeJammed user = assertInstanceOf(TapeJammed.class, original.getCause());
        assertEquals("the tape jammed", user.getMessage());
    }

    @Test
    void aRunFailureKeepsItsTypeCodeAndDetails() {
        DeckGraph graph = DeckGraph.builder(new Deck("loop")).build();
        GraphRecursionException e = assertThrows(GraphRecursionException.class, () -> drain(graph));
        assertTrue(hasFrame(e, "aRunFailureKeepsItsTypeCodeAndDetails"));
        GraphRecursionException original = assertInstanceOf(GraphRecursionException.class, e.getCause());
        assertEquals(original.getMessage(), e.getMessage());
        assertEquals(ErrorCode.GRAPH_RECURSION_LIMIT, e.code().orElseThrow());
        assertEquals(3, e.limit());
    }

    @Test
    void invokeThrowsTheOriginalOnTheCallersThread() {
        DeckGraph graph = DeckGraph.builder(new Deck("jam")).build();
        NodeException e = assertThrows(NodeException.class, () -> graph.invoke(TapeUpdate.of()));
        assertInstanceOf(TapeJammed.class, e.getCause());
    }

    @Test
    void anErrorKeepsItsIdentityAndGainsTheConsumersFramesAsSuppressed() {
        DeckGraph graph = DeckGraph.builder(new Deck("melt")).build();
        TapeMelted e = assertThrows(TapeMelted.class, () -> drain(graph));
        assertEquals("the tape melted", e.getMessage());
        assertEquals(1, e.getSuppressed().length);
        Throwable frames = e.getSuppressed()[0];
        assertTrue(hasFrame(frames, "anErrorKeepsItsIdentityAndGainsTheConsumersFramesAsSuppressed"));
        assertTrue(
                frames.getMessage().startsWith("rethrown to the stream's consumer on thread '"), frames.getMessage());
    }
}
