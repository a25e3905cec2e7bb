package dev.switchboard.langchain4j;

import dev.switchboard.runtime.serde.WireValue;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * One streamed piece of a model's reply, as a {@link ModelNode} sends it to the {@code MESSAGES}
 * stream mode: the id of the message it belongs to (the id the finished message gets in state), and
 * a token of its text or of its thinking. The stream part around it carries LangGraph's metadata:
 * node, step, task id, triggers and namespace. LangGraph's clients see it as an {@code
 * AIMessageChunk} ({@link LangGraphMessageJson#chunk}).
 *
 * @param messageId the id of the reply this chunk is part of
 * @param text the token
 * @param thinking {@code true} for a token of the model's thinking rather than its answer
 */
public record MessageChunk(String messageId, String text, boolean thinking) implements WireValue {
    @Override
    public JsonNode toWire(JsonNodeFactory nodes) {
        return LangGraphMessageJson.chunk(this);
    }
}
