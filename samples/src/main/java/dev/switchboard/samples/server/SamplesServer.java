package dev.switchboard.samples.server;

import dev.switchboard.samples.agent.AgentSample;
import dev.switchboard.samples.approval.ApprovalFlow;
import dev.switchboard.samples.approval.ApprovalFlowGraph;
import dev.switchboard.samples.approval.Writer;
import dev.switchboard.samples.desk.DeskTeam;
import dev.switchboard.samples.desk.RefundDesk;
import dev.switchboard.samples.functional.EssayWriter;
import dev.switchboard.samples.functional.EssayWriterWorkflow;
import dev.switchboard.samples.mapreduce.ChapterDigest;
import dev.switchboard.samples.mapreduce.ChapterDigestGraph;
import dev.switchboard.samples.mapreduce.Summarizer;
import dev.switchboard.samples.quickstart.SupportDesk;
import dev.switchboard.samples.quickstart.SupportDeskGraph;
import dev.switchboard.server.SwitchboardServer;
import java.util.concurrent.CountDownLatch;

/**
 * Serves the samples' graphs over LangGraph Server's HTTP API on 127.0.0.1 (port 2024, or the
 * first argument), checkpoints, threads and runs in {@code switchboard-server.db} (or the JDBC URL in
 * {@code SWITCHBOARD_DATABASE_URL}; PostgreSQL needs its driver on the classpath): {@code support} (the quickstart's
 * support desk), {@code approval} (the human-in-the-loop review, which interrupts for a decision),
 * {@code digest} (the map-reduce summarizer), {@code agent} (the LangChain4j ReAct agent on its
 * offline model: Studio shows its chat transcript, tokens streaming in), {@code desk} (the refund
 * desk agent with middleware: its refund review is LangChain's HITL interrupt, which agent-chat-ui's
 * approval UI shows), {@code team} (the desk behind a front-desk supervisor) and {@code essay} (the
 * functional API sample: its input is a bare topic, it pauses for a review). Drive it with {@code @langchain/langgraph-sdk} or
 * curl, or open Studio at {@code /studio/}; Ctrl-C stops it. With {@code SWITCHBOARD_WEBSOCKETS=true} it
 * also takes the thread protocol over WebSockets ({@code client.threads.stream({assistantId,
 * transport: "websocket"})}).
 */
public final class SamplesServer {
    private SamplesServer() {}

    public static void main(String[] args) throws Exception {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 2024;
        SwitchboardServer server = SwitchboardServer.builder()
                .graph("support", SupportDeskGraph.builder(new SupportDesk()))
                .graph("approval", ApprovalFlowGraph.builder(new ApprovalFlow(Writer.template(), published -> {})))
                .graph("digest", ChapterDigestGraph.builder(new ChapterDigest(Summarizer.firstSentence())))
                .graph("agent", AgentSample.offlineAgent().graph())
                .graph("desk", RefundDesk.offlineBuilder())
                .graph("team", DeskTeam.offlineBuilder())
                .graph("essay", EssayWriterWorkflow.builder(new EssayWriter(paragraph -> {})))
                .database(System.getenv().getOrDefault("SWITCHBOARD_DATABASE_URL", "jdbc:sqlite:switchboard-server.db"))
                .port(port)
                // SWITCHBOARD_WEBSOCKETS=true: the thread protocol's WebSocket transport as well
                .webSockets(Boolean.parseBoolean(System.getenv("SWITCHBOARD_WEBSOCKETS")))
                .build()
                .start();
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            stopped.countDown();
        }));
        System.out.println("Switchboard server on " + server.url()
                + " serving graphs support, approval, digest, agent, desk, team, essay");
        System.out.println("Studio: " + server.url() + "/studio/");
        System.out.println("try: curl -s " + server.url() + "/runs/wait -H 'Content-Type: application/json'"
                + " -d '{\"assistant_id\":\"support\",\"input\":{\"messages\":[\"I want a refund\"]}}'");
        stopped.await();
    }
}
