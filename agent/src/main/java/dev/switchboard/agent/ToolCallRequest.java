package dev.switchboard.agent;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.switchboard.runtime.NodeContext;
import java.util.Objects;
import java.util.Optional;

/**
 * One tool call as a {@code wrapToolCall} hook and a tool see it: the model's call (name, JSON
 * arguments, id), the agent's tool of that name if it has one, and the {@code tools} task's context
 * (run config, run context, store, stream writer, {@code interrupt}). Each call runs as a task of its
 * own (a {@code Send}), which carries only the call, so the agent's state is not part of the request.
 * Immutable.
 */
public final class ToolCallRequest {
    private final ToolExecutionRequest call;
    private final AgentTool tool;
    private final NodeContext context;

    ToolCallRequest(ToolExecutionRequest call, AgentTool tool, NodeContext context) {
        this.call = Objects.requireNonNull(call, "call");
        this.tool = tool;
        this.context = context;
    }

    /**
     * The model's call.
     *
     * @return the call: tool name, JSON arguments and id
     */
    public ToolExecutionRequest call() {
        return call;
    }

    /**
     * The agent's tool the call names.
     *
     * @return the tool, or empty when the agent has none of that name
     */
    public Optional<AgentTool> tool() {
        return Optional.ofNullable(tool);
    }

    /**
     * The {@code tools} task's context.
     *
     * @return the context
     */
    public NodeContext context() {
        return context;
    }

    /**
     * This request with another call (edited arguments, another tool), keeping the call's id.
     *
     * @param other the call
     * @param otherTool the tool it names, or {@code null} to run it as the agent's tool of that name
     * @return a new request
     */
    public ToolCallRequest withCall(ToolExecutionRequest other, AgentTool otherTool) {
        return new ToolCallRequest(other, otherTool, context);
    }

    @Override
    public String toString() {
        return "ToolCallRequest[" + call + "]";
    }
}
