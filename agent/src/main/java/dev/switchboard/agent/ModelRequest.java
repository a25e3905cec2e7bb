package dev.switchboard.agent;

import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.chat.request.ToolChoice;
import dev.switchboard.langchain4j.Message;
import dev.switchboard.runtime.NodeContext;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One model call as a {@code wrapModelCall} hook sees it: the model, the conversation sent (without
 * the system prompt), the system prompt, the tools offered and the tool choice, with the agent's
 * state and the node's context. A hook passes it on, changed with the {@code with...} methods, to the
 * handler it was given. Changes are local to the call: nothing here is written to the state.
 * Immutable.
 */
public final class ModelRequest {
    private final AgentModel model;
    private final List<Message> messages;
    private final String systemPrompt;
    private final List<ToolSpecification> tools;
    private final ToolChoice toolChoice;
    private final AgentState<?> state;
    private final NodeContext context;

    ModelRequest(
            AgentModel model,
            List<Message> messages,
            String systemPrompt,
            List<ToolSpecification> tools,
            ToolChoice toolChoice,
            AgentState<?> state,
            NodeContext context) {
        this.model = Objects.requireNonNull(model, "model");
        this.messages = List.copyOf(messages);
        this.systemPrompt = systemPrompt;
        this.tools = List.copyOf(tools);
        this.toolChoice = toolChoice;
        this.state = state;
        this.context = context;
    }

    /**
     * The model to call.
     *
     * @return the model
     */
    public AgentModel model() {
        return model;
    }

    /**
     * The conversation sent to the model, without the system prompt.
     *
     * @return the messages
     */
    public List<Message> messages() {
        return messages;
    }

    /**
     * The system prompt sent first, never stored.
     *
     * @return the prompt, if any
     */
    public Optional<String> systemPrompt() {
        return Optional.ofNullable(systemPrompt);
    }

    /**
     * The tools offered to the model.
     *
     * @return their specifications
     */
    public List<ToolSpecification> tools() {
        return tools;
    }

    /**
     * Whether the model must, may or must not call tools; empty for the provider's default.
     *
     * @return the tool choice, if set
     */
    public Optional<ToolChoice> toolChoice() {
        return Optional.ofNullable(toolChoice);
    }

    /**
     * The agent's state when the call began.
     *
     * @return the state
     */
    public AgentState<?> state() {
        return state;
    }

    /**
     * The {@code model_request} node's context: run config, run context, store, stream writer.
     *
     * @return the context
     */
    public NodeContext context() {
        return context;
    }

    /**
     * This request with another model.
     *
     * @param other the model
     * @return a new request
     */
    public ModelRequest withModel(AgentModel other) {
        return new ModelRequest(other, messages, systemPrompt, tools, toolChoice, state, context);
    }

    /**
     * This request with another blocking model.
     *
     * @param other the model
     * @return a new request
     */
    public ModelRequest withModel(ChatModel other) {
        return withModel(AgentModel.of(other));
    }

    /**
     * This request with another streaming model.
     *
     * @param other the model
     * @return a new request
     */
    public ModelRequest withModel(StreamingChatModel other) {
        return withModel(AgentModel.of(other));
    }

    /**
     * This request with another conversation.
     *
     * @param other the messages to send
     * @return a new request
     */
    public ModelRequest withMessages(List<Message> other) {
        return new ModelRequest(model, other, systemPrompt, tools, toolChoice, state, context);
    }

    /**
     * This request with another system prompt.
     *
     * @param prompt the prompt, or {@code null} for none
     * @return a new request
     */
    public ModelRequest withSystemPrompt(String prompt) {
        return new ModelRequest(model, messages, prompt, tools, toolChoice, state, context);
    }

    /**
     * This request with other tools offered. A tool the agent does not know can be offered only if a
     * {@code wrapToolCall} hook runs it.
     *
     * @param specifications the tools' specifications
     * @return a new request
     */
    public ModelRequest withTools(List<ToolSpecification> specifications) {
        return new ModelRequest(model, messages, systemPrompt, specifications, toolChoice, state, context);
    }

    /**
     * This request with another tool choice.
     *
     * @param choice the choice, or {@code null} for the provider's default
     * @return a new request
     */
    public ModelRequest withToolChoice(ToolChoice choice) {
        return new ModelRequest(model, messages, systemPrompt, tools, choice, state, context);
    }

    @Override
    public String toString() {
        return "ModelRequest[model=" + model + ", messages=" + messages.size() + ", tools="
                + tools.stream().map(ToolSpecification::name).toList() + "]";
    }
}
