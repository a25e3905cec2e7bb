package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.server.fixtures.ConformanceGraphs;
import dev.switchboard.server.wire.Json;
import java.net.URI;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Resumable streams and {@code on_disconnect} on one server, with the {@code slow} graph (three
 * steps of 1.2 s): SSE events carry their id in the run's stream; a join stream with {@code
 * Last-Event-ID} gets exactly the events after it and then the live ones; a client hanging up
 * cancels the run only when it asked so ({@code on_disconnect: "cancel"}, {@code
 * cancel_on_disconnect}).
 */
class ResumableStreamTest {
    private static final String SLOW =
            "{\"assistant_id\":\"slow\",\"input\":{\"trail\":[\"A\"]},\"stream_mode\":[\"values\",\"updates\"]";

    private SwitchboardServer server;
    private Api api;

    @BeforeEach
    void start() throws Exception {
        server = ConformanceGraphs.server(new MemorySaver()).port(0).build().start();
        api = new Api(server.url(), null);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aClientRejoiningWithTheLastEventIdGetsExactlyTheRemainingEventsInOrder() throws Exception {
        String tid = api.newThread();
        List<Sse.Event> first;
        String location;
        try (Sse s = Sse.post(uri("/threads/" + tid + "/runs/stream"), SLOW + ",\"stream_resumable\":true}")) {
            first = s.take(3);
            location = s.header("Location").orElseThrow();
        }
        String run =
                api.get("/threads/" + tid + "/runs").json().get(0).get("run_id").asString();
        assertEquals("/threads/" + tid + "/runs/" + run + "/stream", location);
        assertEquals("running", status(tid, run), "rejoined while the run still runs");
        List<Sse.Event> rest;
        try (Sse s = Sse.get(uri(location), "Last-Event-ID", first.get(2).id())) {
            rest = s.rest();
        }
        assertEquals("success", status(tid, run));
        List<Sse.Event> all;
        try (Sse s = Sse.get(uri(location))) {
            all = s.rest();
        }
        assertEquals(8, all.size(), all::toString); // metadata, then values and updates of 3 steps
        assertEquals(IntStream.range(0, 8).mapToObj(String::valueOf).toList(), ids(all));
        assertEquals(all.subList(0, 3), first);
        assertEquals(all.subList(3, 8), rest);
        assertTrue(rest.get(rest.size() - 1).data().contains("[\"A\",1,2,3]"), rest::toString);
    }

    @Test
    void lastEventIdMinusOneReplaysFromTheStartAndABadOneIsA400() throws Exception {
        String tid = api.newThread();
        JsonNode run = api.post("/threads/" + tid + "/runs/wait", SLOW.replace("slow", "chain") + "}")
                .expect(200)
                .json();
        String runId =
                api.get("/threads/" + tid + "/runs").json().get(0).get("run_id").asString();
        String path = "/threads/" + tid + "/runs/" + runId + "/stream";
        List<Sse.Event> all;
        try (Sse s = Sse.get(uri(path), "Last-Event-ID", "-1")) {
            all = s.rest();
        }
        assertEquals("metadata", all.get(0).name());
        assertEquals("0", all.get(0).id());
        assertTrue(all.get(all.size() - 1).data().contains(run.get("trail").toString()), all::toString);
        Api.Reply bad = send(path, "Last-Event-ID", "abc");
        assertEquals(400, bad.status(), bad.text());
        assertTrue(bad.text().contains("Last-Event-ID must be the id of an event of this run's stream"), bad.text());
    }

    @Test
    void badStreamResumableAndOnDisconnectValuesAreA400() throws Exception {
        String tid = api.newThread();
        Api.Reply r = api.post("/threads/" + tid + "/runs/stream", SLOW + ",\"stream_resumable\":\"yes\"}");
        assertEquals(400, r.status(), r.text());
        assertTrue(r.text().contains("\"path\":[\"stream_resumable\"]"), r.text());
        assertTrue(r.text().contains("Expected boolean, received string"), r.text());
        r = api.post("/threads/" + tid + "/runs/stream", SLOW + ",\"on_disconnect\":\"stop\"}");
        assertEquals(400, r.status(), r.text());
        assertTrue(r.text().contains("\"path\":[\"on_disconnect\"]"), r.text());
    }

    @Test
    void onDisconnectCancelInterruptsTheRunWhenTheClientHangsUp() throws Exception {
        String tid = api.newThread();
        try (Sse s = Sse.post(uri("/threads/" + tid + "/runs/stream"), SLOW + ",\"on_disconnect\":\"cancel\"}")) {
            assertEquals("metadata", s.next().name());
        }
        String run =
                api.get("/threads/" + tid + "/runs").json().get(0).get("run_id").asString();
        api.poll(
                "/threads/" + tid + "/runs/" + run,
                r -> !r.get("status").asString().equals("running"));
        assertEquals("interrupted", status(tid, run));
        Thread.sleep(3 * 1300); // what would have been the rest of the run
        assertEquals("interrupted", status(tid, run));
        List<Object> trail = trail(tid);
        assertFalse(trail.contains(3), () -> "the last step never ran: " + trail);
    }

    @Test
    void byDefaultTheRunGoesOnWhenTheClientHangsUp() throws Exception {
        String tid = api.newThread();
        try (Sse s = Sse.post(uri("/threads/" + tid + "/runs/stream"), SLOW + "}")) {
            assertEquals("metadata", s.next().name());
        }
        String run =
                api.get("/threads/" + tid + "/runs").json().get(0).get("run_id").asString();
        JsonNode joined = api.get("/threads/" + tid + "/runs/" + run + "/join")
                .expect(200)
                .json();
        assertEquals("[\"A\",1,2,3]", joined.get("trail").toString());
        assertEquals("success", status(tid, run));
    }

    @Test
    void cancelOnDisconnectOnAJoinStreamInterruptsTheRun() throws Exception {
        String tid = api.newThread();
        String run = api.post("/threads/" + tid + "/runs", SLOW + "}")
                .expect(200)
                .json()
                .get("run_id")
                .asString();
        String path = "/threads/" + tid + "/runs/" + run + "/stream?cancel_on_disconnect=1";
        try (Sse s = Sse.get(uri(path))) {
            assertEquals("metadata", s.next().name());
        }
        api.poll(
                "/threads/" + tid + "/runs/" + run,
                r -> !r.get("status").asString().equals("running"));
        assertEquals("interrupted", status(tid, run));
        List<Object> trail = trail(tid);
        assertFalse(trail.contains(3), () -> "the last step never ran: " + trail);
    }

    private URI uri(String path) {
        return server.url().resolve(path);
    }

    private Api.Reply send(String path, String... headers) throws Exception {
        var r = java.net.http.HttpClient.newHttpClient()
                .send(
                        java.net.http.HttpRequest.newBuilder(uri(path))
                                .headers(headers)
                                .GET()
                                .build(),
                        java.net.http.HttpResponse.BodyHandlers.ofString());
        return new Api.Reply(r.statusCode(), "", r.body(), r.headers());
    }

    private String status(String tid, String run) throws Exception {
        return api.get("/threads/" + tid + "/runs/" + run)
                .expect(200)
                .json()
                .get("status")
                .asString();
    }

    private List<Object> trail(String tid) throws Exception {
        return Json.MAPPER.convertValue(
                api.get("/threads/" + tid + "/state").json().path("values").path("trail"), List.class);
    }

    private static List<String> ids(List<Sse.Event> events) {
        return events.stream().map(Sse.Event::id).toList();
    }
}
