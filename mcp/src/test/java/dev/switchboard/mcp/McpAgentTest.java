package dev.switchboard.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.switchboard.checkpoint.jdbc.JdbcSaver;
import dev.switchboard.checkpoint.jdbc.SqliteSaver;
import dev.switchboard.langchain4j.AgentState;
import dev.switchboard.langchain4j.AgentStateUpdate;
import dev.switchboard.langchain4j.Message;
import dev.switchboard.langchain4j.ReactAgent;
import dev.switchboard.langchain4j.ReactAgentGraph;
import dev.switchboard.langchain4j.ScriptedChatModel;
import dev.switchboard.langchain4j.ToolSet;
import dev.switchboard.runtime.RunConfig;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The prebuilt ReAct agent on the everything server's tools, checkpointed in SQLite: the model
 * is offered the server's tools, two calls run in parallel, a call with bad arguments comes back as
 * an error result the model reads, and the results are in the thread's stored state.
 */
class McpAgentTest {
    @TempDir
    Path dir;

    private static ToolExecutionRequest call(String id, String tool, String arguments) {
        return ToolExecutionRequest.builder()
                .id(id)
                .name(tool)
                .arguments(arguments)
                .build();
    }

    @Test
    void anAgentCallsTheServersToolsAndReadsTheirErrors() {
        List<String> command = Everything.stdio();
        try (McpToolSet everything = McpToolSet.stdio(
                                command.get(0),
                                command.subList(1, command.size()).toArray(String[]::new))
                        .include("echo", "get-sum")
                        .build();
                JdbcSaver saver = SqliteSaver.file(dir.resolve("agent.db"))) {
            ScriptedChatModel model = ScriptedChatModel.of(
                    AiMessage.from(
                            call("c1", "get-sum", "{\"a\":40,\"b\":2}"), call("c2", "echo", "{\"message\":\"hi\"}")),
                    AiMessage.from(call("c3", "get-sum", "{\"a\":\"forty\"}")),
                    AiMessage.from("40 + 2 = 42"));
            ReactAgentGraph agent = ReactAgent.create(model, everything, "Use the tools.")
                    .graph()
                    .checkpointer(saver)
                    .build();
            RunConfig thread = RunConfig.thread("mcp-agent");
            AgentState out = agent.invoke(
                            AgentStateUpdate.of().messages(List.of(Message.user("What is 40 + 2?"))), thread)
                    .value();

            assertEquals(
                    List.of("echo", "get-sum"),
                    model.requests().get(0).toolSpecifications().stream()
                            .map(ToolSpecification::name)
                            .sorted()
                            .toList());
            List<Message> messages = agent.getState(thread).values().messages();
            assertEquals(out.messages(), messages);
            assertEquals(
                    ToolExecutionResultMessage.from("c1", "get-sum", "The sum of 40 and 2 is 42."),
                    messages.get(2).chat());
            assertEquals(
                    ToolExecutionResultMessage.from("c2", "echo", "Echo: hi"),
                    messages.get(3).chat());
            ToolExecutionResultMessage refused =
                    (ToolExecutionResultMessage) messages.get(5).chat();
            assertEquals(Boolean.TRUE, refused.isError());
            assertTrue(refused.text().contains("Input validation error"), refused.text());
            assertEquals(refused, model.requests().get(2).messages().get(6), "the model read the error");
            assertEquals(AiMessage.from("40 + 2 = 42"), messages.get(6).chat());
        }
    }

    @Test
    void combinedWithOtherToolsTheModelSeesBothAndEachCallGoesToItsOwner() throws Exception {
        List<String> command = Everything.stdio();
        try (McpToolSet everything = McpToolSet.stdio(
                        command.get(0), command.subList(1, command.size()).toArray(String[]::new))
                .include("echo")
                .prefix("mcp_")
                .build()) {
            ToolSet local = new ToolSet() {
                @Override
                public List<ToolSpecification> specifications() {
                    return List.of(ToolSpecification.builder().name("now").build());
                }

                @Override
                public String execute(ToolExecutionRequest request) {
                    return "noon";
                }
            };
            ToolSet both = ToolSet.combine(local, everything);
            assertEquals(
                    List.of("now", "mcp_echo"),
                    both.specifications().stream().map(ToolSpecification::name).toList());
            assertEquals("noon", both.execute(call("a", "now", "{}")));
            assertEquals("Echo: x", both.execute(call("b", "mcp_echo", "{\"message\":\"x\"}")));
        }
    }
}
