package dev.switchboard.streaming;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.switchboard.runtime.NodeException;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.StreamPart;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** streamTo: the parts stream gives, handed over on the calling thread; a throwing sink stops the run. */
class StreamToTest {
    @Test
    void theSinkGetsWhatStreamGivesOnTheCallingThread() {
        TickerGraph graph = TickerGraph.builder(new Ticker(3)).build();
        List<String> pulled;
        try (var parts =
                graph.stream(CountUpdate.of().n(0), RunConfig.defaults(), StreamMode.VALUES, StreamMode.UPDATES)) {
            pulled = parts.map(Object::toString).collect(Collectors.toList());
        }
        List<String> pushed = new ArrayList<>();
        List<Thread> on = new ArrayList<>();
        graph.streamTo(
                CountUpdate.of().n(0),
                RunConfig.defaults(),
                p -> {
                    pushed.add(p.toString());
                    on.add(Thread.currentThread());
                },
                StreamMode.VALUES,
                StreamMode.UPDATES);
        assertEquals(pulled, pushed);
        assertEquals(List.of(Thread.currentThread()), on.stream().distinct().toList());
    }

    @Test
    void aSinkThatThrowsStopsTheRunAtTheNextStepAndItsExceptionIsThrown() {
        Ticker ticker = new Ticker(100);
        MemorySaver saver = new MemorySaver();
        TickerGraph graph = TickerGraph.builder(ticker).checkpointer(saver).build();
        IllegalStateException enough = new IllegalStateException("enough");
        IllegalStateException thrown = assertThrows(
                IllegalStateException.class,
                () -> graph.streamTo(
                        CountUpdate.of().n(0),
                        RunConfig.thread("t"),
                        p -> {
                            if (p instanceof StreamPart.Values<?> v && ((Count) v.state()).n() == 2) {
                                throw enough;
                            }
                        },
                        StreamMode.VALUES));
        assertSame(enough, thrown);
        assertEquals(2, ticker.ticks.get(), "no step runs after the one whose values the sink refused");
        assertEquals(2, graph.getState(RunConfig.thread("t")).values().n());
    }

    @Test
    void aNodeFailureIsThrownAsRaised() {
        Ticker ticker = new Ticker(5);
        ticker.failAt = 1;
        TickerGraph graph = TickerGraph.builder(ticker).build();
        NodeException e = assertThrows(
                NodeException.class,
                () -> graph.streamTo(CountUpdate.of().n(0), RunConfig.defaults(), p -> {}, StreamMode.VALUES));
        assertEquals("tick", e.node());
        IllegalStateException cause = assertInstanceOf(IllegalStateException.class, e.getCause());
        assertEquals("tick failed at 1", cause.getMessage());
    }
}
