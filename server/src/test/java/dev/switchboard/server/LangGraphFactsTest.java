package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.server.fixtures.ConformanceGraphs;
import dev.switchboard.server.wire.Json;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Facts of LangGraph.js's server (@langchain/langgraph-api 1.5.1, the conformance suite's) beyond
 * the shared conformance facts, each read off its answers: the {@code checkpoints} and {@code
 * tasks} events' payloads, a resume on a thread that never ran, a state or a run at a checkpoint
 * the thread does not have, the search's total.
 */
class LangGraphFactsTest {
    private static SwitchboardServer server;
    private static Api api;

    @BeforeAll
    static void start() throws Exception {
        server = ConformanceGraphs.server(new MemorySaver()).port(0).build().start();
        api = new Api(server.url(), null);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    /** The SSE events of a stream: name and data. */
    private static List<String[]> events(String sse) {
        List<String[]> out = new ArrayList<>();
        String event = null;
        for (String line : sse.split("\n")) {
            if (line.startsWith("event: ")) {
                event = line.substring(7);
            } else if (line.startsWith("data: ") && event != null) {
                out.add(new String[] {event, line.substring(6)});
            }
        }
        return out;
    }

    private static List<JsonNode> data(List<String[]> events, String name) {
        return events.stream()
                .filter(e -> e[0].equals(name))
                .map(e -> Json.parse(e[1]))
                .toList();
    }

    @Test
    void checkpointsEventsCarryValuesMetadataAndNextOnly() throws Exception {
        String tid = api.newThread();
        List<String[]> events = events(api.post(
                        "/threads/" + tid + "/runs/stream",
                        "{\"assistant_id\":\"chain\",\"input\":{\"trail\":[\"in\"]},\"stream_mode\":[\"checkpoints\"]}")
                .expect(200)
                .text());
        List<JsonNode> checkpoints = data(events, "checkpoints");
        assertEquals(4, checkpoints.size());
        assertEquals(
                "{\"values\":{\"trail\":[]},\"metadata\":{\"source\":\"input\",\"step\":-1,\"parents\":{}},"
                        + "\"next\":[\"__start__\"]}",
                checkpoints.get(0).toString());
        assertEquals(
                "{\"values\":{\"trail\":[\"in\",\"a\",\"b\"]},\"metadata\":{\"source\":\"loop\",\"step\":2,"
                        + "\"parents\":{}},\"next\":[]}",
                checkpoints.get(3).toString());
    }

    @Test
    void tasksEventsAreStartsAndResultsInLangGraphsShape() throws Exception {
        String tid = api.newThread();
        List<JsonNode> tasks = data(
                events(api.post(
                                "/threads/" + tid + "/runs/stream",
                                "{\"assistant_id\":\"approval\",\"input\":{\"trail\":[]},\"stream_mode\":[\"tasks\"]}")
                        .expect(200)
                        .text()),
                "tasks");
        assertEquals(4, tasks.size());
        JsonNode start = tasks.get(0);
        assertEquals(
                List.of("id", "name", "input", "triggers", "interrupts", "metadata"),
                List.copyOf(start.propertyNames()));
        assertEquals("draft", start.get("name").asString());
        assertEquals("[\"branch:to:draft\"]", start.get("triggers").toString());
        assertEquals("approval", start.at("/metadata/graph_id").asString());
        assertFalse(start.get("metadata").has("thread_id"));
        JsonNode done = tasks.get(1);
        assertEquals(List.of("id", "name", "result", "interrupts", "error"), List.copyOf(done.propertyNames()));
        assertEquals("{\"trail\":[\"draft\"]}", done.get("result").toString());
        assertTrue(done.get("error").isNull());
        JsonNode paused = tasks.get(3);
        assertEquals("{}", paused.get("result").toString());
        assertEquals("{\"question\":\"ok?\"}", paused.at("/interrupts/0/value").toString());
    }

    @Test
    void aCheckpointTheThreadDoesNotHaveReadsAsEmptyAndIsNoPlaceToRunFrom() throws Exception {
        String tid = api.newThread();
        api.post("/threads/" + tid + "/runs/wait", "{\"assistant_id\":\"chain\",\"input\":{\"trail\":[\"x\"]}}")
                .expect(200);
        String none = "00000000-0000-4000-8000-000000000000";
        JsonNode state =
                api.get("/threads/" + tid + "/state/" + none).expect(200).json();
        assertEquals("{}", state.get("values").toString());
        assertEquals(none, state.at("/checkpoint/checkpoint_id").asString());
        assertTrue(state.get("parent_checkpoint").isNull());
        assertFalse(state.has("metadata"));
        // LangGraph.js runs from an empty state there; here it is a 404 before any run is created
        int runs = api.get("/threads/" + tid + "/runs").expect(200).json().size();
        api.post(
                        "/threads/" + tid + "/runs/wait",
                        "{\"assistant_id\":\"chain\",\"checkpoint_id\":\"" + none + "\",\"input\":{\"trail\":[\"b\"]}}")
                .expect(404);
        api.post("/threads/" + tid + "/state", "{\"values\":{\"trail\":[\"y\"]},\"checkpoint_id\":\"" + none + "\"}")
                .expect(404);
        assertEquals(
                runs, api.get("/threads/" + tid + "/runs").expect(200).json().size());
    }

    @Test
    void aThreadSearchTellsItsTotal() throws Exception {
        api.newThread();
        api.newThread();
        Api.Reply page = api.post("/threads/search", "{\"limit\":1}").expect(200);
        assertEquals(1, page.json().size());
        String total = page.header("X-Pagination-Total");
        assertNotNull(total);
        assertTrue(Integer.parseInt(total) >= 2, total);
    }
}
