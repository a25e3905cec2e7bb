package dev.switchboard.agent;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/** Scripted models for the agent's tests. */
final class Models {
    private Models() {}

    /** A model answering from a function of the request, counting its calls and keeping the requests. */
    static class Scripted implements ChatModel {
        final List<ChatRequest> requests = new ArrayList<>();
        final AtomicInteger calls = new AtomicInteger();
        private final Function<List<ChatMessage>, AiMessage> script;

        Scripted(Function<List<ChatMessage>, AiMessage> script) {
            this.script = script;
        }

        @Override
        public synchronized ChatResponse doChat(ChatRequest request) {
            requests.add(request);
            calls.incrementAndGet();
            return ChatResponse.builder()
                    .aiMessage(script.apply(request.messages()))
                    .build();
        }
    }

    /** First asks for these calls, then answers with the tool results joined. */
    static Scripted callsThenAnswer(ToolExecutionRequest... calls) {
        return new Scripted(messages -> {
            if (messages.stream().noneMatch(m -> m instanceof AiMessage)) {
                return AiMessage.from(List.of(calls));
            }
            List<String> results = new ArrayList<>();
            for (ChatMessage m : messages) {
                if (m instanceof ToolExecutionResultMessage t) {
                    results.add(t.text());
                }
            }
            return AiMessage.from("done: " + String.join(" | ", results));
        });
    }

    static ToolExecutionRequest call(String name, String args, String id) {
        return ToolExecutionRequest.builder().name(name).arguments(args).id(id).build();
    }
}
