package dev.switchboard.agent;

import dev.langchain4j.data.message.AiMessage;
import dev.switchboard.langchain4j.Message;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What one model call gave: the model's reply, and with a response format the structured response
 * and the messages that record it. A {@code wrapModelCall} hook returns the response its handler gave,
 * or one it made ({@link #of(Message)}, to answer without calling the model). Immutable.
 */
public final class ModelResponse {
    private final Message reply;
    private final List<Message> messages;
    private final Object structuredResponse;
    private final boolean retry;

    ModelResponse(Message reply, List<Message> messages, Object structuredResponse, boolean retry) {
        this.reply = reply;
        this.messages = List.copyOf(messages);
        this.structuredResponse = structuredResponse;
        this.retry = retry;
    }

    /**
     * A response made of one AI message.
     *
     * @param reply the AI message, with an id or without (it then gets one)
     * @return the response
     * @throws IllegalArgumentException if the message is not an AI message
     */
    public static ModelResponse of(Message reply) {
        Objects.requireNonNull(reply, "reply");
        if (!(reply.chat() instanceof AiMessage)) {
            throw new IllegalArgumentException("a model response is an AI message, not " + reply);
        }
        return new ModelResponse(reply, List.of(reply), null, false);
    }

    /**
     * The model's reply.
     *
     * @return the AI message
     */
    public Message reply() {
        return reply;
    }

    /**
     * The messages this call writes to the conversation: the reply, and with a tool-strategy response
     * format the tool result that answers its structured-output call and a closing AI message (or the
     * error the model is asked to fix).
     *
     * @return the messages, the reply first
     */
    public List<Message> messages() {
        return messages;
    }

    /**
     * The structured response this call produced.
     *
     * @return the response, if the call produced one
     */
    public Optional<Object> structuredResponse() {
        return Optional.ofNullable(structuredResponse);
    }

    /** Whether the model must be called again, to fix a structured response that did not validate. */
    boolean retry() {
        return retry;
    }

    /**
     * This response with another reply (same structured response), as a hook that edits the model's
     * answer returns it.
     *
     * @param other the AI message
     * @return a new response
     */
    public ModelResponse withReply(Message other) {
        ModelResponse r = of(other);
        List<Message> rest = messages.subList(1, messages.size());
        return new ModelResponse(
                other,
                rest.isEmpty()
                        ? r.messages
                        : java.util.stream.Stream.concat(r.messages.stream(), rest.stream())
                                .toList(),
                structuredResponse,
                retry);
    }

    @Override
    public String toString() {
        return "ModelResponse[" + messages + (structuredResponse == null ? "" : ", " + structuredResponse) + "]";
    }
}
