package dev.switchboard.langchain4j;

import static dev.switchboard.annotation.Graph.END;
import static dev.switchboard.annotation.Graph.START;
import static dev.switchboard.langchain4j.Calculator.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Retry;
import dev.switchboard.annotation.Route;
import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.NodeException;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.StreamPart;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.runtime.serde.SerdeException;
import dev.switchboard.runtime.serde.SerdeLimits;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class Assistant {
    final ModelNode model;
    final ToolNode tools;

    Assistant(ModelNode model, ToolSet tools) {
        this.model = model;
        this.tools = ToolNode.of(tools);
    }

    @Node
    @Edge(from = START)
    @Edge(from = "tools")
    @Retry(maxAttempts = 2, initialIntervalMillis = 1, jitter = false)
    ChatUpdate agent(Chat s, NodeContext ctx) {
        return ChatUpdate.of().messages(List.of(model.call(s.messages(), ctx)));
    }

    @Route(
            from = "agent",
            to = {"tools", END})
    String next(Chat s) {
        return ToolsCondition.route(s.messages());
    }

    @Node
    ChatUpdate tools(Chat s) {
        return ChatUpdate.of().messages(tools.run(s.messages()));
    }
}

/** Model node and tools node in a loop: requests, streaming, retries and the bad replies. */
class AgentLoopTest {
    private static final AiMessage ASK_ADD = AiMessage.from(call("c1", "add", "{\"a\":2,\"b\":3}"));

    private static AssistantGraph graph(ModelNode model) {
        return AssistantGraph.builder(new Assistant(model, new Calculator()))
                .checkpointer(new MemorySaver())
                .build();
    }

    @Test
    void oneTurnCallsTheToolAndAnswers() {
        ScriptedChatModel model = ScriptedChatModel.of(ASK_ADD, AiMessage.from("2 + 3 = 5"));
        ModelNode node = ModelNode.builder(model)
                .tools(new Calculator())
                .systemPrompt("you add")
                .build();
        Chat out = graph(node)
                .invoke(ChatUpdate.of().messages(List.of(Message.user("2+3?"))), RunConfig.thread("t"))
                .value();
        assertEquals(
                List.of(
                        UserMessage.from("2+3?"),
                        ASK_ADD,
                        ToolExecutionResultMessage.from("c1", "add", "5"),
                        AiMessage.from("2 + 3 = 5")),
                out.messages().stream().map(Message::chat).toList());
        ChatRequest second = model.requests().get(1);
        assertEquals(
                "you add",
                ((dev.langchain4j.data.message.SystemMessage) second.messages().get(0)).text());
        assertEquals(4, second.messages().size(), "the prompt, then the three messages");
        assertEquals(
                List.of("add", "div"),
                second.toolSpecifications().stream().map(s -> s.name()).toList());
    }

    @Test
    void streamingTokensGoToMessagesModeWithMetadataAndTheMessageId() {
        ScriptedStreamingChatModel model = ScriptedStreamingChatModel.of(
                AiMessage.builder().text("The answer is 42.").thinking("easy").build());
        AssistantGraph g = graph(ModelNode.builder(model).build());
        List<StreamPart<Chat>> parts = g.stream(
                        ChatUpdate.of().messages(List.of(Message.user("q"))),
                        RunConfig.thread("s"),
                        StreamMode.MESSAGES,
                        StreamMode.VALUES)
                .toList();
        List<StreamPart.Message<Chat>> chunks = parts.stream()
                .filter(p -> p instanceof StreamPart.Message<?>)
                .map(p -> (StreamPart.Message<Chat>) p)
                .toList();
        List<MessageChunk> tokens =
                chunks.stream().map(c -> (MessageChunk) c.chunk()).toList();
        assertEquals(
                List.of("easy", "The ", "answer ", "is ", "42."),
                tokens.stream().map(MessageChunk::text).toList());
        assertEquals(
                List.of(true, false, false, false, false),
                tokens.stream().map(MessageChunk::thinking).toList());
        String finalId =
                g.getState(RunConfig.thread("s")).values().messages().get(1).id();
        assertTrue(tokens.stream().allMatch(t -> t.messageId().equals(finalId)));
        StreamPart.Message<Chat> first = chunks.get(0);
        assertEquals("agent", first.node());
        assertEquals(1, first.step());
        assertEquals(finalId, first.metadata().get("message_id"));
        assertTrue(!first.taskId().isEmpty());
    }

