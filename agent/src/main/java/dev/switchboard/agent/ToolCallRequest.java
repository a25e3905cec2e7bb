package dev.switchboard.agent;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.switchboard.runtime.NodeContext;
import java.util.Objects;
import java.util.Optional;

/**
 * One tool call as a {@code wrapToolCall} hook and a tool see it: the model's call (name, JSON
 * arguments, id), the agent's tool of that name if it has one, and the {@code tools} task's context
 * (run config, run context, store, stream writer, {@code interrupt}), and the agent's state as the
 * step that runs the call began ({@link #state()}). Each call runs as a task of its own (a {@code
 * Send}) that stores only the call; the state is read when a hook asks for it, so pending calls cost
 * no copy of the conversation in a checkpoint. Immutable.
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
     * The agent's state as the superstep that runs this call began: the conversation up to and
     * including the AI message that made the call, and the middleware's state components (read
     * them with {@link AgentState#get}). A wrapToolCall hook reads it to decide from the
     * conversation or from its own state (as LangChain's {@code request.state}).
     *
     * @return the state
     * @throws IllegalStateException when the request was made outside a run's tools step
     */
    @SuppressWarnings("unchecked") // the agent's graph reads its state as AgentState
    public AgentState<?> state() {
        if (context == null) {
            throw new IllegalStateException("this tool call request has no run context to read the state from");
        }
        return (AgentState<Object>) context.state();
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
