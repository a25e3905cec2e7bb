package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.switchboard.server.fixtures.ProtocolGraphs;
import dev.switchboard.server.wire.Json;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The thread-centric streaming protocol ({@code POST /threads/{id}/commands}, {@code POST
 * /threads/{id}/stream/events}) against the facts recorded from LangGraph.js's server ({@code
 * src/test/resources/protocol/expected.json}, made by {@code src/test/js/protocol/facts.mjs} with
 * {@code graphs.ts}): for each scenario, the events in order (method, namespace, node, and the
 * lifecycle, message and tool event kinds), the values and updates of graphs whose state both
 * servers encode alike, the SSE framing and ids, replay after {@code since}, namespace and depth
 * filters, and the commands' answers and errors. Needs node (plain fetch, no packages); skipped
 * without it, failed under {@code CI=true}.
 */
class ProtocolFactsTest {
    private static SwitchboardServer server;
    private static JsonNode actual;
    private static JsonNode expected;

    @BeforeAll
    static void record() throws Exception {
        server = ProtocolGraphs.server().port(0).build().start();
        Path work = Path.of("target", "protocol").toAbsolutePath();
        Files.createDirectories(work);
        Files.copy(
                Path.of("src/test/js/protocol/facts.mjs"),
                work.resolve("facts.mjs"),
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        List<String> lines = ConformanceCheckTest.run(
                work, 120, "node", "facts.mjs", server.url().toString(), String.join(",", scenarios()));
        actual = Json.parse(String.join("\n", lines).getBytes(StandardCharsets.UTF_8));
        Files.writeString(work.resolve("actual.json"), String.join("\n", lines));
        expected = Json.parse(Files.readAllBytes(Path.of("src/test/resources/protocol/expected.json")));
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    private static List<String> scenarios() {
        return List.of("chat", "approval", "nested", "genui");
    }

    @Test
    void eventsComeInLangGraphsOrderWithItsKinds() {
        for (String s : scenarios()) {
            assertEquals(
                    kinds(expected.get(s).get("events")), kinds(actual.get(s).get("events")), s);
            if (expected.get(s).has("resumed")) {
                assertEquals(
                        kinds(expected.get(s).get("resumed")),
                        kinds(actual.get(s).get("resumed")),
                        s + " resumed");
            }
        }
    }

    @Test
    void valuesUpdatesCustomInputAndCheckpointsCarryLangGraphsData() {
        for (String s : List.of("approval", "nested")) {
            assertEquals(data(expected.get(s).get("events")), data(actual.get(s).get("events")), s);
        }
        assertEquals(
                data(expected.get("approval").get("resumed")),
                data(actual.get("approval").get("resumed")));
    }

    @Test
    void uiMessagesAreCustomEventsAndTheUiValueIsReducedAsLangGraphs() {
        assertEquals(
                ui(expected.get("genui").get("events")), ui(actual.get("genui").get("events")));
    }

    /** The custom events and the last values' {@code ui}. */
    private static ArrayNode ui(JsonNode events) {
        ArrayNode out = Json.array();
        JsonNode last = null;
        for (JsonNode e : events) {
            if (e.get("method").asString().equals("custom")) {
                out.add(e.get("data"));
            } else if (e.get("method").asString().equals("values")
                    && e.get("namespace").isEmpty()) {
                last = e.get("data").get("ui");
            }
        }
        out.add(last);
        return out;
    }

    @Test
    void streamedTextIsContentBlocks() {
        assertEquals(
                messages(expected.get("chat").get("events")),
                messages(actual.get("chat").get("events")));
    }

    @Test
    void framingReplayFiltersAndCommandsAnswerAsLangGraphs() {
        for (String s : scenarios()) {
            for (String fact : List.of(
                    "start",
                    "contentType",
                    "envelope",
                    "sseIds",
                    "respond",
                    "respondAgain",
                    "replaySince3",
                    "rootLifecycleOnly",
                    "state",
                    "unknownCommand",
                    "runStartWithoutAssistant",
                    "otherAssistant")) {
                assertEquals(expected.get(s).get(fact), actual.get(s).get(fact), s + " " + fact);
            }
        }
    }

    /** Each event as method, namespace, node and (for lifecycle, messages, tools, input) its event kind. */
    private static List<String> kinds(JsonNode events) {
        List<String> out = new ArrayList<>();
        for (JsonNode e : events) {
            String method = e.get("method").asString();
            String kind = Set.of("lifecycle", "messages", "tools").contains(method)
                    ? " " + e.get("data").path("event").asString()
                    : "";
            out.add(method + " " + e.get("namespace")
                    + (e.has("node") ? " " + e.get("node").asString() : "") + kind);
        }
        return out;
    }

    private static ArrayNode data(JsonNode events) {
        ArrayNode out = Json.array();
        for (JsonNode e : events) {
            String m = e.get("method").asString();
            if (Set.of("values", "updates", "custom", "input.requested", "checkpoints", "lifecycle")
                    .contains(m)) {
                ObjectNode o = out.addObject();
                o.put("method", m);
                o.set("data", e.get("data"));
            }
        }
        return out;
    }

    private static ArrayNode messages(JsonNode events) {
        ArrayNode out = Json.array();
        for (JsonNode e : events) {
            if (e.get("method").asString().equals("messages")) {
                out.add(e.get("data"));
            }
        }
        return out;
    }
}
