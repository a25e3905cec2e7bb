package dev.switchboard.mcp;

import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Retry;
import dev.switchboard.langchain4j.AgentState;
import dev.switchboard.langchain4j.AgentStateUpdate;
import dev.switchboard.langchain4j.ToolNode;
import dev.switchboard.runtime.NodeContext;

/**
 * A tools node over MCP tools that fails on the first failed call and is retried once: the journal
 * keeps the calls that finished from running again.
 */
public class Journaled {
    private final ToolNode tools;

    Journaled(McpToolSet set) {
        this.tools = ToolNode.builder(set).failOnError().build();
    }

    @Node
    @Edge(from = START)
    @Retry(maxAttempts = 2, initialIntervalMillis = 1, jitter = false)
    AgentStateUpdate tools(AgentState s, NodeContext ctx) {
        return AgentStateUpdate.of().messages(tools.run(s.messages(), ctx));
    }
}
