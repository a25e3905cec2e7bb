package dev.switchboard.langchain4j;

/**
 * A model replied with something a conversation cannot take: an {@code AiMessage} with neither
 * text nor tool execution requests, or with two tool calls under one id. Thrown by {@link
 * ModelNode}, so the node's retry policy applies (asking again often helps); without one the run
 * fails with it as the cause.
 */
public final class ModelResponseException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message what was wrong with the reply
     */
    public ModelResponseException(String message) {
        super(message);
    }
}
