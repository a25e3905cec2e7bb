package dev.switchboard.langchain4j;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.PartialThinking;
import dev.langchain4j.model.chat.response.StreamingChatResponseHandler;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * A {@link StreamingChatModel} for tests, scripted as {@link ScriptedChatModel}: for each call it
 * streams the reply's thinking and then its text as tokens (each word with the whitespace after
 * it), on the caller's thread, then completes with the whole reply. A script that throws, or a used
 * up queue, reaches the handler's {@code onError}. Thread-safe.
 */
public final class ScriptedStreamingChatModel implements StreamingChatModel {
    private final Script script;
    private final Function<ChatRequest, List<String>> pieces;

    private ScriptedStreamingChatModel(Script script) {
        this(script, null);
    }

    private ScriptedStreamingChatModel(Script script, Function<ChatRequest, List<String>> pieces) {
        this.script = script;
        this.pieces = pieces;
    }

    /**
     * A model that streams these replies, in order, one per call.
     *
     * @param replies the replies
     * @return the model
     */
    public static ScriptedStreamingChatModel of(AiMessage... replies) {
        return new ScriptedStreamingChatModel(Script.queue(List.of(replies)));
    }

    /**
     * A model that streams what the function returns for each request.
     *
     * @param replies computes a reply; may throw
     * @return the model
     */
    public static ScriptedStreamingChatModel from(Function<ChatRequest, AiMessage> replies) {
        return new ScriptedStreamingChatModel(Script.function(replies));
    }

    /**
     * A model that streams exactly the tokens the function returns for each request, and completes
     * with their concatenation as the reply's text: for tests that need the chunks to be a given
     * split, as LangChain's fake streaming model emits them.
     *
     * @param tokens computes the tokens of a reply; called more than once per request, so it must
     *     be a pure function
     * @return the model
     */
    public static ScriptedStreamingChatModel tokens(Function<ChatRequest, List<String>> tokens) {
        Objects.requireNonNull(tokens, "tokens");
        return new ScriptedStreamingChatModel(
                Script.function(r -> AiMessage.from(String.join("", tokens.apply(r)))), tokens);
    }

    @Override
    public void doChat(ChatRequest request, StreamingChatResponseHandler handler) {
        AiMessage reply;
        try {
            reply = script.next(request);
        } catch (RuntimeException e) {
            handler.onError(e);
            return;
        }
        tokens(reply.thinking()).forEach(t -> handler.onPartialThinking(new PartialThinking(t)));
        (pieces == null ? tokens(reply.text()) : pieces.apply(request)).forEach(handler::onPartialResponse);
        handler.onCompleteResponse(ChatResponse.builder().aiMessage(reply).build());
    }

    /**
     * The requests this model got, in order.
     *
     * @return a copy of the requests
     */
    public List<ChatRequest> requests() {
        return script.requests();
    }

    /** Splits text into words, each keeping the whitespace after it, so the tokens join back to it. */
    static List<String> tokens(String text) {
        List<String> out = new ArrayList<>();
        if (text == null) {
            return out;
        }
        int start = 0;
        for (int i = 1; i <= text.length(); i++) {
            boolean boundary = i == text.length()
                    || (Character.isWhitespace(text.charAt(i - 1)) && !Character.isWhitespace(text.charAt(i)));
            if (boundary) {
                out.add(text.substring(start, i));
                start = i;
            }
        }
        return out;
    }
}
