package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.server.fixtures.ExpenseReview;
import dev.switchboard.server.fixtures.ExpensesGraph;
import dev.switchboard.server.wire.Json;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * A graph with an input and an output schema over HTTP, registered once: requests are read with the
 * input's channels (a key outside them, or a value of the wrong type, is a 422 before anything is
 * created), answers carry every state channel, and numbers keep every digit both ways, in runs,
 * streams, state and the store.
 */
class ExactValuesTest {
    private static final String BIG = "12345678901234567890.12";

    private static SwitchboardServer server;
    private static Api api;

    @BeforeAll
    static void start() throws Exception {
        server = SwitchboardServer.builder()
                .graph("expenses", ExpensesGraph.builder(new ExpenseReview()))
                .checkpointer(new MemorySaver())
                .port(0)
                .build()
                .start();
        api = new Api(server.url(), null);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static String wait(String tid, String input) throws Exception {
        return api.post("/threads/" + tid + "/runs/wait", "{\"assistant_id\":\"expenses\",\"input\":" + input + "}")
                .expect(200)
                .text();
    }

    @Test
    void decimalsKeepEveryDigitThroughARunItsStateAndItsStream() throws Exception {
        String tid = api.newThread();
        String answer = wait(tid, "{\"title\":\"flights\",\"amount\":" + BIG + "}");
        assertTrue(answer.contains("\"amount\":" + BIG), answer);
        assertTrue(answer.contains("\"log\":[\"amount " + BIG + "\"]"), "the node saw the exact BigDecimal: " + answer);
        String state = api.get("/threads/" + tid + "/state").expect(200).text();
        assertTrue(state.contains("\"amount\":" + BIG), state);
        String tid2 = api.newThread();
        String stream = api.post(
                        "/threads/" + tid2 + "/runs/stream",
                        "{\"assistant_id\":\"expenses\",\"input\":{\"title\":\"taxi\",\"amount\":120.50}}")
                .expect(200)
                .text();
        assertTrue(stream.contains("\"amount\":120.50"), "a scale is kept: " + stream);
        assertTrue(stream.contains("amount 120.50"), stream);
    }

    @Test
    void answersCarryEveryStateChannelAndTheInputMayWriteOnlyItsOwn() throws Exception {
        String tid = api.newThread();
        JsonNode answer = Json.parse(wait(tid, "{\"title\":\"hotel\",\"amount\":2000}"));
        assertEquals("escalate", answer.get("verdict").asString());
        assertEquals("hotel", answer.get("title").asString(), "a channel outside the output is kept");
        JsonNode values =
                api.get("/threads/" + tid + "/state").expect(200).json().get("values");
        assertEquals(List.of("title", "amount", "log", "verdict", "count"), List.copyOf(values.propertyNames()));
        int runs = api.get("/threads/" + tid + "/runs").expect(200).json().size();
        Api.Reply outside = api.post(
                "/threads/" + tid + "/runs",
                "{\"assistant_id\":\"expenses\",\"input\":{\"title\":\"x\",\"verdict\":\"approve\"}}");
        assertEquals(422, outside.status(), outside.text());
        JsonNode issue = outside.json().at("/error/issues/0");
        assertEquals("unrecognized_keys", issue.get("code").asString());
        assertEquals("[\"verdict\"]", issue.get("keys").toString());
        Api.Reply wrongType = api.post(
                "/threads/" + tid + "/runs", "{\"assistant_id\":\"expenses\",\"input\":{\"amount\":\"a lot\"}}");
        assertEquals(422, wrongType.status());
        JsonNode typeIssue = wrongType.json().at("/error/issues/0");
        assertEquals("[\"input\",\"amount\"]", typeIssue.get("path").toString());
        assertEquals(
                "Expected number, received string", typeIssue.get("message").asString());
        assertEquals(
                runs, api.get("/threads/" + tid + "/runs").expect(200).json().size(), "no run was created");
    }

    @Test
    void theSchemasNameInputOutputAndTheWholeState() throws Exception {
        JsonNode schemas = api.get("/assistants/expenses/schemas").expect(200).json();
        assertEquals(
                List.of("title", "amount"),
                List.copyOf(schemas.at("/input_schema/properties").propertyNames()));
        assertEquals(
                List.of("verdict", "amount"),
                List.copyOf(schemas.at("/output_schema/properties").propertyNames()));
        List<String> state = List.copyOf(schemas.at("/state_schema/properties").propertyNames());
        assertTrue(state.containsAll(List.of("title", "amount", "log", "verdict", "count")), state::toString);
        assertEquals("number", schemas.at("/state_schema/properties/count/type").asString());
        assertEquals("array", schemas.at("/state_schema/properties/log/type").asString());
    }

    @Test
    void storeValuesKeepEveryDigit() throws Exception {
        api.put(
                        "/store/items",
                        "{\"namespace\":[\"ledger\"],\"key\":\"k\",\"value\":{\"x\":" + BIG
                                + ",\"y\":120.50,\"n\":123456789012345678901234567890}}")
                .expect(204);
        String item = api.get("/store/items?namespace=ledger&key=k").expect(200).text();
        assertTrue(item.contains("\"x\":" + BIG), item);
        assertTrue(item.contains("\"y\":120.50"), item);
        assertTrue(item.contains("\"n\":123456789012345678901234567890"), item);
    }
}
