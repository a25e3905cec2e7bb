package dev.switchboard.samples.protocols;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.switchboard.client.A2aAgent;
import dev.switchboard.client.A2aMessage;
import dev.switchboard.client.A2aTask;
import dev.switchboard.mcp.McpToolSet;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.samples.approval.ApprovalFlow;
import dev.switchboard.samples.approval.ApprovalFlowGraph;
import dev.switchboard.samples.approval.Decision;
import dev.switchboard.samples.approval.Writer;
import dev.switchboard.samples.quickstart.SupportDesk;
import dev.switchboard.samples.quickstart.SupportDeskGraph;
import dev.switchboard.server.SwitchboardServer;
import java.io.PrintStream;
import java.net.URI;
import java.util.Map;

/**
 * The samples' graphs served, then called the two ways other agents call them: as MCP tools (the
 * server's {@code /mcp} endpoint, here through {@link McpToolSet}, the same a ReAct agent would
 * use) and as A2A agents (the server's {@code /a2a/{assistant_id}}, through {@link A2aAgent}), the
 * approval workflow's review pause becoming an A2A task that asks for input. Any MCP or A2A client
 * works the same way (see README "MCP and A2A").
 */
public final class ProtocolsSample {
    private ProtocolsSample() {}

    /**
     * Serves the graphs on a free port and calls them.
     *
     * @param args none
     * @throws Exception if the server cannot start
     */
    public static void main(String[] args) throws Exception {
        System.exit(run(System.out));
    }

    static int run(PrintStream out) throws Exception {
        try (SwitchboardServer server = SwitchboardServer.builder()
                .graph("support", SupportDeskGraph.builder(new SupportDesk()))
                .graph("approval", ApprovalFlowGraph.builder(new ApprovalFlow(Writer.template(), published -> {})))
                .checkpointer(new MemorySaver())
                .port(0)
                .build()
                .start()) {
            mcp(server.url().resolve("/mcp"), out);
            a2a(server.url(), out);
        }
        return 0;
    }

    private static void mcp(URI endpoint, PrintStream out) {
        try (McpToolSet tools =
                McpToolSet.streamableHttp(endpoint).name("samples").build()) {
            out.println("MCP tools: "
                    + tools.specifications().stream().map(s -> s.name()).toList());
            String answer = tools.execute(ToolExecutionRequest.builder()
                    .id("call-1")
                    .name("support")
                    .arguments("{\"messages\":[\"I want a refund\"]}")
                    .build());
            out.println("MCP support: " + answer);
        }
    }

    private static void a2a(URI server, PrintStream out) {
        A2aAgent support = agent(server, "support");
        A2aTask answered = support.send(A2aMessage.text("How do I reset my password?"));
        out.println("A2A support: " + answered.state() + ": " + answered.text());

        A2aAgent approval = agent(server, "approval");
        A2aTask asking = approval.send(A2aMessage.data(Map.of("topic", "sealed types")));
        out.println("A2A approval: " + asking.state() + ", asking "
                + asking.statusData().get(0));
        A2aTask done = approval.send(A2aMessage.data(Decision.approve())
                .contextId(asking.contextId())
                .taskId(asking.id()));
        out.println("A2A approval: " + done.state() + ", status "
                + done.data().get(0).get("status"));
    }

    private static A2aAgent agent(URI server, String assistant) {
        return A2aAgent.fromCard(server.resolve("/.well-known/agent-card.json?assistant_id=" + assistant))
                .connect();
    }
}
