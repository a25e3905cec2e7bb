package dev.switchboard.langchain4j;

import static dev.switchboard.langchain4j.Calculator.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.switchboard.annotation.Graph;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** ToolNode runs the last AiMessage's requests; toolsCondition routes on them. */
class ToolNodeTest {
    private static List<Message> asking(ToolExecutionRequest... calls) {
        return List.of(Message.user("compute"), Message.of("a1", AiMessage.from(calls)));
    }

    private static ToolExecutionResultMessage result(Message m) {
        return (ToolExecutionResultMessage) m.chat();
    }

    @Test
    void resultsComeInRequestOrderWithTheirIds() {
        List<Message> out = ToolNode.of(new Calculator())
                .run(asking(call("c1", "add", "{\"a\":2,\"b\":3}"), call("c2", "div", "{\"a\":9,\"b\":3}")));
        assertEquals(
                List.of(
                        ToolExecutionResultMessage.from("c1", "add", "5"),
                        ToolExecutionResultMessage.from("c2", "div", "3")),
                out.stream().map(Message::chat).toList());
        assertNull(out.get(0).id(), "the reducer assigns ids");
    }

    @Test
    void severalRequestsRunInParallel() throws Exception {
        CountDownLatch both = new CountDownLatch(2);
        ToolSet waiting = new ToolSet() {
            @Override
            public List<ToolSpecification> specifications() {
                return List.of(ToolSpecification.builder().name("wait").build());
            }

            @Override
            public String execute(ToolExecutionRequest r) throws Exception {
                both.countDown();
                // Each call waits for the other: only parallel calls finish.
                return both.await(5, TimeUnit.SECONDS) ? "met" : "alone";
            }
        };
        var pool = Executors.newFixedThreadPool(2);
        try {
            List<Message> out = ToolNode.builder(waiting)
                    .executor(pool)
                    .build()
                    .run(asking(call("x", "wait", "{}"), call("y", "wait", "{}")));
            assertEquals(
                    List.of("met", "met"),
                    out.stream().map(m -> result(m).text()).toList());
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void errorsBecomeErrorMessagesByDefault() {
        List<Message> out = ToolNode.of(new Calculator())
                .run(asking(
                        call("c1", "div", "{\"a\":1,\"b\":0}"),
                        call("c2", "mul", "{\"a\":1,\"b\":2}"),
                        call("c3", "add", "{\"a\":\"two\",\"b\":2}"),
                        call("c4", "add", "not json")));
        assertEquals(
                List.of(
                        "Error: ArithmeticException: / by zero\n Please fix your mistakes.",
                        "Error: unknown tool 'mul'\n Please fix your mistakes.",
                        "Error: argument 'a' must be an integer, got \"two\"\n Please fix your mistakes.",
                        "Error: arguments are not JSON: not json\n Please fix your mistakes."),
                out.stream().map(m -> result(m).text()).toList());
        assertTrue(out.stream().allMatch(m -> result(m).isError()));
        assertEquals(
                List.of("c1", "c2", "c3", "c4"),
                out.stream().map(m -> result(m).id()).toList());
    }

    @Test
    void failOnErrorThrowsTheFirstFailure() {
        ToolNode strict = ToolNode.builder(new Calculator()).failOnError().build();
        ToolExecutionException e = assertThrows(
                ToolExecutionException.class, () -> strict.run(asking(call("c1", "div", "{\"a\":1,\"b\":0}"))));
        assertEquals("tool 'div' (call c1) failed: / by zero", e.getMessage());
        assertTrue(e.getCause() instanceof ArithmeticException);
    }

    @Test
    void duplicateToolCallIdsAreRejectedBeforeAnyToolRuns() {
        var ran = ConcurrentHashMap.<String>newKeySet();
        ToolSet recording = new ToolSet() {
            @Override
            public List<ToolSpecification> specifications() {
                return new Calculator().specifications();
            }

            @Override
            public String execute(ToolExecutionRequest r) {
                ran.add(r.id());
                return "ok";
            }
        };
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> ToolNode.of(recording).run(asking(call("same", "add", "{}"), call("same", "div", "{}"))));
        assertTrue(e.getMessage().contains("two tool calls with the id 'same'"), e.getMessage());
        assertTrue(ran.isEmpty());
    }

    @Test
    void lastMessageMustBeAnAiMessage() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> ToolNode.of(new Calculator()).run(List.of(Message.user("hi"))));
        assertTrue(
                e.getMessage().startsWith("ToolNode: the last message is not an AiMessage but USER"), e.getMessage());
    }

    @Test
    void toolsConditionRoutesOnTheLastMessage() {
        assertEquals("tools", ToolsCondition.route(asking(call("c1", "add", "{}"))));
        assertEquals(Graph.END, ToolsCondition.route(List.of(Message.user("q"), Message.ai("answer"))));
        assertEquals(Graph.END, ToolsCondition.route(List.of()));
        assertEquals("act", ToolsCondition.route(asking(call("c1", "add", "{}")), "act"));
    }
}
