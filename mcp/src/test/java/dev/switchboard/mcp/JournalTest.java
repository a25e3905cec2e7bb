package dev.switchboard.mcp;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.switchboard.langchain4j.AgentStateUpdate;
import dev.switchboard.langchain4j.Message;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * MCP tool calls are side effects journaled like any tool call: in a tools node retried after a
 * sibling call failed, the call that had finished (toggling the everything server's simulated
 * logging, which answers "Started" and "Stopped" in turn) is not made again.
 */
class JournalTest {
    private static ToolExecutionRequest call(String id, String tool, String arguments) {
        return ToolExecutionRequest.builder()
                .id(id)
                .name(tool)
                .arguments(arguments)
                .build();
    }

    @Test
    void aRetriedToolsNodeDoesNotCallAFinishedMcpToolAgain() {
        List<String> command = Everything.stdio();
        try (McpToolSet everything = McpToolSet.stdio(
                        command.get(0), command.subList(1, command.size()).toArray(String[]::new))
                .build()) {
            JournaledGraph graph = JournaledGraph.builder(new Journaled(everything))
                    .checkpointer(new MemorySaver())
                    .build();
            AiMessage asks = AiMessage.from(
                    call("c1", "toggle-simulated-logging", "{}"), call("c2", "get-sum", "{\"a\":\"two\"}"));
            assertThrows(
                    Exception.class,
                    () -> graph.invoke(
                            AgentStateUpdate.of().messages(List.of(Message.of(asks))), RunConfig.thread("j1")));
            // two attempts ran the node; had both toggled, logging would be off and this would start it
            String now = everything.execute(call("c3", "toggle-simulated-logging", "{}"));
            assertTrue(now.startsWith("Stopped simulated logging"), now);
        }
    }
}
