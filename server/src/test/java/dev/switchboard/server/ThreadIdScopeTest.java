package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.server.fixtures.ConformanceGraphs;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Owner-scoped thread ids (issue 30, item 14), over real HTTP on SQLite and PostgreSQL: for bob,
 * alice's thread id answers exactly as an id nobody uses, on every thread-addressed route, and
 * creating it gives bob a thread of his own under that id, while alice's stays as it was. Every
 * {@code thread_id} bob is answered (threads, runs, state and history configs and metadata, stream
 * events) is the id he named. Without an authenticator ids stay one global space (the server
 * conformance tests run so).
 */
class ThreadIdScopeTest {
    private static final Map<String, String> USERS = Map.of("token-alice", "alice", "token-bob", "bob");
    private static final Pattern THREAD_ID = Pattern.compile("\"thread_id\":\"([0-9a-fA-F-]{36})\"");

    private static final java.util.concurrent.BlockingQueue<JsonNode> HOOKED =
            new java.util.concurrent.LinkedBlockingQueue<>();
    private static com.sun.net.httpserver.HttpServer receiver;

    @org.junit.jupiter.api.BeforeAll
    static void receive() throws Exception {
        receiver = com.sun.net.httpserver.HttpServer.create(
                new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0), 0);
        receiver.createContext("/hook", ex -> {
            HOOKED.add(
                    dev.switchboard.server.wire.Json.parse(ex.getRequestBody().readAllBytes()));
            ex.sendResponseHeaders(200, -1);
            ex.close();
        });
        receiver.start();
    }

    @org.junit.jupiter.api.AfterAll
    static void stopReceiving() {
        receiver.stop(0);
    }

    private static ServerBuilder secured(ServerBuilder b) {
        return b.authenticator(token -> Optional.ofNullable(USERS.get(token)))
                .webhooks(dev.switchboard.server.wire.WebhookPolicy.builder()
                        .allowHttp()
                        .allowHosts("127.0.0.1")
                        .allowPrivateNetworks()
                        .build())
                .port(0);
    }

    @Test
    void onSqlite(@TempDir Path tmp) throws Exception {
        String url = "jdbc:sqlite:" + tmp.resolve("ids.db");
        String shared = UUID.randomUUID().toString();
        try (SwitchboardServer server =
                secured(ConformanceGraphs.graphs().database(url)).build().start()) {
            tenantsApart(server, shared);
        }
        // the key is the database's: after a restart each tenant still reaches their own thread
        try (SwitchboardServer server =
                secured(ConformanceGraphs.graphs().database(url)).build().start()) {
            Api alice = new Api(server.url(), "token-alice");
            Api bob = alice.as("token-bob");
            assertEquals(
                    List.of("alice", "a", "b"),
                    trail(alice.get("/threads/" + shared + "/state").expect(200).json()));
            assertEquals(
                    List.of("bob", "a", "b"),
                    trail(bob.get("/threads/" + shared + "/state").expect(200).json()));
        }
    }

    @Test
    void onPostgres() throws Exception {
        try (TestPostgres db = TestPostgres.schema();
                SwitchboardServer server = secured(ConformanceGraphs.graphs().database(db.url()))
                        .build()
                        .start()) {
            tenantsApart(server, UUID.randomUUID().toString());
        }
    }

    /** Opted out, ids are one global space as in LangGraph: another's id answers 409, stored as named. */
    @Test
    void globalIdsWhenOptedOut() throws Exception {
        try (SwitchboardServer server = secured(
                        ConformanceGraphs.server(new dev.switchboard.runtime.checkpoint.MemorySaver()))
                .ownerScopedThreadIds(false)
                .build()
                .start()) {
            Api alice = new Api(server.url(), "token-alice");
            String id = UUID.randomUUID().toString();
            alice.post("/threads", "{\"thread_id\":\"" + id + "\"}").expect(200);
            alice.as("token-bob")
                    .post("/threads", "{\"thread_id\":\"" + id + "\"}")
                    .expect(409);
            alice.as("token-bob").get("/threads/" + id).expect(404);
            assertEquals(id, server.storedThreadId("alice", id));
        }
    }

    private static void tenantsApart(SwitchboardServer server, String shared) throws Exception {
        Api alice = new Api(server.url(), "token-alice");
        Api bob = alice.as("token-bob");
        JsonNode mine = alice.post("/threads", "{\"thread_id\":\"" + shared + "\",\"metadata\":{\"who\":\"alice\"}}")
                .expect(200)
                .json();
        assertEquals(shared, mine.get("thread_id").asString());
        alice.post(
                        "/threads/" + shared + "/runs/wait",
                        "{\"assistant_id\":\"chain\",\"input\":{\"trail\":[\"alice\"]}}")
                .expect(200);
        String missing = UUID.randomUUID().toString();

        // every thread-addressed answer bob gets for alice's id is the one a missing id gets
        List<String> differ = new ArrayList<>();
        for (String[] call : List.of(
                new String[] {"GET", "/threads/{id}", null},
                new String[] {"PATCH", "/threads/{id}", "{\"metadata\":{\"x\":1}}"},
                new String[] {"GET", "/threads/{id}/state", null},
                new String[] {"POST", "/threads/{id}/state", "{\"values\":{\"trail\":[\"bob\"]}}"},
                new String[] {"GET", "/threads/{id}/history", null},
                new String[] {"POST", "/threads/{id}/history", "{}"},
                new String[] {"POST", "/threads/{id}/copy", "{}"},
                new String[] {"GET", "/threads/{id}/runs", null},
                new String[] {"POST", "/threads/{id}/runs", "{\"assistant_id\":\"chain\",\"input\":{}}"},
                new String[] {
                    "POST", "/threads/{id}/runs/crons", "{\"assistant_id\":\"chain\",\"schedule\":\"0 0 1 1 *\"}"
                },
                new String[] {"GET", "/threads/{id}/stream", null},
                new String[] {"POST", "/threads/{id}/commands", "{\"id\":1,\"method\":\"state.get\",\"params\":{}}"},
                new String[] {"POST", "/runs/cancel", "{\"thread_id\":\"{id}\"}"},
                new String[] {"POST", "/threads/prune", "{\"thread_ids\":[\"{id}\"]}"},
                new String[] {"POST", "/threads/search", "{\"ids\":[\"{id}\"]}"},
                new String[] {"DELETE", "/threads/{id}", null})) {
            Api.Reply theirs = send(bob, call, shared);
            Api.Reply none = send(bob, call, missing);
            if (theirs.status() != none.status()
                    || !theirs.text().replace(shared, "<id>").equals(none.text().replace(missing, "<id>"))) {
                differ.add(call[0] + " " + call[1] + ": " + theirs.status() + " " + theirs.text() + " vs "
                        + none.status() + " " + none.text());
            }
        }
        Api.Reply stream = bob.opening("POST", "/threads/" + shared + "/stream/events", "{\"channels\":[\"values\"]}");
        Api.Reply ghost = bob.opening("POST", "/threads/" + missing + "/stream/events", "{\"channels\":[\"values\"]}");
        assertEquals(ghost.status(), stream.status());
        assertEquals(ghost.contentType(), stream.contentType());
        assertEquals(List.of(), differ);

        // bob creates the id alice uses: his own thread, hers untouched
        JsonNode his = bob.post("/threads", "{\"thread_id\":\"" + shared + "\",\"metadata\":{\"who\":\"bob\"}}")
                .expect(200)
                .json();
        assertEquals(shared, his.get("thread_id").asString());
        assertEquals("bob", his.path("metadata").path("who").asString(), his::toString);
        bob.post("/threads", "{\"thread_id\":\"" + shared + "\"}").expect(409); // his own, now
        Api.Reply ran = bob.post(
                        "/threads/" + shared + "/runs/stream",
                        "{\"assistant_id\":\"chain\",\"input\":{\"trail\":[\"bob\"]},"
                                + "\"stream_mode\":[\"values\",\"updates\",\"debug\",\"checkpoints\"]}")
                .expect(200);
        JsonNode state = bob.get("/threads/" + shared + "/state").expect(200).json();
        assertEquals(List.of("bob", "a", "b"), trail(state));
        JsonNode aliceState =
                alice.get("/threads/" + shared + "/state").expect(200).json();
        assertEquals(List.of("alice", "a", "b"), trail(aliceState));
        assertEquals(
                "alice",
                alice.get("/threads/" + shared)
                        .expect(200)
                        .json()
                        .path("metadata")
                        .path("who")
                        .asString());
        assertEquals(1, alice.post("/threads/count", "{}").expect(200).json().asInt());
        assertEquals(1, bob.post("/threads/count", "{}").expect(200).json().asInt());
        assertNotEquals(
                aliceState.path("checkpoint").path("checkpoint_id").asString(),
                state.path("checkpoint").path("checkpoint_id").asString());

        // a webhook names the thread as its owner does
        HOOKED.clear();
        bob.post(
                        "/threads/" + shared + "/runs/wait",
                        "{\"assistant_id\":\"chain\",\"input\":{},\"webhook\":\"http://127.0.0.1:"
                                + receiver.getAddress().getPort() + "/hook\"}")
                .expect(200);
        JsonNode hooked = HOOKED.poll(10, java.util.concurrent.TimeUnit.SECONDS);
        assertTrue(hooked != null, "no webhook call");
        assertEquals(shared, hooked.path("thread_id").asString(), hooked::toString);
        // every thread id in bob's answers is the one he named
        String runs = bob.get("/threads/" + shared + "/runs").expect(200).text();
        String runId = bob.get("/threads/" + shared + "/runs")
                .expect(200)
                .json()
                .get(0)
                .get("run_id")
                .asString();
        for (String answer : List.of(
                his.toString(),
                ran.text(),
                state.toString(),
                runs,
                bob.get("/threads/" + shared + "/history").expect(200).text(),
                bob.post("/threads/search", "{}").expect(200).text(),
                bob.get("/threads/" + shared + "/runs/" + runId).expect(200).text())) {
            List<String> ids = threadIds(answer);
            assertFalse(ids.isEmpty(), answer);
            assertEquals(List.of(shared), ids.stream().distinct().toList(), answer);
        }
        assertTrue(ran.text().contains("\"thread_id\":\"" + shared + "\""), ran.text());
        // a copy is bob's, under an id of its own that he then reaches
        JsonNode copy =
                bob.post("/threads/" + shared + "/copy", "{}").expect(200).json();
        String copied = copy.get("thread_id").asString();
        assertNotEquals(shared, copied);
        assertEquals(
                List.of(copied), threadIds(copy.toString()).stream().distinct().toList());
        assertEquals(
                trail(bob.get("/threads/" + shared + "/state").expect(200).json()),
                trail(bob.get("/threads/" + copied + "/state").expect(200).json()));
        alice.get("/threads/" + copied).expect(404);
        // a stateless run's kept thread is reached by the id its answer names
        JsonNode kept = bob.post(
                        "/runs/wait",
                        "{\"assistant_id\":\"chain\",\"input\":{\"trail\":[\"k\"]},\"on_completion\":\"keep\"}")
                .expect(200)
                .json();
        JsonNode runList =
                bob.post("/threads/search", "{\"limit\":10}").expect(200).json();
        for (JsonNode t : runList) {
            bob.get("/threads/" + t.get("thread_id").asString()).expect(200);
        }
        assertTrue(kept.isObject(), kept::toString);
        // bob's delete removes his thread, not alice's
        bob.delete("/threads/" + shared).expect(204);
        bob.get("/threads/" + shared).expect(404);
        alice.get("/threads/" + shared).expect(200);
        // a fresh thread again for the restart check
        bob.post("/threads", "{\"thread_id\":\"" + shared + "\"}").expect(200);
        bob.post("/threads/" + shared + "/runs/wait", "{\"assistant_id\":\"chain\",\"input\":{\"trail\":[\"bob\"]}}")
                .expect(200);
    }

    private static Api.Reply send(Api api, String[] call, String id) throws Exception {
        String path = call[1].replace("{id}", id);
        String body = call[2] == null ? null : call[2].replace("{id}", id);
        return switch (call[0]) {
            case "GET" -> api.get(path);
            case "DELETE" -> api.delete(path);
            case "PATCH" -> api.patch(path, body);
            default -> api.post(path, body);
        };
    }

    private static List<String> threadIds(String text) {
        List<String> out = new ArrayList<>();
        Matcher m = THREAD_ID.matcher(text.replace("\": \"", "\":\""));
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    private static List<String> trail(JsonNode state) {
        List<String> out = new ArrayList<>();
        state.path("values").path("trail").forEach(n -> out.add(n.asString()));
        return out;
    }
}
