package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.server.fixtures.ConformanceGraphs;
import dev.switchboard.server.messages.Weather;
import dev.switchboard.server.messages.WeatherGraph;
import dev.switchboard.server.wire.Json;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * State holding LangChain4j messages is LangGraph message JSON on the wire, whatever its channels
 * are called, and message JSON in the forms LangGraph accepts is read back into messages; the
 * {@code messages} and {@code messages-tuple} stream modes carry the streamed tokens.
 */
class MessagesWireTest {
    private static final String UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

    private SwitchboardServer server;
    private Api api;

    @BeforeEach
    void start() throws Exception {
        server = ConformanceGraphs.graphs()
                .graph("notes", WeatherGraph.builder(new Weather()))
                .checkpointer(new MemorySaver())
                .port(0)
                .build()
                .start();
        api = new Api(server.url(), null);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private JsonNode wait(String tid, String graph, String input) throws Exception {
        return api.post(
                        "/threads/" + tid + "/runs/wait",
                        "{\"assistant_id\":\"" + graph + "\",\"input\":" + input + "}")
                .expect(200)
                .json();
    }

    @Test
    void inputFormsAreReadAndEveryViewWritesLangGraphMessages() throws Exception {
        String tid = api.newThread();
        JsonNode result = wait(
                tid,
                "notes",
                "{\"history\":[{\"role\":\"user\",\"content\":\"hi\"},"
                        + "{\"type\":\"human\",\"content\":\"there\",\"id\":\"h2\"},"
                        + "\"plain\",[\"system\",\"be brief\"]],\"log\":[\"in\"]}");
        JsonNode history = result.get("history");
        assertEquals(7, history.size(), history::toString);
        assertEquals("human", history.get(0).get("type").asString());
        assertEquals("hi", history.get(0).get("content").asString());
        assertTrue(history.get(0).get("id").asString().matches(UUID), "an id is assigned: " + history.get(0));
        assertEquals("h2", history.get(1).get("id").asString());
        assertEquals("human", history.get(2).get("type").asString());
        assertEquals("plain", history.get(2).get("content").asString());
        assertEquals("system", history.get(3).get("type").asString());
        JsonNode call = history.get(4).get("tool_calls").get(0);
        assertEquals("ai", history.get(4).get("type").asString());
        assertEquals(
                Json.parse(
                        "{\"name\":\"weather\",\"args\":{\"city\":\"Paris\"},\"id\":\"call-1\",\"type\":\"tool_call\"}"
                                .getBytes(java.nio.charset.StandardCharsets.UTF_8)),
                call);
        assertEquals("tool", history.get(5).get("type").asString());
        assertEquals("call-1", history.get(5).get("tool_call_id").asString());
        assertEquals("sunny", history.get(5).get("content").asString());
        assertEquals("ai", result.get("pinned").get("type").asString());
        assertEquals("reply-4", result.get("pinned").get("id").asString());
        assertEquals("[\"answered\"]", result.get("log").toString());

        assertEquals(
                result, api.get("/threads/" + tid + "/state").expect(200).json().get("values"));
        assertEquals(result, api.get("/threads/" + tid).expect(200).json().get("values"));
        JsonNode newest = api.post("/threads/" + tid + "/history", "{\"limit\":1}")
                .expect(200)
                .json();
        assertEquals(result, newest.get(0).get("values"));
    }

    @Test
    void schemasDescribeMessageChannelsAsLangGraphMessages() throws Exception {
        JsonNode schemas = api.get("/assistants/notes/schemas").expect(200).json();
        for (String which : List.of("input_schema", "state_schema")) {
            JsonNode props = schemas.get(which).get("properties");
            assertEquals(
                    "Message", props.get("history").get("items").get("title").asString(), props::toString);
            assertEquals("Message", props.get("pinned").get("title").asString(), props::toString);
            assertEquals("string", props.get("log").get("items").get("type").asString(), props::toString);
        }
    }

    @Test
    void taskAndDebugEventsCarryMessagesInTheirClientForm() throws Exception {
        String tid = api.newThread();
        List<String> names = new ArrayList<>();
        List<JsonNode> data = new ArrayList<>();
        sse(
                api.post(
                                "/threads/" + tid + "/runs/stream",
                                "{\"assistant_id\":\"notes\",\"input\":{\"history\":[\"hi\"]},"
                                        + "\"stream_mode\":[\"tasks\",\"debug\",\"updates\"]}")
                        .expect(200)
                        .text(),
                names,
                data);
        assertTrue(!names.contains("error"), () -> "events: " + names + " " + data);
        JsonNode start = data.get(names.indexOf("tasks"));
        assertEquals(
                "human", start.get("input").get("history").get(0).get("type").asString(), start::toString);
        JsonNode update = data.get(names.indexOf("updates")).get("answer");
        assertEquals("tool", update.get("history").get(1).get("type").asString(), update::toString);
    }

    private static void sse(String text, List<String> names, List<JsonNode> data) {
        for (String block : text.split("\n\n")) {
            String name = null;
            for (String line : block.split("\n")) {
                if (line.startsWith("event: ")) {
                    name = line.substring(7);
                } else if (line.startsWith("data: ") && name != null) {
                    names.add(name);
                    data.add(Json.parse(line.substring(6).getBytes(java.nio.charset.StandardCharsets.UTF_8)));
                }
            }
        }
    }

    @Test
    void stateUpdatesReadMessagesAndRemovals() throws Exception {
        String tid = api.newThread();
        wait(tid, "notes", "{\"history\":[{\"type\":\"human\",\"content\":\"hi\",\"id\":\"h1\"}]}");
        api.post(
                        "/threads/" + tid + "/state",
                        "{\"values\":{\"history\":[{\"type\":\"remove\",\"id\":\"h1\"},"
                                + "{\"role\":\"assistant\",\"content\":\"edited\",\"id\":\"reply-1\"}]},"
                                + "\"as_node\":\"answer\"}")
                .expect(200);
        JsonNode history = api.get("/threads/" + tid + "/state")
                .expect(200)
                .json()
                .get("values")
                .get("history");
        List<String> ids = new ArrayList<>();
        history.forEach(m -> ids.add(m.get("id").asString()));
        assertEquals("call-1", ids.get(0));
        assertEquals(3, ids.size(), ids::toString);
        assertEquals("edited", history.get(2).get("content").asString());
    }

    @Test
    void aMessageOfUnknownRoleFailsTheRunAndLeavesTheFirstStepPending() throws Exception {
        String tid = api.newThread();
        JsonNode result = wait(tid, "chat", "{\"messages\":[{\"role\":\"bogus\",\"content\":\"x\"}]}");
        assertEquals("Error", result.get("__error__").get("error").asString());
        assertTrue(result.get("__error__").get("message").asString().contains("\"bogus\""), result::toString);
        JsonNode thread = api.get("/threads/" + tid).expect(200).json();
        assertEquals("error", thread.get("status").asString());
        assertEquals("{\"messages\":[]}", thread.get("values").toString());
        JsonNode state = api.get("/threads/" + tid + "/state").expect(200).json();
        assertEquals("[\"model\"]", state.get("next").toString());
    }

    @Test
    void messagesModesStreamTokensWithLangGraphsMetadata() throws Exception {
        String tid = api.newThread();
        String sse = api.post(
                        "/threads/" + tid + "/runs/stream",
                        "{\"assistant_id\":\"chat\",\"input\":{\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]},"
                                + "\"stream_mode\":[\"messages\",\"messages-tuple\"]}")
                .expect(200)
                .text();
        List<String> names = new ArrayList<>();
        List<JsonNode> data = new ArrayList<>();
        sse(sse, names, data);
        assertEquals(
                List.of(
                        "metadata",
                        "messages/complete",
                        "messages",
                        "messages/metadata",
                        "messages/partial",
                        "messages",
                        "messages/partial",
                        "messages",
                        "messages/partial",
                        "messages/complete"),
                names);
        assertEquals("human", data.get(1).get(0).get("type").asString());
        List<String> tokens = new ArrayList<>();
        List<String> partials = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            if (names.get(i).equals("messages")) {
                tokens.add(data.get(i).get(0).get("content").asString());
            } else if (names.get(i).equals("messages/partial")) {
                partials.add(data.get(i).get(0).get("content").asString());
            }
        }
        assertEquals(List.of("echo", ": ", "hi"), tokens);
        assertEquals(List.of("echo", "echo: ", "echo: hi"), partials);
        JsonNode tuple = data.get(2);
        String messageId = tuple.get(0).get("id").asString();
        assertTrue(messageId.matches("run-" + UUID), messageId);
        JsonNode md = tuple.get(1);
        assertEquals("model", md.get("langgraph_node").asString());
        assertEquals(1, md.get("langgraph_step").asInt());
        assertEquals("[\"branch:to:model\"]", md.get("langgraph_triggers").toString());
        assertEquals("[\"__pregel_pull\",\"model\"]", md.get("langgraph_path").toString());
        assertTrue(md.get("langgraph_checkpoint_ns").asString().startsWith("model:"), md::toString);
        assertEquals(tid, md.get("thread_id").asString());
        assertTrue(md.has("tags") && !md.has("message_id"), md::toString);
        JsonNode announced = data.get(3).get(messageId).get("metadata");
        assertEquals("model", announced.get("langgraph_node").asString());
        assertTrue(!announced.has("tags"), announced::toString);
        JsonNode done = data.get(names.size() - 1).get(0);
        assertEquals(messageId, done.get("id").asString());
        assertEquals("echo: hi", done.get("content").asString());
        assertTrue(!done.has("tool_call_chunks"), "a complete message is no chunk: " + done);
    }
}
