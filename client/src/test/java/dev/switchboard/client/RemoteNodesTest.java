package dev.switchboard.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.GraphOutput;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.StreamPart;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Remote graphs and A2A agents run from nodes of local graphs: their events reach the local stream,
 * their pauses pause the local run with the same question, a resume answers them, and nothing is
 * sent twice when the node runs again.
 */
class RemoteNodesTest {
    private static ServerJvm server;
    private static JsAgent tables;
    private static LangGraphClient client;

    @BeforeAll
    static void start() throws Exception {
        server = ServerJvm.start();
        client = LangGraphClient.builder(server.url()).build();
        tables = JsAgent.start();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
        if (tables != null) {
            tables.close();
        }
    }

    @Test
    void aRemoteGraphNodeStreamsPausesAndResumesOnItsOwnRemoteThread() {
        DeskGraph desk = DeskGraph.builder(new Desk(RemoteGraph.of(client, "writer")))
                .checkpointer(new MemorySaver())
                .build();
        RunConfig thread = RunConfig.thread("local-desk");
        List<StreamPart<Trip>> parts = desk.stream(TripUpdate.of().topic("cats"), thread, StreamMode.CUSTOM)
                .toList();
        assertEquals(
                List.of(new StreamPart.Custom<Trip>("research", Map.of("writing", "cats"))),
                parts,
                "the remote graph's custom event, from the calling node");
        assertEquals(
                Map.of("question", "publish cats?"),
                desk.getState(thread).interrupts().get(0).value(),
                "the local run paused with the remote graph's question");

        GraphOutput<Trip> done = desk.invoke(Command.resume("yes"), thread);
        assertEquals("yes", done.value().answer());
        assertEquals(
                List.of("[\"wrote cats\",\"reviewed\",\"published: yes\"]"),
                done.value().log());
        String remote = Remote.id("remote-graph", "local-desk", "", "research", "writer");
        assertEquals(
                2,
                client.runs().list(remote, 10, 0).size(),
                "one run for the input, one for the answer: the input was not sent again on resume");
        assertEquals(List.of(), client.threads().state(remote).next());
    }

    @Test
    void aRemoteGraphThatPausesUnderAStatelessRunSaysWhy() {
        DeskGraph desk =
                DeskGraph.builder(new Desk(RemoteGraph.of(client, "writer"))).build();
        Exception e =
                assertThrows(Exception.class, () -> desk.invoke(TripUpdate.of().topic("owls")));
        assertTrue(
                String.valueOf(e.getCause()).contains("runs without a thread to resume it on"),
                String.valueOf(e.getCause()));
    }

    @Test
    void anA2aNodeAsksTheAgentAndItsQuestionBecomesTheLocalInterrupt() {
        BookerGraph booker = BookerGraph.builder(
                        new Booker(A2aAgent.fromCard(tables.card()).connect()))
                .checkpointer(new MemorySaver())
                .build();
        RunConfig thread = RunConfig.thread("local-booker");
        GraphOutput<Trip> paused = booker.invoke(TripUpdate.of().topic("tonight"), thread);
        assertTrue(paused.paused());
        assertEquals("For how many people?", paused.interrupts().get(0).value());
        GraphOutput<Trip> done = booker.invoke(Command.resume("4"), thread);
        String conversation = Remote.id("a2a", "local-booker", "", "book", "Table agent");
        assertEquals(
                "Booked a table for 4 (context " + conversation + ").",
                done.value().answer());
    }
}
