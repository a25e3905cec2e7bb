package dev.switchboard.agent;

import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.switchboard.langchain4j.ModelNode;
import dev.switchboard.runtime.NodeContext;
import java.util.Objects;

/**
 * The chat model an agent calls: a LangChain4j {@link ChatModel}, or a {@link StreamingChatModel}
 * whose tokens go to the {@code MESSAGES} stream mode. A {@link ModelRequest} carries one, and a
 * middleware may swap it ({@code request.withModel(other)}, as the model fallback does). Immutable.
 */
public final class AgentModel {
    private final Object model;
    private final ModelNode node;

    private AgentModel(Object model, ModelNode node) {
        this.model = model;
        this.node = node;
    }

    /**
     * A blocking model.
     *
     * @param model the model
     * @return the agent's model
     */
    public static AgentModel of(ChatModel model) {
        return new AgentModel(model, ModelNode.builder(model).build());
    }

    /**
     * A streaming model: its tokens reach the {@code MESSAGES} stream mode.
     *
     * @param model the model
     * @return the agent's model
     */
    public static AgentModel of(StreamingChatModel model) {
        return new AgentModel(model, ModelNode.builder(model).build());
    }

    /**
     * The LangChain4j model this wraps.
     *
     * @return a {@link ChatModel} or a {@link StreamingChatModel}
     */
    public Object model() {
        return model;
    }

    /**
     * Whether the model can answer in a JSON schema of the caller's choice (LangChain4j's {@link
     * Capability#RESPONSE_FORMAT_JSON_SCHEMA}): then a response format uses the provider's native
     * structured output unless told otherwise.
     *
     * @return whether the provider strategy is available
     */
    public boolean supportsJsonSchema() {
        return node.capabilities().contains(Capability.RESPONSE_FORMAT_JSON_SCHEMA);
    }

    ChatResponse chat(ChatRequest request, String messageId, NodeContext ctx) {
        return node.chat(request, messageId, ctx);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof AgentModel m && m.model == model;
    }

    @Override
    public int hashCode() {
        return System.identityHashCode(model);
    }

    @Override
    public String toString() {
        return "AgentModel[" + Objects.toString(model) + "]";
    }
}
