package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.server.fixtures.EchoChat;
import dev.switchboard.server.fixtures.EchoChatGraph;
import dev.switchboard.server.fixtures.Gated;
import dev.switchboard.server.fixtures.GatedGraph;
import dev.switchboard.server.fixtures.Notes;
import dev.switchboard.server.fixtures.NotesGraph;
import dev.switchboard.server.wire.Json;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The server's A2A endpoints through the official A2A JS SDK: its v1.0 client, found by the agent
 * card, and its v0.3 JSON-RPC transport. A graph with typed input takes a data part and answers a
 * data artifact; one with messages takes text and answers text with the conversation as history;
 * an interrupt is {@code input-required}, answered by a message to the same task; tasks are read,
 * streamed, refused when finished, and not cancelable once their run ended.
 */
class A2aEndpointTest {
    private static SwitchboardServer server;
    private static JsonNode out;

    @BeforeAll
    static void start() throws Exception {
        Gated.GATE.drainPermits(); // the gated graph's second step waits until the tests end
        server = SwitchboardServer.builder()
                .graph("notes", NotesGraph.builder(new Notes()))
                .graph("chat", EchoChatGraph.builder(new EchoChat()))
                .graph("gated", GatedGraph.builder(new Gated()))
                .checkpointer(new MemorySaver())
                .port(0)
                .build()
                .start();
        List<String> lines = ProtocolClients.node("a2a-client.mjs", server.url().toString());
        assertEquals(1, lines.size(), () -> lines + "; see target/protocols/node.err.log");
        out = Json.parse(lines.get(0));
    }

    @AfterAll
    static void stop() {
        Gated.GATE.release(); // the canceled run's step ends; nothing of it is committed
        if (server != null) {
            server.close();
        }
    }

    private static JsonNode json(String text) {
        return Json.parse(text);
    }

    @Test
    void theCardDescribesTheGraphWithItsGeneratedSchemas() {
        JsonNode card = out.get("card");
        assertEquals("notes", card.get("name").asString());
        assertEquals(
                "Writes a short note about a topic and publishes it, asking first when told to.",
                card.get("description").asString());
        JsonNode iface = card.get("supportedInterfaces").get(0);
        assertTrue(
                iface.get("url")
                        .asString()
                        .startsWith(server.url().resolve("/a2a/").toString()),
                iface.toString());
        assertEquals("JSONRPC", iface.get("protocolBinding").asString());
        assertEquals("1.0", iface.get("protocolVersion").asString());
        assertEquals(json("[\"application/json\"]"), card.get("defaultInputModes"));
        JsonNode schemas = card.get("capabilities").get("extensions").get(0).get("params");
        assertEquals(Json.parse(NotesGraph.INPUT_JSON_SCHEMA), schemas.get("input_schema"));
        assertEquals(Json.parse(NotesGraph.OUTPUT_JSON_SCHEMA), schemas.get("output_schema"));
        assertEquals("notes", card.get("skills").get(0).get("id").asString());
    }

    @Test
    void aDataPartRunsTheGraphAndItsOutputIsTheArtifact() {
        JsonNode done = out.get("done");
        assertEquals("TASK_STATE_COMPLETED", done.get("state").asString());
        assertEquals(
                json("[[{\"data\":{\"text\":\"A note about tea.\",\"verdict\":\"published\"}}]]"),
                done.get("artifacts"));
        assertTrue(done.get("id").asString().startsWith(done.get("contextId").asString() + ":"));
    }

    @Test
    void anInterruptIsInputRequiredAndAnsweredInTheSameTask() {
        JsonNode asking = out.get("asking");
        assertEquals("TASK_STATE_INPUT_REQUIRED", asking.get("state").asString());
        assertEquals(
                json("[{\"text\":\"{\\\"question\\\":\\\"publish the note about cats?\\\"}\"},"
                        + "{\"data\":{\"question\":\"publish the note about cats?\"}}]"),
                asking.get("status"));
        JsonNode answered = out.get("answered");
        assertEquals(asking.get("id"), answered.get("id"));
        assertEquals("TASK_STATE_COMPLETED", answered.get("state").asString());
        assertEquals(
                json("[[{\"data\":{\"text\":\"A note about cats.\",\"verdict\":\"published after review: yes\"}}]]"),
                answered.get("artifacts"));
        assertEquals(answered, out.get("got"), "GetTask reads the same task");
        assertTrue(
                out.get("again").get("error").asString().contains("takes no more messages"),
                out.get("again").toString());
        assertTrue(
                out.get("cancel").get("error").asString().contains("cannot be canceled"),
                out.get("cancel").toString());
        assertTrue(
                out.get("resubscribeEnded").get("error").asString().contains("no stream to follow"),
                out.get("resubscribeEnded").toString());
        assertTrue(
                out.get("missing").get("error").asString().contains("not found"),
                out.get("missing").toString());
    }

    @Test
    void aTaskWhoseRunIsGoingIsCanceled() {
        assertEquals("TASK_STATE_WORKING", out.get("going").get("state").asString(), out.toString());
        assertEquals(
                json("[\"task\"," + out.get("going").get("id") + ",\"TASK_STATE_WORKING\"]"),
                out.get("resubscribed"),
                "SubscribeToTask follows the running task again, from what it is now");
        JsonNode canceled = out.get("canceled");
        assertEquals("TASK_STATE_CANCELED", canceled.path("state").asString(), canceled.toString());
        assertEquals(out.get("going").get("id"), canceled.get("id"));
        assertEquals(canceled, out.get("canceledGot"), "GetTask reads it canceled");
    }

