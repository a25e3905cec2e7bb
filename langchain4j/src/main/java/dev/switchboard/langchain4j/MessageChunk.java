package dev.switchboard.langchain4j;

/**
 * One streamed piece of a model's reply, as a {@link ModelNode} sends it to the {@code MESSAGES}
 * stream mode: the id of the message it belongs to (the id the finished message gets in state), and
 * a token of its text or of its thinking. The stream part around it carries LangGraph's metadata:
 * node, step, task id, triggers and namespace.
 *
 * @param messageId the id of the reply this chunk is part of
 * @param text the token
 * @param thinking {@code true} for a token of the model's thinking rather than its answer
 */
public record MessageChunk(String messageId, String text, boolean thinking) {}
