package dev.switchboard.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.switchboard.langchain4j.AgentStateUpdate;
import dev.switchboard.langchain4j.Message;
import dev.switchboard.langchain4j.MessageChunk;
import dev.switchboard.langchain4j.ScriptedStreamingChatModel;
import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.StreamPart;
import dev.switchboard.runtime.store.InMemoryStore;
import dev.switchboard.runtime.store.Namespace;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** What hooks see of the run (run context, store) and what an agent streams. */
class AgentRuntimeTest {
    record Caller(String user) {}

    /** Puts the caller's name and a remembered fact in front of the system prompt. */
    static final class Personal implements AgentMiddleware {
        @Override
        public String name() {
            return "Personal";
        }

        @Override
        public Set<Hook> hooks() {
            return Set.of(Hook.WRAP_MODEL_CALL);
        }

        @Override
        public ModelResponse wrapModelCall(ModelRequest request, ModelCallHandler handler) throws Exception {
            NodeContext ctx = request.context();
            String user = ctx.context(Caller.class).user();
            Object likes = ctx.store()
                    .get(Namespace.of("users", user), "likes")
                    .map(i -> i.value().get("what"))
                    .orElse("?");
            return handler.call(request.withSystemPrompt(
                    request.systemPrompt().orElse("") + " User " + user + " likes " + likes + "."));
        }
    }

    @Test
    void aWrapHookReadsTheRunContextAndTheStore() {
        InMemoryStore store = new InMemoryStore();
        store.put(Namespace.of("users", "ana"), "likes", Map.of("what", "tea"));
        Models.Scripted model = new Models.Scripted(m -> AiMessage.from("hello"));
        Agent.builder(model)
                .systemPrompt("Be kind.")
                .middleware(new Personal())
                .store(store)
                .build()
                .invoke(
                        AgentStateUpdate.of().messages(List.of(Message.user("hi"))),
                        RunConfig.defaults().withContext(new Caller("ana")));
        assertEquals(
                "Be kind. User ana likes tea.",
                ((SystemMessage) model.requests.get(0).messages().get(0)).text());
    }

    /** A tool set whose second tool appears after the first call, as an MCP server's list changes. */
    static final class Growing implements dev.switchboard.langchain4j.ToolSet {
        final java.util.concurrent.atomic.AtomicBoolean grown = new java.util.concurrent.atomic.AtomicBoolean();

        @Override
        public List<dev.langchain4j.agent.tool.ToolSpecification> specifications() {
            var first = dev.langchain4j.agent.tool.ToolSpecification.builder()
                    .name("first")
                    .build();
            var second = dev.langchain4j.agent.tool.ToolSpecification.builder()
                    .name("second")
                    .build();
            return grown.get() ? List.of(first, second) : List.of(first);
        }

        @Override
        public String execute(dev.langchain4j.agent.tool.ToolExecutionRequest request) {
            grown.set(true);
            return "ran " + request.name();
        }
    }

    @Test
    void aToolSetsCurrentToolsAreOfferedAndRunAtEachCall() {
        Models.Scripted model = new Models.Scripted(m -> switch ((int)
                m.stream().filter(x -> x instanceof AiMessage).count()) {
            case 0 -> AiMessage.from(List.of(Models.call("first", "{}", "c1")));
            case 1 -> AiMessage.from(List.of(Models.call("second", "{}", "c2")));
            default -> AiMessage.from("done");
        });
        AgentState<Void> out = Agent.builder(model)
                .tools(new Growing())
                .build()
                .invoke(AgentStateUpdate.of().messages(List.of(Message.user("go"))))
                .value();
        assertEquals(
                List.of("first"),
                model.requests.get(0).toolSpecifications().stream()
                        .map(t -> t.name())
                        .toList());
        assertEquals(
                List.of("first", "second"),
                model.requests.get(1).toolSpecifications().stream()
                        .map(t -> t.name())
                        .toList());
        assertEquals(
                "ran second",
                ((dev.langchain4j.data.message.ToolExecutionResultMessage)
                                out.messages().get(4).chat())
                        .text());
    }

    @Test
    void aStreamingModelsTokensReachTheMessagesModeUnderTheRepliesId() {
        Agent<Void> agent = Agent.builder(ScriptedStreamingChatModel.tokens(r -> List.of("Hel", "lo")))
                .build();
        List<MessageChunk> chunks = new ArrayList<>();
        List<Message> replies = new ArrayList<>();
        try (Stream<StreamPart<AgentState<Void>>> parts = agent.stream(
                AgentStateUpdate.of().messages(List.of(Message.user("hi"))),
                RunConfig.defaults(),
                StreamMode.MESSAGES,
                StreamMode.VALUES)) {
            parts.forEach(p -> {
                if (p instanceof StreamPart.Message<?> m && m.chunk() instanceof MessageChunk c) {
                    chunks.add(c);
                } else if (p instanceof StreamPart.Values<AgentState<Void>> v) {
                    replies.clear();
                    replies.addAll(v.state().messages());
                }
            });
        }
        assertEquals(
                List.of("Hel", "lo"), chunks.stream().map(MessageChunk::text).toList());
        Message reply = replies.get(replies.size() - 1);
        assertEquals("Hello", ((AiMessage) reply.chat()).text());
        assertTrue(chunks.stream().allMatch(c -> c.messageId().equals(reply.id())), "chunks carry the reply's id");
    }
}
