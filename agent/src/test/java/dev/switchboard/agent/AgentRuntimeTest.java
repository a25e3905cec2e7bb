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
