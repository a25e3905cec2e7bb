package dev.switchboard.langchain4j;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import java.util.List;
import java.util.function.Function;

/**
 * A {@link ChatModel} for tests: replies from a script, never from the network. Either a queue of
 * replies, one per call ({@link #of}), failing with an {@link IllegalStateException} once used up,
 * or a function of the request ({@link #from}), which may throw to play a failing model. Keeps
 * every request it got ({@link #requests()}). Thread-safe.
 */
public final class ScriptedChatModel implements ChatModel {
    private final Script script;

    private ScriptedChatModel(Script script) {
        this.script = script;
    }

    /**
     * A model that gives these replies, in order, one per call.
     *
     * @param replies the replies
     * @return the model
     */
    public static ScriptedChatModel of(AiMessage... replies) {
        return new ScriptedChatModel(Script.queue(List.of(replies)));
    }

    /**
     * A model that replies with what the function returns for each request.
     *
     * @param replies computes a reply; may throw
     * @return the model
     */
    public static ScriptedChatModel from(Function<ChatRequest, AiMessage> replies) {
        return new ScriptedChatModel(Script.function(replies));
    }

    @Override
    public ChatResponse doChat(ChatRequest request) {
        return ChatResponse.builder().aiMessage(script.next(request)).build();
    }

    /**
     * The requests this model got, in order.
     *
     * @return a copy of the requests
     */
    public List<ChatRequest> requests() {
        return script.requests();
    }
}
