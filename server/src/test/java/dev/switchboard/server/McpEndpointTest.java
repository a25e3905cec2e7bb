package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.server.fixtures.EchoChat;
import dev.switchboard.server.fixtures.EchoChatGraph;
import dev.switchboard.server.fixtures.Notes;
import dev.switchboard.server.fixtures.NotesGraph;
import dev.switchboard.server.http.ApiHandler;
import dev.switchboard.server.http.ApiRequest;
import dev.switchboard.server.http.ApiResponse;
import dev.switchboard.server.wire.Json;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The server's {@code /mcp} endpoint (Streamable HTTP, no sessions, each assistant a tool) through
 * the official MCP TypeScript SDK's client and the MCP Inspector's CLI, on a server with bearer
 * tokens: the tool's schemas are the graph's generated ones, a call answers the run's output, bad
 * arguments and a failed run are tool errors the model reads, a pause is a tool error naming the
 * thread, an unknown tool a JSON-RPC error, and the call's thread belongs to the caller.
 */
class McpEndpointTest {
    private static final Map<String, String> USERS = Map.of("token-ana", "ana", "token-bo", "bo");
    private static SwitchboardServer server;
    private static String mcp;

    @BeforeAll
    static void start() throws Exception {
        server = SwitchboardServer.builder()
                .graph("notes", NotesGraph.builder(new Notes()))
                .graph("chat", EchoChatGraph.builder(new EchoChat()))
                .checkpointer(new MemorySaver())
                .authenticator(token -> Optional.ofNullable(USERS.get(token)))
                .port(0)
                .build()
                .start();
        mcp = server.url().resolve("/mcp").toString();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    /** The tool of that name in a tools list. */
    private static JsonNode named(JsonNode tools, String name) {
        for (JsonNode t : tools) {
            if (name.equals(t.path("name").asString())) {
                return t;
            }
        }
        throw new AssertionError("no tool " + name + " in " + tools);
    }

    private static JsonNode json(String text) {
        return Json.parse(text);
    }

    @Test
    void theSdkClientListsTheGraphAsAToolAndCallsIt() throws Exception {
        List<String> lines = ProtocolClients.node("mcp-client.mjs", mcp, "token-ana");
        assertEquals(1, lines.size(), () -> lines + "; see target/protocols/node.err.log");
        JsonNode out = json(lines.get(0));
        assertEquals(json("{\"name\":\"switchboard\",\"version\":\"0.1.0\"}"), out.get("server"));
        JsonNode tool = named(out.get("tools"), "notes"); // tools come in the assistants' search order
        assertEquals(
                "Writes a short note about a topic and publishes it, asking first when told to.",
                tool.get("description").asString());
        assertEquals(Json.parse(NotesGraph.INPUT_JSON_SCHEMA), tool.get("inputSchema"), "the generated input schema");
        assertEquals(
                Json.parse(NotesGraph.OUTPUT_JSON_SCHEMA), tool.get("outputSchema"), "the generated output schema");

        JsonNode call = out.get("call");
        assertEquals(json("{\"text\":\"A note about tea.\",\"verdict\":\"published\"}"), call.get("structuredContent"));
        assertEquals(
                call.get("structuredContent").toString(),
                call.get("content").get(0).get("text").asString());
        assertEquals(false, call.get("isError").asBoolean());

        assertEquals(
                json("{\"text\":\"A note about moths.\",\"verdict\":\"published\"}"),
                out.get("progressed").get("structuredContent"));
        assertEquals(
                json("[{\"progress\":1,\"message\":\"step 1: write finished\"},"
                        + "{\"progress\":2,\"message\":\"step 2: publish finished\"}]"),
                out.get("progress"),
                "a call with a progress token is told each step of the run");

        JsonNode chat = out.get("chat");
        assertEquals(false, chat.get("isError").asBoolean(), chat.toString());
        JsonNode said = chat.get("structuredContent").get("messages");
        assertEquals(2, said.size(), chat.toString());
        assertEquals("ai", said.get(1).get("type").asString());
        assertEquals("echo: hi there", said.get(1).get("content").asString(), "a chat graph as a tool: " + chat);

        JsonNode bad = out.get("bad");
        assertEquals(true, bad.get("isError").asBoolean());
        assertTrue(bad.get("content").get(0).get("text").asString().contains("topic"), bad.toString());

        JsonNode paused = out.get("paused");
        assertEquals(true, paused.get("isError").asBoolean());
        String text = paused.get("content").get(0).get("text").asString();
        assertTrue(text.startsWith("The run paused for human input on thread "), text);
        assertTrue(text.contains("{\"question\":\"publish the note about cats?\"}"), text);
        assertTrue(text.contains("\"command\": {\"resume\": <answer>}"), text);
        JsonNode pause = paused.get("_meta").get("dev.switchboard/pause");
        assertTrue(text.contains(" thread " + pause.get("thread_id").asString() + ","), pause.toString());
        assertTrue(
                text.contains(
                        "{\"assistant_id\": \"" + pause.get("assistant_id").asString() + "\""),
                pause.toString());
        assertEquals(
                json("{\"question\":\"publish the note about cats?\"}"),
                pause.get("interrupts").get(0).get("value"),
                "the pause for programs: " + pause);

        JsonNode failed = out.get("failed");
        assertEquals(true, failed.get("isError").asBoolean());
        assertTrue(failed.get("content").get(0).get("text").asString().contains("out of ink"), failed.toString());

        assertEquals(-32602, out.get("unknown").get("code").asInt());
        assertTrue(out.get("pinged").asBoolean());
    }

    @Test
    void theInspectorsCliListsAndCallsTheTool() throws Exception {
        String list = String.join(
                "\n",
                ProtocolClients.inspector(
                        mcp,
                        "--transport",
                        "http",
                        "--header",
                        "Authorization: Bearer token-ana",
                        "--method",
                        "tools/list"));
        assertEquals(
                "notes", named(json(list).get("tools"), "notes").get("name").asString(), list);
        String call = String.join(
                "\n",
                ProtocolClients.inspector(
                        mcp,
                        "--transport",
                        "http",
                        "--header",
                        "Authorization: Bearer token-ana",
                        "--method",
                        "tools/call",
                        "--tool-name",
                        "notes",
                        "--tool-arg",
                        "topic=bees",
                        "ask=false"));
        assertEquals(
                json("{\"text\":\"A note about bees.\",\"verdict\":\"published\"}"),
                json(call).get("structuredContent"),
                call);
    }

    @Test
    void callersNeedATokenAndTheirThreadsAndTasksAreTheirOwn() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        String call = "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"notes\","
                + "\"arguments\":{\"topic\":\"owls\",\"ask\":true}}}";
        HttpResponse<String> anonymous = http.send(post(call, null), HttpResponse.BodyHandlers.ofString());
        assertEquals(401, anonymous.statusCode());

        HttpResponse<String> ana = http.send(post(call, "token-ana"), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, ana.statusCode());
        String thread = json(ana.body())
                .get("result")
                .get("_meta")
                .get("dev.switchboard/pause")
                .get("thread_id")
                .asString();
        HttpRequest.Builder read = HttpRequest.newBuilder(server.url().resolve("/threads/" + thread));
        assertEquals(
                200,
                http.send(
                                read.header("Authorization", "Bearer token-ana").build(),
                                HttpResponse.BodyHandlers.ofString())
                        .statusCode());
        assertEquals(
                404,
                http.send(
                                HttpRequest.newBuilder(server.url().resolve("/threads/" + thread))
                                        .header("Authorization", "Bearer token-bo")
                                        .build(),
                                HttpResponse.BodyHandlers.ofString())
                        .statusCode(),
                "another caller cannot see the thread an MCP call made");

        HttpResponse<String> get = http.send(
                HttpRequest.newBuilder(URI.create(mcp))
                        .header("Authorization", "Bearer token-ana")
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(405, get.statusCode(), "no sessions, no server-sent stream");

        // the A2A endpoints too: a token to read the card, and the caller's own tasks
        HttpRequest.Builder card =
                HttpRequest.newBuilder(server.url().resolve("/.well-known/agent-card.json?assistant_id=notes"));
        assertEquals(
                401,
                http.send(card.build(), HttpResponse.BodyHandlers.ofString()).statusCode());
        assertEquals(
                200,
                http.send(
                                card.header("Authorization", "Bearer token-ana").build(),
                                HttpResponse.BodyHandlers.ofString())
                        .statusCode());
        String send = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"SendMessage\",\"params\":{\"message\":{"
                + "\"messageId\":\"m1\",\"role\":\"ROLE_USER\",\"parts\":[{\"data\":{\"topic\":\"elk\",\"ask\":true}}]}}}";
        HttpRequest.Builder a2a = HttpRequest.newBuilder(server.url().resolve("/a2a/notes"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(send));
        assertEquals(
                401,
                http.send(a2a.build(), HttpResponse.BodyHandlers.ofString()).statusCode());
        JsonNode task = json(http.send(
                                a2a.header("Authorization", "Bearer token-ana").build(),
                                HttpResponse.BodyHandlers.ofString())
                        .body())
                .get("result")
                .get("task");
        assertEquals(
                "TASK_STATE_INPUT_REQUIRED", task.get("status").get("state").asString());
        String getTask = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"GetTask\",\"params\":{\"id\":\""
                + task.get("id").asString() + "\"}}";
        JsonNode bo = json(http.send(
                        HttpRequest.newBuilder(server.url().resolve("/a2a/notes"))
                                .header("Content-Type", "application/json")
                                .header("Authorization", "Bearer token-bo")
                                .POST(HttpRequest.BodyPublishers.ofString(getTask))
                                .build(),
                        HttpResponse.BodyHandlers.ofString())
                .body());
        assertEquals(-32001, bo.get("error").get("code").asInt(), "another caller's task is not found: " + bo);
    }

    @Test
    void embeddedTheCallerIsTheIdentityTheHostGave() throws Exception {
        try (SwitchboardServer embedded = SwitchboardServer.builder()
                .graph("notes", NotesGraph.builder(new Notes()))
                .checkpointer(new MemorySaver())
                .httpServer(false)
                .build()
                .start()) {
            ApiHandler api = embedded.handler();
            String call = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"notes\","
                    + "\"arguments\":{\"topic\":\"moths\",\"ask\":true}}}";
            String thread = json(body(api.handle(new Hosted("POST", "/mcp", call, "alice"))))
                    .get("result")
                    .get("_meta")
                    .get("dev.switchboard/pause")
                    .get("thread_id")
                    .asString();
            assertEquals(
                    200,
                    api.handle(new Hosted("GET", "/threads/" + thread, null, "alice"))
                            .status());
            assertEquals(
                    404,
                    api.handle(new Hosted("GET", "/threads/" + thread, null, "bob"))
                            .status(),
                    "the thread of an MCP call is its caller's, as the host identified them");
        }
    }

    private static String body(ApiResponse r) throws IOException {
        if (!r.streamed()) {
            return new String(r.body(), StandardCharsets.UTF_8);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        r.stream().writeTo(out);
        return out.toString(StandardCharsets.UTF_8).trim();
    }

    /** A request as an application's own HTTP server hands it over, its caller already authenticated. */
    private record Hosted(String method, String path, String json, String principal) implements ApiRequest {
        @Override
        public String rawQuery() {
            return null;
        }

        @Override
        public String header(String name) {
            String n = name.toLowerCase(Locale.ROOT);
            if (json == null) {
                return n.equals("host") ? "127.0.0.1" : null;
            }
            return switch (n) {
                case "host" -> "127.0.0.1";
                case "content-type" -> "application/json";
                case "content-length" -> Integer.toString(json.getBytes(StandardCharsets.UTF_8).length);
                default -> null;
            };
        }

        @Override
        public InputStream body() {
            return new ByteArrayInputStream(json == null ? new byte[0] : json.getBytes(StandardCharsets.UTF_8));
        }
    }

    private static HttpRequest post(String body, String token) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(mcp))
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        return token == null
                ? b.build()
                : b.header("Authorization", "Bearer " + token).build();
    }
}