    @Test
    void aTokensScriptStreamsExactlyThoseTokensAndRepliesWithTheirText() {
        ScriptedStreamingChatModel model = ScriptedStreamingChatModel.tokens(r -> List.of("echo", ": ", "q"));
        AssistantGraph g = graph(ModelNode.builder(model).build());
        List<String> tokens = g.stream(
                        ChatUpdate.of().messages(List.of(Message.user("q"))),
                        RunConfig.thread("t"),
                        StreamMode.MESSAGES)
                .filter(p -> p instanceof StreamPart.Message<?>)
                .map(p -> ((MessageChunk) ((StreamPart.Message<?>) p).chunk()).text())
                .toList();
        assertEquals(List.of("echo", ": ", "q"), tokens);
        Message reply = g.getState(RunConfig.thread("t")).values().messages().get(1);
        assertEquals("echo: q", reply.ai().text());
        // LangChain names a reply after the model call's run: run-<uuid>
        assertTrue(reply.id().matches("run-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"), reply.id());
        assertEquals(1, model.requests().size());
    }

    @Test
    void modelErrorsFollowTheRetryPolicy() {
        AtomicInteger calls = new AtomicInteger();
        ScriptedStreamingChatModel model = ScriptedStreamingChatModel.from(r -> {
            if (calls.incrementAndGet() == 1) {
                throw new IllegalStateException("503 from provider") {
                    private static final long serialVersionUID = 1L;
                };
            }
            return AiMessage.from("recovered");
        });
        // IllegalStateException is not retried by default; a subclass is still one, so use a plain one:
        ScriptedChatModel flaky = ScriptedChatModel.from(r -> {
            if (calls.incrementAndGet() <= 1) {
                throw new java.io.UncheckedIOException(new java.io.IOException("connection reset"));
            }
            return AiMessage.from("recovered");
        });
        calls.set(0);
        Chat out = graph(ModelNode.builder(flaky).build())
                .invoke(ChatUpdate.of().messages(List.of(Message.user("q"))), RunConfig.thread("r"))
                .value();
        assertEquals(AiMessage.from("recovered"), out.messages().get(1).chat());
        assertEquals(2, calls.get());
        calls.set(0);
        NodeException e = assertThrows(
                NodeException.class,
                () -> graph(ModelNode.builder(model).build())
                        .invoke(ChatUpdate.of().messages(List.of(Message.user("q"))), RunConfig.thread("r2")));
        assertEquals("503 from provider", e.getCause().getMessage());
    }

    @Test
    void aReplyWithNeitherTextNorToolCallsIsRetriedThenFails() {
        ScriptedChatModel model =
                ScriptedChatModel.of(AiMessage.from(" "), AiMessage.builder().build());
        NodeException e = assertThrows(
                NodeException.class,
                () -> graph(ModelNode.builder(model).build())
                        .invoke(ChatUpdate.of().messages(List.of(Message.user("q"))), RunConfig.thread("e")));
        assertInstanceOf(ModelResponseException.class, e.getCause());
        assertTrue(e.getCause().getMessage().startsWith("the model replied with neither text nor tool calls"));
        assertEquals(2, model.requests().size(), "retried once, as the policy says");
    }

    @Test
    void aReplyWithDuplicateToolCallIdsFails() {
        AiMessage dup = AiMessage.from(call("same", "add", "{}"), call("same", "div", "{}"));
        ScriptedChatModel model = ScriptedChatModel.of(dup, dup);
        NodeException e = assertThrows(
                NodeException.class,
                () -> graph(ModelNode.builder(model).build())
                        .invoke(ChatUpdate.of().messages(List.of(Message.user("q"))), RunConfig.thread("d")));
        assertEquals(
                "the model requested two tool calls with the id 'same'",
                e.getCause().getMessage());
    }

    @Test
    void aToolResultTooLargeForTheSerdeLimitsFailsTheRunWithASerdeException() {
        ToolSet big = new Calculator() {
            @Override
            public String execute(dev.langchain4j.agent.tool.ToolExecutionRequest r) {
                return "x".repeat(2_000);
            }
        };
        AssistantGraph g = AssistantGraph.builder(new Assistant(
                        ModelNode.builder(ScriptedChatModel.of(ASK_ADD)).build(), big))
                .checkpointer(new MemorySaver())
                .serdeLimits(new SerdeLimits(64 << 20, 256, 1_000))
                .build();
        Exception e = assertThrows(
                Exception.class,
                () -> g.invoke(ChatUpdate.of().messages(List.of(Message.user("q"))), RunConfig.thread("b")));
        Throwable serde = e;
        while (serde != null && !(serde instanceof SerdeException)) {
            serde = serde.getCause();
        }
        assertInstanceOf(SerdeException.class, serde, () -> "not a serde failure: " + e);
        assertTrue(serde.getMessage().contains("SerdeLimits.maxStringLength = 1000"), serde.getMessage());
    }
}
