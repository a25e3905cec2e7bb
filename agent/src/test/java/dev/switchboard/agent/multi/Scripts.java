package dev.switchboard.agent.multi;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/** Scripted models for the team tests. */
final class Scripts {
    private Scripts() {}

    /** A model answering from a function of the messages it is sent, keeping the requests. */
    static final class Model implements ChatModel {
        final List<ChatRequest> requests = new ArrayList<>();
        private final Function<List<ChatMessage>, AiMessage> script;

        Model(Function<List<ChatMessage>, AiMessage> script) {
            this.script = script;
        }

        @Override
        public synchronized ChatResponse doChat(ChatRequest request) {
            requests.add(request);
            return ChatResponse.builder()
                    .aiMessage(script.apply(request.messages()))
                    .build();
        }
    }

    static ToolExecutionRequest call(String name, String args, String id) {
        return ToolExecutionRequest.builder().name(name).arguments(args).id(id).build();
    }

    /** The text of the last tool result a model was sent, or "". */
    static String lastToolResult(List<ChatMessage> messages) {
        for (int i = messages.size() - 1; i >= 0; i--) {
            if (messages.get(i) instanceof dev.langchain4j.data.message.ToolExecutionResultMessage t) {
                return t.text();
            }
        }
        return "";
    }

    /** Whether the last message a model was sent is a tool result. */
    static boolean afterTool(List<ChatMessage> messages) {
        return messages.get(messages.size() - 1) instanceof dev.langchain4j.data.message.ToolExecutionResultMessage;
    }
}
