package dev.switchboard.samples.mcp;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.switchboard.langchain4j.AgentState;
import dev.switchboard.langchain4j.AgentStateUpdate;
import dev.switchboard.langchain4j.Message;
import dev.switchboard.langchain4j.ReactAgent;
import dev.switchboard.langchain4j.ReactAgentGraph;
import dev.switchboard.langchain4j.ScriptedChatModel;
import dev.switchboard.mcp.McpToolSet;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * A ReAct agent whose tools are those of an MCP server: the reference {@code everything} server
 * from npm, started with {@code npx} over stdio (another command line may be given as the
 * arguments). The model is a scripted offline one that asks for {@code get-sum} and {@code echo},
 * reads their results and answers; see README "MCP and A2A" to plug in a real provider.
 */
public final class McpAgentSample {
    /** The command that starts the everything server when none is given. */
    public static final List<String> EVERYTHING =
            List.of("npx", "-y", "@modelcontextprotocol/server-everything@2026.8.31", "stdio");

    private McpAgentSample() {}

    /**
     * Runs the agent once.
     *
     * @param args the MCP server's command line, or nothing for the everything server via npx
     */
    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        List<String> command = args.length == 0 ? EVERYTHING : List.of(args);
        try (McpToolSet everything = McpToolSet.stdio(
                        command.get(0), command.subList(1, command.size()).toArray(String[]::new))
                .name("everything")
                .include("get-sum", "echo")
                .build()) {
            out.println("tools: "
                    + everything.specifications().stream().map(s -> s.name()).toList());
            ReactAgentGraph agent = ReactAgent.create(
                            ScriptedChatModel.from(McpAgentSample::reply), everything, "Answer with the tools.")
                    .graph()
                    .build();
            AgentState done = agent.invoke(AgentStateUpdate.of().messages(List.of(Message.user("What is 12 + 30?"))))
                    .value();
            for (Message m : done.messages()) {
                out.println(line(m.chat()));
            }
            return 0;
        }
    }

    private static String line(ChatMessage m) {
        if (m instanceof UserMessage u) {
            return "user: " + u.singleText();
        }
        if (m instanceof ToolExecutionResultMessage t) {
            return "tool " + t.toolName() + ": " + t.text();
        }
        AiMessage ai = (AiMessage) m;
        return ai.hasToolExecutionRequests()
                ? "assistant calls: "
                        + ai.toolExecutionRequests().stream()
                                .map(r -> r.name() + " " + r.arguments())
                                .toList()
                : "assistant: " + ai.text();
    }

    /** The offline model: for a question, two tool calls; with their results, an answer. */
    private static AiMessage reply(ChatRequest request) {
        List<ChatMessage> messages = request.messages();
        if (messages.get(messages.size() - 1) instanceof UserMessage) {
            return AiMessage.from(
                    call("call-1", "get-sum", "{\"a\":12,\"b\":30}"), call("call-2", "echo", "{\"message\":\"done\"}"));
        }
        List<String> results = new ArrayList<>();
        for (ChatMessage m : messages) {
            if (m instanceof ToolExecutionResultMessage t) {
                results.add(t.text());
            }
        }
        return AiMessage.from("The server says: " + String.join(" / ", results));
    }

    private static ToolExecutionRequest call(String id, String name, String arguments) {
        return ToolExecutionRequest.builder()
                .id(id)
                .name(name)
                .arguments(arguments)
                .build();
    }
}
