package dev.switchboard.server.studio;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.StreamingChatResponseHandler;
import dev.switchboard.langchain4j.ScriptedStreamingChatModel;
import java.util.List;

/**
 * A scripted streaming model that types slowly enough for a browser to see its reply grow: asked a
 * question, it calls the tool {@code lookup}; given the tool's result, it answers in a sentence, one
 * word every {@link #DELAY_MS} ms.
 */
public final class Typist implements StreamingChatModel {
    /** The pause before each token. */
    public static final long DELAY_MS = 120;

    /** The answer once the tool has answered. */
    public static final String ANSWER = "Cats purr when they are content, and sometimes to calm themselves.";

    private final ScriptedStreamingChatModel script = ScriptedStreamingChatModel.from(Typist::reply);

    @Override
    public void doChat(ChatRequest request, StreamingChatResponseHandler handler) {
        script.doChat(request, new StreamingChatResponseHandler() {
            @Override
            public void onPartialResponse(String token) {
                try {
                    Thread.sleep(DELAY_MS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                handler.onPartialResponse(token);
            }

            @Override
            public void onCompleteResponse(ChatResponse response) {
                handler.onCompleteResponse(response);
            }

            @Override
            public void onError(Throwable error) {
                handler.onError(error);
            }
        });
    }

    private static AiMessage reply(ChatRequest request) {
        List<ChatMessage> messages = request.messages();
        if (messages.get(messages.size() - 1) instanceof UserMessage u) {
            return AiMessage.from(ToolExecutionRequest.builder()
                    .id("call-1")
                    .name("lookup")
                    .arguments("{\"topic\":\"" + u.singleText().replace("\"", "") + "\"}")
                    .build());
        }
        return AiMessage.from(ANSWER);
    }
}
