package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.server.fixtures.ConformanceGraphs;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Bad requests get LangGraph's status codes and error shapes, and leave nothing half-written. */
class BadInputTest {
    private SwitchboardServer server;
    private Api api;

    @BeforeEach
    void start() throws Exception {
        server = ConformanceGraphs.server(new MemorySaver())
                .maxBodyBytes(4096)
                .port(0)
                .build()
                .start();
        api = new Api(server.url(), null);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private static void assertValidationError(Api.Reply r, String field) {
        r.expect(400);
        assertEquals("application/json", r.contentType());
        JsonNode body = r.json();
        assertFalse(body.get("success").asBoolean());
        assertEquals("ZodError", body.path("error").path("name").asString());
        assertEquals(
                field,
                body.path("error").path("issues").path(0).path("path").path(0).asString());
    }

    private int threadCount() throws Exception {
        return api.post("/threads/count", "{}").expect(200).json().asInt();
    }

    @Test
    void malformedJsonIsA400AndCreatesNothing() throws Exception {
        int before = threadCount();
        Api.Reply malformed = api.post("/threads", "{\"metadata\": ").expect(400);
        assertEquals("Malformed JSON in request body", malformed.text()); // LangGraph's words
        JsonNode array = api.post("/threads", "[1, 2]").expect(400).json();
        assertEquals("[]", array.at("/error/issues/0/path").toString());
        assertEquals(
                "Expected object, received array",
                array.at("/error/issues/0/message").asString());
        assertEquals(before, threadCount());
    }

    @Test
    void aBodyOverTheLimitIsA413() throws Exception {
        String big = "{\"metadata\":{\"x\":\"" + "y".repeat(5000) + "\"}}";
        Api.Reply r = api.post("/threads", big).expect(413);
        assertTrue(r.text().contains("4096"), r.text());
    }

    @Test
    void enumeratedFieldsAreValidated() throws Exception {
        String tid = api.newThread();
        assertValidationError(
                api.post(
                        "/threads/" + tid + "/runs/stream",
                        "{\"assistant_id\":\"chain\",\"stream_mode\":\"nonsense\"}"),
                "stream_mode");
        assertValidationError(
                api.post("/threads/" + tid + "/runs", "{\"assistant_id\":\"chain\",\"multitask_strategy\":\"x\"}"),
                "multitask_strategy");
        assertValidationError(api.post("/threads", "{\"if_exists\":\"x\"}"), "if_exists");
        assertValidationError(api.post("/threads/" + tid + "/runs", "{\"input\":{}}"), "assistant_id");
        assertEquals(0, api.get("/threads/" + tid + "/runs").expect(200).json().size(), "no run was created");
    }

    @Test
    void unknownIdsAnswerAsLangGraph() throws Exception {
        String tid = api.newThread();
        String none = "00000000-0000-4000-8000-000000000000";
        api.post("/threads/" + tid + "/runs/wait", "{\"assistant_id\":\"no-such-graph\"}")
                .expect(404);
        api.get("/assistants/" + none).expect(404);
        api.get("/threads/" + none).expect(404);
        assertValidationError(api.get("/threads/not-a-uuid"), "thread_id");
        // creating a run on an unknown thread is a 422 (if_not_exists defaults to reject)
        api.post("/threads/" + none + "/runs", "{\"assistant_id\":\"chain\"}").expect(422);
        api.get("/threads/" + tid + "/runs/" + none).expect(404);
        api.post("/threads/" + tid + "/runs/" + none + "/cancel", "").expect(404);
        assertEquals(
                "Error",
                api.get("/threads/" + tid + "/runs/" + none + "/join")
                        .expect(200)
                        .json()
                        .path("__error__")
                        .path("error")
                        .asString());
        Api.Reply r = api.get("/threads/" + none + "/state").expect(404);
        assertEquals("text/plain", r.contentType().split(";")[0]);
    }

    @Test
    void resumingAThreadThatIsNotInterruptedRunsNothing() throws Exception {
        String tid = api.newThread();
        api.post("/threads/" + tid + "/runs/wait", "{\"assistant_id\":\"chain\",\"input\":{\"trail\":[\"in\"]}}")
                .expect(200);
        int history = api.post("/threads/" + tid + "/history", "{\"limit\":100}")
                .json()
                .size();
        JsonNode r = api.post(
                        "/threads/" + tid + "/runs/wait", "{\"assistant_id\":\"chain\",\"command\":{\"resume\":1}}")
                .expect(200)
                .json();
        assertEquals("[\"in\",\"a\",\"b\"]", r.get("trail").toString());
        assertEquals(
                history,
                api.post("/threads/" + tid + "/history", "{\"limit\":100}")
                        .json()
                        .size());
    }
}
