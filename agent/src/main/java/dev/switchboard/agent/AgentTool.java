package dev.switchboard.agent;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.switchboard.langchain4j.ToolSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A tool an agent can run: its specification, sent to the model, and its execution. Most tools come
 * from a {@link ToolSet} ({@link #of(ToolSet)}, e.g. the dispatcher the processor generates for an
 * {@code @Tools} class), whose results are text. Implement this to return more than text: writes to
 * the agent's state ({@link ToolResult#withUpdate}) or a handoff ({@link ToolResult#toParent}).
 */
public interface AgentTool {
    /**
     * The tool's specification: name, description and JSON schema of the arguments.
     *
     * @return the specification
     */
    ToolSpecification specification();

    /**
     * Runs one call.
     *
     * @param request the call, with the task's context
     * @return the result
     * @throws Exception when the tool fails; the agent reports it to the model as an error result
     */
    ToolResult execute(ToolCallRequest request) throws Exception;

    /**
     * Whether the agent ends right after this tool ran, with its result as the last message (LangChain's
     * {@code returnDirect}). An error result does not end it: the model reads it and may try again.
     *
     * @return {@code true} to end after it
     */
    default boolean returnDirect() {
        return false;
    }

    /**
     * The tools of a tool set, one per specification, each executing through the set.
     *
     * @param tools the tool set
     * @return the tools, in the set's order
     */
    static List<AgentTool> of(ToolSet tools) {
        Objects.requireNonNull(tools, "tools");
        List<AgentTool> out = new ArrayList<>();
        for (ToolSpecification spec : tools.specifications()) {
            out.add(new AgentTool() {
                @Override
                public ToolSpecification specification() {
                    return spec;
                }

                @Override
                public ToolResult execute(ToolCallRequest request) throws Exception {
                    ToolExecutionRequest call = request.call();
                    return ToolResult.of(call, tools.execute(call));
                }

                @Override
                public String toString() {
                    return "AgentTool[" + spec.name() + "]";
                }
            });
        }
        return List.copyOf(out);
    }
}
