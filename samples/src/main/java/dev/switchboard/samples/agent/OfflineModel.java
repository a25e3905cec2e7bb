package dev.switchboard.samples.agent;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.switchboard.langchain4j.ScriptedStreamingChatModel;
import java.util.ArrayList;
import java.util.List;

/**
 * The sample's model when no provider is configured: a scripted streaming model that, for a new
 * question, asks for the weather in Paris and for 12 * 7, and, once it has the tools' results,
 * answers with them. It decides from the request alone, so it behaves the same in every process.
 */
final class OfflineModel {
    private OfflineModel() {}

    static ScriptedStreamingChatModel create() {
        return ScriptedStreamingChatModel.from(OfflineModel::reply);
    }

    private static AiMessage reply(ChatRequest request) {
        List<ChatMessage> messages = request.messages();
        ChatMessage last = messages.get(messages.size() - 1);
        if (last instanceof UserMessage) {
            return AiMessage.from(
                    call("call-1", "weather", "{\"city\":\"Paris\"}"),
                    call("call-2", "calculator", "{\"expression\":\"12 * 7\"}"));
        }
        List<String> results = new ArrayList<>();
        for (ChatMessage m : messages) {
            if (m instanceof ToolExecutionResultMessage t) {
                results.add(t.toolName() + " says " + t.text());
            }
        }
        return AiMessage.from("Here is what I found: " + String.join("; ", results) + ".");
    }

    private static ToolExecutionRequest call(String id, String name, String arguments) {
        return ToolExecutionRequest.builder()
                .id(id)
                .name(name)
                .arguments(arguments)
                .build();
    }
}