    @Test
    void textIsForGraphsWithMessagesWhichAnswerTextWithTheirHistory() {
        assertTrue(
                out.get("text").get("error").asString().contains("takes no text: send one data part"),
                out.get("text").toString());
        JsonNode chat = out.get("chat2");
        assertEquals("TASK_STATE_COMPLETED", chat.get("state").asString());
        assertEquals(json("[[{\"text\":\"echo: again\"}]]"), chat.get("artifacts"));
        assertEquals(out.get("chat").get("contextId"), chat.get("contextId"), "one conversation, one thread");
        assertEquals(
                json("[[\"user\",{\"text\":\"hello\"}],[\"agent\",{\"text\":\"echo: hello\"}],"
                        + "[\"user\",{\"text\":\"again\"}],[\"agent\",{\"text\":\"echo: again\"}]]"),
                chat.get("history"));
    }

    @Test
    void aStreamedTaskSendsItsStatesAndArtifact() {
        assertEquals(
                json("[[\"task\",\"TASK_STATE_SUBMITTED\"],[\"statusUpdate\",\"TASK_STATE_WORKING\"],"
                        + "[\"artifactUpdate\",\"artifact\"],[\"statusUpdate\",\"TASK_STATE_COMPLETED\"]]"),
                out.get("stream"));
    }

    @Test
    void aStreamedMessageAnswersATaskWaitingForInput() {
        String id = out.get("waitingId").asString();
        assertEquals(
                json("[[\"task\",\"" + id + "\",\"TASK_STATE_SUBMITTED\"],"
                        + "[\"statusUpdate\",\"" + id + "\",\"TASK_STATE_WORKING\"],"
                        + "[\"artifactUpdate\",\"" + id + "\","
                        + "[{\"data\":{\"text\":\"A note about wasps.\",\"verdict\":\"published after review: fine\"}}]],"
                        + "[\"statusUpdate\",\"" + id + "\",\"TASK_STATE_COMPLETED\"]]"),
                out.get("answeredStream"));
    }

    @Test
    void aStreamedConversationSendsWhatTheAgentSaysAsItRuns() {
        assertEquals(
                json("[[\"task\",\"TASK_STATE_SUBMITTED\"],[\"statusUpdate\",\"TASK_STATE_WORKING\"],"
                        + "[\"statusUpdate\",\"TASK_STATE_WORKING\",{\"text\":\"echo: stream this\"}],"
                        + "[\"artifactUpdate\",\"artifact\"],[\"statusUpdate\",\"TASK_STATE_COMPLETED\"]]"),
                out.get("chatStream"));
    }

    @Test
    void version03MethodsAreAnsweredInVersion03Spelling() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        String send = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"message/send\",\"params\":{\"message\":{"
                + "\"kind\":\"message\",\"messageId\":\"m1\",\"role\":\"user\",\"parts\":[{\"kind\":\"data\","
                + "\"data\":{\"topic\":\"elk\",\"ask\":true}}]}}}";
        JsonNode task = Json.parse(http.send(
                                HttpRequest.newBuilder(server.url().resolve("/a2a/notes"))
                                        .header("Content-Type", "application/json")
                                        .POST(HttpRequest.BodyPublishers.ofString(send))
                                        .build(),
                                HttpResponse.BodyHandlers.ofString())
                        .body())
                .get("result");
        assertEquals("task", task.get("kind").asString());
        assertEquals("input-required", task.get("status").get("state").asString());
        assertEquals("agent", task.get("status").get("message").get("role").asString());
        assertEquals(
                "data",
                task.get("status")
                        .get("message")
                        .get("parts")
                        .get(1)
                        .get("kind")
                        .asString());
        JsonNode card = Json.parse(http.send(
                        HttpRequest.newBuilder(server.url().resolve("/.well-known/agent-card.json?assistant_id=notes"))
                                .header("A2A-Version", "0.3")
                                .build(),
                        HttpResponse.BodyHandlers.ofString())
                .body());
        assertEquals("0.3.0", card.get("protocolVersion").asString());
        assertEquals("JSONRPC", card.get("preferredTransport").asString());
    }

    @Test
    void aVersion03StreamSendsTheSameEvents() {
        assertEquals(
                json("[[\"task\",\"TASK_STATE_SUBMITTED\"],[\"statusUpdate\",\"TASK_STATE_WORKING\"],"
                        + "[\"statusUpdate\",\"TASK_STATE_WORKING\",{\"text\":\"echo: old stream\"}],"
                        + "[\"artifactUpdate\",\"artifact\"],[\"statusUpdate\",\"TASK_STATE_COMPLETED\"]]"),
                out.get("v03stream"));
    }

    @Test
    void aVersion03ClientIsAnsweredInItsOwnSpelling() {
        assertEquals("TASK_STATE_INPUT_REQUIRED", out.get("v03").get("state").asString());
        assertEquals("TASK_STATE_COMPLETED", out.get("v03done").get("state").asString());
        assertEquals(
                json("[[{\"data\":{\"text\":\"A note about owls.\",\"verdict\":\"published after review: sure\"}}]]"),
                out.get("v03done").get("artifacts"));
    }
}
