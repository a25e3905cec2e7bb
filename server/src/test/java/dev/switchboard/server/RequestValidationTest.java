package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.server.fixtures.ConformanceGraphs;
import dev.switchboard.server.wire.Json;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The bad inputs a probe found answering 500 with Java internals, and their kin: each is a 4xx with
 * LangGraph's (zod's) issue at the offending field, as LangGraph.js answers it, and nothing is
 * created.
 */
class RequestValidationTest {
    private static SwitchboardServer server;
    private static Api api;
    private static String tid;

    @BeforeAll
    static void start() throws Exception {
        server = ConformanceGraphs.server(new MemorySaver()).port(0).build().start();
        api = new Api(server.url(), null);
        tid = api.newThread();
        api.post("/threads/" + tid + "/runs/wait", "{\"assistant_id\":\"chain\",\"input\":{\"trail\":[\"x\"]}}")
                .expect(200);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    /** The first issue of a zod error answered with {@code status}. */
    private static JsonNode issue(Api.Reply r, int status) {
        r.expect(status);
        assertEquals("application/json", r.contentType(), r.text());
        JsonNode body = r.json();
        assertEquals(false, body.get("success").asBoolean());
        assertEquals("ZodError", body.at("/error/name").asString());
        return body.at("/error/issues/0");
    }

    private static void assertIssue(Api.Reply r, String path, String code, String message) {
        JsonNode issue = issue(r, 400);
        assertEquals(path, issue.get("path").toString(), issue::toString);
        assertEquals(code, issue.get("code").asString(), issue::toString);
        assertEquals(message, issue.get("message").asString(), issue::toString);
    }

    private static int runs() throws Exception {
        return api.get("/threads/" + tid + "/runs?limit=1000")
                .expect(200)
                .json()
                .size();
    }

    @Test
    void runFieldsOfTheWrongTypeAreZodIssues() throws Exception {
        int before = runs();
        String runs = "/threads/" + tid + "/runs";
        assertIssue(
                api.post(runs, "{\"assistant_id\":[\"support\"]}"),
                "[\"assistant_id\"]",
                "invalid_type",
                "Expected string, received array");
        assertIssue(api.post(runs, "{\"input\":{}}"), "[\"assistant_id\"]", "invalid_type", "Required");
        assertIssue(
                api.post(runs, "{\"assistant_id\":\"chain\",\"checkpoint_id\":{}}"),
                "[\"checkpoint_id\"]",
                "invalid_type",
                "Expected string, received object");
        assertIssue(
                api.post(runs, "{\"assistant_id\":\"chain\",\"config\":{\"recursion_limit\":\"abc\"}}"),
                "[\"config\",\"recursion_limit\"]",
                "invalid_type",
                "Expected number, received string");
        assertIssue(
                api.post(runs, "{\"assistant_id\":\"chain\",\"config\":\"x\"}"),
                "[\"config\"]",
                "invalid_type",
                "Expected object, received string");
        assertIssue(
                api.post(runs, "{\"assistant_id\":\"chain\",\"command\":\"x\"}"),
                "[\"command\"]",
                "invalid_type",
                "Expected object, received string");
        assertIssue(
                api.post(runs, "{\"assistant_id\":\"chain\",\"metadata\":[]}"),
                "[\"metadata\"]",
                "invalid_type",
                "Expected object, received array");
        assertIssue(
                api.post(runs, "{\"assistant_id\":\"chain\",\"interrupt_before\":5}"),
                "[\"interrupt_before\"]",
                "invalid_type",
                "Expected array, received number");
        assertIssue(
                api.post(runs, "{\"assistant_id\":\"chain\",\"stream_resumable\":\"yes\"}"),
                "[\"stream_resumable\"]",
                "invalid_type",
                "Expected boolean, received string");
        assertEquals(
                "invalid_enum_value",
                issue(api.post(runs, "{\"assistant_id\":\"chain\",\"multitask_strategy\":1}"), 400)
                        .get("code")
                        .asString());
        assertEquals(before, runs(), "no run was created");
    }

    @Test
    void idsMustBeCanonicalUuids() throws Exception {
        assertIssue(api.get("/threads/1-1-1-1-1"), "[\"thread_id\"]", "invalid_string", "Invalid uuid");
        assertIssue(api.get("/threads/+1-1-1-1-1"), "[\"thread_id\"]", "invalid_string", "Invalid uuid");
        assertIssue(
                api.post("/threads", "{\"thread_id\":\"abc\"}"), "[\"thread_id\"]", "invalid_string", "Invalid uuid");
        assertIssue(api.get("/threads/" + tid + "/runs/not-a-run"), "[\"run_id\"]", "invalid_string", "Invalid uuid");
        assertIssue(api.post("/threads/search", "{\"ids\":[\"x\"]}"), "[\"ids\",0]", "invalid_string", "Invalid uuid");
    }

    @Test
    void numbersOutOfRangeAreZodIssues() throws Exception {
        assertIssue(
                api.get("/threads/" + tid + "/runs?limit=-1"),
                "[\"limit\"]",
                "too_small",
                "Number must be greater than or equal to 0");
        assertIssue(
                api.get("/threads/" + tid + "/runs?limit=abc"),
                "[\"limit\"]",
                "invalid_type",
                "Expected number, received nan");
        assertIssue(
                api.post("/threads/search", "{\"limit\":0}"),
                "[\"limit\"]",
                "too_small",
                "Number must be greater than or equal to 1");
        assertIssue(
                api.post("/threads/search", "{\"limit\":5000}"),
                "[\"limit\"]",
                "too_big",
                "Number must be less than or equal to 1000");
        assertIssue(
                api.put("/store/items", "{\"namespace\":[\"a\"],\"key\":\"k\",\"value\":{},\"ttl\":1e308}"),
                "[\"ttl\"]",
                "too_big",
                "Number must be less than or equal to 52704000");
        assertIssue(
                api.put("/store/items", "{\"namespace\":[\"a\"],\"key\":5,\"value\":{}}"),
                "[\"key\"]",
                "invalid_type",
                "Expected string, received number");
    }

    @Test
    void textNoStoreOrClientCanTakeBackIsRefusedWhereItIs() throws Exception {
        int before = api.post("/threads/count", "{}").expect(200).json().asInt();
        JsonNode nul = issue(api.post("/threads", "{\"metadata\":{\"x\":\"a\\u0000b\"}}"), 422);
        assertEquals("[\"metadata\",\"x\"]", nul.get("path").toString());
        JsonNode lone = issue(api.post("/threads", "{\"metadata\":{\"x\":\"\\ud800\"}}"), 422);
        assertEquals("[\"metadata\",\"x\"]", lone.get("path").toString());
        assertTrue(lone.get("message").asString().contains("unpaired surrogate"), lone::toString);
        JsonNode key = issue(api.post("/threads", "{\"metadata\":{\"\\u0000\":1}}"), 422);
        assertEquals("[\"metadata\",\"\\u0000\"]", Json.text(key.get("path")));
        assertEquals(before, api.post("/threads/count", "{}").expect(200).json().asInt());
        // a paired surrogate is text: an emoji is kept
        JsonNode emoji = api.post("/threads", "{\"metadata\":{\"x\":\"\\ud83d\\ude00\"}}")
                .expect(200)
                .json();
        assertEquals("\ud83d\ude00", emoji.at("/metadata/x").asString());
    }

    @Test
    void wideAndDeepBodiesAreRefusedBeforeAnythingWalksThem() throws Exception {
        StringBuilder wide = new StringBuilder("{\"metadata\":{");
        for (int i = 0; i < 10_001; i++) {
            wide.append(i == 0 ? "" : ",").append("\"k").append(i).append("\":1");
        }
        wide.append("}}");
        JsonNode tooWide = issue(api.post("/threads", wide.toString()), 422);
        assertEquals("[\"metadata\"]", tooWide.get("path").toString());
        String deep = "{\"metadata\":" + "{\"a\":".repeat(100) + "1" + "}".repeat(100) + "}";
        Api.Reply tooDeep = api.post("/threads", deep);
        assertEquals(422, tooDeep.status(), tooDeep.text());
    }
}
