package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.server.wire.Json;
import dev.switchboard.server.workflow.Essay;
import dev.switchboard.server.workflow.EssayWorkflow;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * A functional workflow ({@code @Entrypoint}) registers like a graph and speaks LangGraph's API as
 * LangGraph serves an entrypoint: its input is one bare value, its state values and answers are its
 * return value, updates are {@code {name: value}} per task and for the entrypoint; a resumed run
 * does not run its finished task again.
 */
class WorkflowServingTest {
    private final Essay essay = new Essay();
    private SwitchboardServer server;
    private Api api;

    @BeforeEach
    void start() throws Exception {
        server = SwitchboardServer.builder()
                .graph("essay", EssayWorkflow.builder(essay))
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

    private static JsonNode json(String s) {
        return Json.parse(s.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aWorkflowTakesABareInputAndAnswersItsReturnValue() throws Exception {
        String tid = api.newThread();
        JsonNode paused = api.post("/threads/" + tid + "/runs/wait", "{\"assistant_id\":\"essay\",\"input\":\"java\"}")
                .expect(200)
                .json();
        assertEquals(
                "review: On java.",
                paused.get("__interrupt__").get(0).get("value").asString(),
                paused::toString);
        JsonNode state = api.get("/threads/" + tid + "/state").expect(200).json();
        assertTrue(state.get("values").isNull(), state::toString);
        assertEquals(List.of("essay"), List.of(state.get("next").get(0).asString()));

        JsonNode done = api.post(
                        "/threads/" + tid + "/runs/wait",
                        "{\"assistant_id\":\"essay\",\"command\":{\"resume\":\"ship it\"}}")
                .expect(200)
                .json();
        assertEquals(json("{\"topic\":\"java\",\"text\":\"On java.\",\"verdict\":\"ship it\"}"), done);
        assertEquals(
                done, api.get("/threads/" + tid + "/state").expect(200).json().get("values"));
        assertEquals(1, essay.drafts.get(), "the resumed run took the draft from its record");
    }

    @Test
    void updatesShowEachTaskAndTheEntrypointByName() throws Exception {
        String tid = api.newThread();
        List<Sse.Event> first = Sse.post(
                        server.url().resolve("/threads/" + tid + "/runs/stream"),
                        "{\"assistant_id\":\"essay\",\"input\":\"rust\",\"stream_mode\":\"updates\"}")
                .rest();
        List<String> data = first.stream()
                .filter(e -> e.name().equals("updates"))
                .map(Sse.Event::data)
                .toList();
        assertEquals(json("{\"draft\":\"On rust.\"}"), json(data.get(0)));
        assertTrue(json(data.get(1)).has("__interrupt__"), data.toString());
        List<String> resumed = Sse.post(
                        server.url().resolve("/threads/" + tid + "/runs/stream"),
                        "{\"assistant_id\":\"essay\",\"command\":{\"resume\":\"ok\"},\"stream_mode\":\"updates\"}")
                .rest()
                .stream()
                .filter(e -> e.name().equals("updates"))
                .map(Sse.Event::data)
                .toList();
        assertEquals(
                List.of(
                        json("{\"draft\":\"On rust.\"}"),
                        json("{\"essay\":{\"topic\":\"rust\",\"text\":\"On rust.\",\"verdict\":\"ok\"}}")),
                resumed.stream().map(WorkflowServingTest::json).toList());
    }

    /** As for a graph's input the server cannot read: the run fails with the reason. */
    @Test
    void anInputOfTheWrongTypeFailsTheRunNamingTheType() throws Exception {
        String tid = api.newThread();
        JsonNode failed = api.post("/threads/" + tid + "/runs/wait", "{\"assistant_id\":\"essay\",\"input\":{\"a\":1}}")
                .expect(200)
                .json();
        assertTrue(
                failed.get("__error__")
                        .get("message")
                        .asString()
                        .startsWith("cannot read the input of workflow 'essay' as a String"),
                failed::toString);
        assertEquals(0, essay.drafts.get());
    }
}
