package dev.switchboard.streaming;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.RetryPolicy;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.StreamPart;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

record Reply(String question, String answer) {}

/** respond streams its reply token by token, as a model client would, then writes the whole. */
class Answerer {
    final AtomicInteger calls = new AtomicInteger();
    volatile boolean failFirst;

    @Node
    @Edge(from = START)
    ReplyUpdate respond(Reply s, NodeContext ctx) {
        StringBuilder answer = new StringBuilder();
        for (String token : List.of("Hel", "lo ", s.question())) {
            ctx.emitMessage(token, Map.of("model", "test-model"));
            answer.append(token);
        }
        if (failFirst && calls.incrementAndGet() == 1) {
            throw new java.io.UncheckedIOException(new java.io.IOException("connection reset"));
        }
        return ReplyUpdate.of().answer(answer.toString());
    }

    @Node
    @Edge(from = "respond")
    ReplyUpdate sign(Reply s, NodeContext ctx) {
        ctx.emitMessage("--");
        return ReplyUpdate.of().answer(s.answer() + " --");
    }
}

/** START -> intro -> writer (the Answerer graph as a subgraph node). */
class Outer {
    private final AnswererGraph writer = AnswererGraph.builder(new Answerer()).build();

    @Node
    @Edge(from = START)
    ReplyUpdate intro(Reply s, NodeContext ctx) {
        ctx.emitMessage("Q:");
        return ReplyUpdate.of();
    }

    @Node
    @Edge(from = "intro")
    AnswererGraph writer() {
        return writer;
    }
}

/** Stream mode MESSAGES: chunks with node and task metadata, beside other modes. */
class MessagesModeTest {
    @Test
    void chunksCarryTheirNodeStepTaskAndMetadata() {
        AnswererGraph graph = AnswererGraph.builder(new Answerer()).build();
        RunConfig config = RunConfig.defaults().withMetadata("user", "ada");
        List<StreamPart<Reply>> parts = graph.stream(
                        ReplyUpdate.of().question("world"), config, StreamMode.MESSAGES, StreamMode.TASKS)
                .collect(Collectors.toList());
        List<StreamPart.Message<Reply>> messages = parts.stream()
                .filter(p -> p instanceof StreamPart.Message<?>)
                .map(p -> (StreamPart.Message<Reply>) p)
                .collect(Collectors.toList());
        assertEquals(
                List.of("Hel", "lo ", "world", "--"),
                messages.stream().map(StreamPart.Message::chunk).collect(Collectors.toList()));
        StreamPart.Message<Reply> first = messages.get(0);
        assertEquals("respond", first.node());
        assertEquals(1, first.step());
        assertEquals(1, first.attempt());
        assertEquals(List.of("branch:to:respond"), first.triggers());
        assertEquals(Map.of("user", "ada", "model", "test-model"), first.metadata());
        assertEquals(StreamMode.MESSAGES, first.mode());
        StreamPart.TaskStart<?> answerStart = (StreamPart.TaskStart<?>) parts.get(0);
        assertEquals(answerStart.id(), first.taskId(), "the chunk names the task that streamed it");
        StreamPart.Message<Reply> last = messages.get(3);
        assertEquals("sign", last.node());
        assertEquals(2, last.step());
        assertEquals(Map.of("user", "ada"), last.metadata());

        // Chunks arrive between their task's start and result events.
        List<String> order = parts.stream()
                .map(p -> p instanceof StreamPart.Message<?> m
                        ? "chunk:" + m.chunk()
                        : p instanceof StreamPart.TaskStart<?> s
                                ? "start:" + s.node()
                                : "result:" + ((StreamPart.TaskResult<?>) p).node())
                .collect(Collectors.toList());
        assertEquals(
                List.of(
                        "start:respond",
                        "chunk:Hel",
                        "chunk:lo ",
                        "chunk:world",
                        "result:respond",
                        "start:sign",
                        "chunk:--",
                        "result:sign"),
                order);
    }

    @Test
    void chunksFromSubgraphsAreStreamedWithTheirNamespace() {
        OuterGraph graph = OuterGraph.builder(new Outer()).build();
        List<StreamPart<Reply>> parts = graph.stream(
                        ReplyUpdate.of().question("sub"), RunConfig.defaults(), StreamMode.MESSAGES, StreamMode.TASKS)
                .collect(Collectors.toList());
        String writerTask = parts.stream()
                .filter(p -> p instanceof StreamPart.TaskStart<?> s && s.node().equals("writer"))
                .map(p -> ((StreamPart.TaskStart<?>) p).id())
                .findFirst()
                .orElseThrow();
        List<String> chunks = parts.stream()
                .filter(p -> p instanceof StreamPart.Message<?>)
                .map(p -> (StreamPart.Message<?>) p)
                .map(m -> m.namespace() + " " + m.node() + " " + m.chunk())
                .collect(Collectors.toList());
        assertEquals(
                List.of(
                        "[] intro Q:",
                        "[writer:" + writerTask + "] respond Hel",
                        "[writer:" + writerTask + "] respond lo ",
                        "[writer:" + writerTask + "] respond sub",
                        "[writer:" + writerTask + "] sign --"),
                chunks);
        // Without subgraph streaming, the subgraph's other events stay inside it.
        assertTrue(parts.stream().noneMatch(p -> p instanceof StreamPart.Namespaced<?>));
    }

    @Test
    void withoutTheModeNoChunksAreStreamed() {
        AnswererGraph graph = AnswererGraph.builder(new Answerer()).build();
        List<StreamPart<Reply>> parts = graph.stream(
                        ReplyUpdate.of().question("world"), RunConfig.defaults(), StreamMode.UPDATES, StreamMode.CUSTOM)
                .collect(Collectors.toList());
        assertEquals(2, parts.size());
        assertTrue(parts.stream().allMatch(p -> p instanceof StreamPart.Updates<?>));
    }

    @Test
    void aRetriedAttemptStreamsItsChunksAgainWithItsAttemptNumber() {
        Answerer nodes = new Answerer();
        nodes.failFirst = true;
        AnswererGraph graph = AnswererGraph.builder(nodes)
                .retryPolicy(
                        "respond",
                        RetryPolicy.defaults().withBackoff(Duration.ofMillis(1), 1.0, Duration.ofMillis(1), false))
                .build();
        List<String> chunks = graph.stream(ReplyUpdate.of().question("x"), RunConfig.defaults(), StreamMode.MESSAGES)
                .map(p -> assertInstanceOf(StreamPart.Message.class, p))
                .map(m -> m.attempt() + ":" + m.chunk())
                .collect(Collectors.toList());
        assertEquals(List.of("1:Hel", "1:lo ", "1:x", "2:Hel", "2:lo ", "2:x", "1:--"), chunks);
    }
}
