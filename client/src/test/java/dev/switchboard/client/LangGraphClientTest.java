package dev.switchboard.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The client against a Switchboard server in another JVM: assistants, threads, waited, background
 * and streamed runs, joins, state and history, the store, and errors as {@link ApiException}.
 */
class LangGraphClientTest {
    private static ServerJvm server;
    private static LangGraphClient client;

    @BeforeAll
    static void start() throws Exception {
        server = ServerJvm.start();
        client = LangGraphClient.builder(server.url()).build();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    private static JsonNode json(String text) {
        return Http.JSON.readTree(text);
    }

    @Test
    void assistantsAreFoundWithTheirGraphsAndSchemas() {
        Assistant writer = client.assistants().get("writer");
        assertEquals("writer", writer.graphId());
        assertEquals(
                List.of(writer.assistantId()),
                client.assistants().search(Map.of("graph_id", "writer")).stream()
                        .map(Assistant::assistantId)
                        .toList());
        JsonNode input = client.assistants().schemas("writer").get("input_schema");
        assertTrue(input.path("properties").has("topic"), input.toString());
        JsonNode graph = client.assistants().graph("writer", false);
        assertTrue(graph.path("nodes").toString().contains("review"), graph.toString());
        ApiException missing =
                assertThrows(ApiException.class, () -> client.assistants().get("nobody"));
        assertEquals(404, missing.status());
    }

    @Test
    void aWaitedRunPausesOnItsInterruptAndAResumeFinishesIt() {
        String thread = client.threads()
                .create(Map.of("metadata", Map.of("owner", "ana")))
                .threadId();
        JsonNode paused = client.runs().waitFor(thread, "writer", RunRequest.input(Map.of("topic", "cats")));
        // as LangGraph's servers answer a paused run: its interrupts
        assertEquals(
                json("{\"question\":\"publish cats?\"}"),
                paused.get("__interrupt__").get(0).get("value"));
        ThreadState state = client.threads().state(thread);
        assertEquals(json("[\"wrote cats\"]"), state.values().get("log"));
        assertEquals(List.of("review"), state.next());
        assertEquals(
                json("{\"question\":\"publish cats?\"}"),
                state.interrupts().get(0).get("value"));
        assertEquals("interrupted", client.threads().get(thread).status());

        JsonNode done = client.runs().waitFor(thread, "writer", RunRequest.resume("yes"));
        assertEquals(json("[\"wrote cats\",\"reviewed\",\"published: yes\"]"), done.get("log"));
        assertEquals("idle", client.threads().get(thread).status());
        assertEquals(2, client.runs().list(thread, 10, 0).size());
        List<ThreadState> history = client.threads().history(thread, 100);
        assertEquals("published: yes", history.get(0).values().get("log").get(2).asString());
        assertTrue(history.size() >= 4, "checkpoints: " + history.size());
    }

    @Test
    void aStreamedRunSendsItsEventsInOrderAndAJoinReplaysThem() {
        String thread = client.threads().create().threadId();
        List<StreamEvent> events;
        try (Stream<StreamEvent> s = client.runs().stream(
                thread, "writer", RunRequest.input(Map.of("topic", "dogs")).streamMode("updates", "custom"))) {
            events = s.toList();
        }
        assertEquals(
                List.of("metadata", "custom", "updates", "updates"),
                events.stream().map(StreamEvent::event).toList(),
                events.toString());
        assertEquals(json("{\"writing\":\"dogs\"}"), events.get(1).data());
        assertEquals(
                json("{\"write\":{\"log\":[\"wrote dogs\"]}}"), events.get(2).data());
        assertTrue(events.get(3).data().has("__interrupt__"), events.get(3).toString());
        String runId = events.get(0).data().get("run_id").asString();

        try (Stream<StreamEvent> replay =
                client.runs().joinStream(thread, runId, events.get(1).id())) {
            assertEquals(
                    events.subList(2, events.size()).stream()
                            .map(StreamEvent::data)
                            .toList(),
                    replay.map(StreamEvent::data).toList());
        }
    }

    @Test
    void aBackgroundRunIsJoined() {
        String thread = client.threads().create().threadId();
        Run run = client.runs().create(thread, "writer", RunRequest.input(Map.of("topic", "owls")));
        assertEquals(thread, run.threadId());
        client.runs().join(thread, run.runId());
        assertEquals(
                json("[\"wrote owls\"]"),
                client.threads().state(thread).values().get("log"));
        assertEquals("success", client.runs().get(thread, run.runId()).status());
    }

    @Test
    void threadsAreUpdatedSearchedCopiedAndDeleted() {
        String thread = client.threads()
                .create(Map.of("metadata", Map.of("team", "search-test")))
                .threadId();
        client.runs().waitFor(thread, "writer", RunRequest.input(Map.of("topic", "bees")));
        client.threads().update(thread, Map.of("stage", "review"));
        JsonNode metadata = client.threads().get(thread).metadata();
        assertEquals("search-test", metadata.get("team").asString());
        assertEquals("review", metadata.get("stage").asString());
        assertEquals(
                List.of(thread),
                client.threads().search(Map.of("metadata", Map.of("team", "search-test"))).stream()
                        .map(ThreadInfo::threadId)
                        .toList());
        assertEquals(1, client.threads().count(Map.of("metadata", Map.of("team", "search-test"))));

        client.threads().updateState(thread, Map.of("log", List.of("edited")), "write");
        assertEquals(
                json("[\"wrote bees\",\"edited\"]"),
                client.threads().state(thread).values().get("log"));
        String copy = client.threads().copy(thread).threadId();
        assertEquals(
                client.threads().state(thread).values(),
                client.threads().state(copy).values());

        client.threads().delete(copy);
        assertEquals(
                404,
                assertThrows(ApiException.class, () -> client.threads().get(copy))
                        .status());
    }

    @Test
    void decimalsKeepEveryDigitBothWays() {
        // sent as written, and read as written (a double would give 1.2345678901234567E+19)
        BigDecimal amount = new BigDecimal("12345678901234567890.12");
        assertEquals(
                "{\"input\":{\"amount\":12345678901234567890.12},\"assistant_id\":\"a\"}",
                RunRequest.input(Map.of("amount", amount)).body("a").toString());
        assertEquals(
                amount,
                Http.JSON
                        .readTree("{\"amount\":12345678901234567890.12}")
                        .get("amount")
                        .decimalValue());
    }

    @Test
    void theStoreKeepsItemsByNamespaceAndKey() {
        List<String> ns = List.of("client-test", "u1");
        client.store().putItem(ns, "k1", Map.of("v", 1));
        client.store().putItem(List.of("client-test", "u2"), "k1", Map.of("v", 2));
        assertEquals(
                json("{\"v\":1}"),
                client.store().getItem(ns, "k1").orElseThrow().value());
        assertEquals(
                List.of("client-test", "u1"),
                client.store().getItem(ns, "k1").orElseThrow().namespace());
        assertTrue(client.store().getItem(ns, "none").isEmpty());
        assertEquals(
                List.of("k1@u1", "k1@u2"),
                client.store().searchItems(List.of("client-test"), Map.of()).stream()
                        .map(i -> i.key() + "@" + i.namespace().get(1))
                        .sorted()
                        .toList());
        assertEquals(
                List.of(List.of("client-test", "u1"), List.of("client-test", "u2")),
                client.store().listNamespaces(Map.of("prefix", List.of("client-test"))));
        client.store().deleteItem(ns, "k1");
        assertTrue(client.store().getItem(ns, "k1").isEmpty());
    }

    @Test
    void badRequestsAreApiExceptionsWithTheServersDetail() {
        ApiException e = assertThrows(
                ApiException.class, () -> client.runs().waitFor(null, "no-such-graph", RunRequest.input(Map.of())));
        assertTrue(e.status() == 404 || e.status() == 422, e.getMessage());
        assertTrue(e.getMessage().startsWith("POST /runs/wait answered " + e.status() + ": "), e.getMessage());
    }
}
