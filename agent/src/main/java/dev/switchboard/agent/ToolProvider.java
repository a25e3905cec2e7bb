package dev.switchboard.agent;

import java.util.List;

/**
 * Implemented by a {@code @Middleware} class that brings tools (as LangChain's middleware {@code
 * tools}): the generated middleware offers them to the model with the agent's own, and the agent's
 * {@code tools} node runs them.
 */
public interface ToolProvider {
    /**
     * The tools this middleware brings.
     *
     * @return the tools
     */
    List<AgentTool> tools();
}
