package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.server.auth.Action;
import dev.switchboard.server.auth.Authorization;
import dev.switchboard.server.auth.Decision;
import dev.switchboard.server.auth.Resource;
import dev.switchboard.server.fixtures.ProtocolGraphs;
import dev.switchboard.server.wire.Json;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.net.http.WebSocketHandshakeException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The thread protocol's WebSocket transport, driven by the JDK's own WebSocket client: commands
 * answered on the socket, events of the socket's subscriptions after their response, a bad message
 * answered without closing, the replay of a second socket, the handshake's checks (token, origin,
 * version) answered as HTTP errors. {@link WebSocketFramesTest} sends what this client cannot:
 * broken frames and handshakes.
 */
class ThreadWebSocketTest {
    private static final Map<String, String> USERS = Map.of("alice-token", "alice", "reader-token", "reader");
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static SwitchboardServer server;

    @BeforeAll
    static void start() throws Exception {
        server = ProtocolGraphs.server()
                .port(0)
                .webSockets(true)
                .authenticator(token -> Optional.ofNullable(USERS.get(token)))
                // reader may read threads but not act on them
                .authorization(Authorization.builder()
                        .on(
                                Resource.THREADS,
                                Action.UPDATE,
                                request -> request.user().equals("reader") ? Decision.deny() : Decision.allow())
                        .build())
                .build()
                .start();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    /** A socket's messages, as JSON, in order. */
    static final class Messages implements WebSocket.Listener {
        final BlockingQueue<JsonNode> received = new LinkedBlockingQueue<>();
        final CompletableFuture<Integer> closed = new CompletableFuture<>();
        private final StringBuilder partial = new StringBuilder();

        @Override
        public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                received.add(Json.parse(partial.toString().getBytes(StandardCharsets.UTF_8)));
                partial.setLength(0);
            }
            ws.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onClose(WebSocket ws, int code, String reason) {
            closed.complete(code);
            return null;
        }

        JsonNode next() throws InterruptedException {
            JsonNode m = received.poll(20, TimeUnit.SECONDS);
            if (m == null) {
                throw new AssertionError("no message within 20 s");
            }
            return m;
        }

        /** Messages until one satisfies {@code done}, that one included. */
        List<JsonNode> until(java.util.function.Predicate<JsonNode> done) throws InterruptedException {
            List<JsonNode> out = new ArrayList<>();
            JsonNode m;
            do {
                m = next();
                out.add(m);
            } while (!done.test(m));
            return out;
        }
    }

    private static URI ws(String threadId) {
        return URI.create("ws://127.0.0.1:" + server.port() + "/threads/" + threadId + "/stream/events");
    }

    private static WebSocket open(String threadId, Messages messages) {
        return HTTP.newWebSocketBuilder()
                .header("Authorization", "Bearer alice-token")
                .buildAsync(ws(threadId), messages)
                .join();
    }

    private static boolean lifecycle(JsonNode m, String event) {
        return m.path("method").asString().equals("lifecycle")
                && m.path("params").path("data").path("event").asString().equals(event);
    }

    @Test
    void commandsAndTheirSubscriptionsEventsShareOneSocket() throws Exception {
        String thread = UUID.randomUUID().toString();
        Messages m = new Messages();
        WebSocket ws = open(thread, m);

        ws.sendText(
                        "{\"id\":1,\"method\":\"subscription.subscribe\",\"params\":{\"channels\":[\"lifecycle\",\"values\"]}}",
                        true)
                .join();
        JsonNode subscribed = m.next();
        assertEquals("success", subscribed.get("type").asString());
        assertEquals(1, subscribed.get("id").asInt());
        assertEquals(0, subscribed.get("result").get("replayed_events").asInt());

        ws.sendText("not json", true).join();
        JsonNode refused = m.next();
        assertEquals("error", refused.get("type").asString());
        assertTrue(refused.get("id").isNull());
        assertEquals("invalid_argument", refused.get("error").asString());

        ws.sendText(
                        "{\"id\":2,\"method\":\"run.start\",\"params\":{\"assistant_id\":\"approval\",\"input\":{\"trail\":[\"x\"]}}}",
                        true)
                .join();
        List<JsonNode> run = m.until(e -> lifecycle(e, "interrupted"));
        JsonNode started = run.stream()
                .filter(e -> e.path("type").asString().equals("success"))
                .findFirst()
                .orElseThrow();
        assertEquals(2, started.get("id").asInt());
        assertTrue(started.get("result").hasNonNull("run_id"));
        assertTrue(run.stream().anyMatch(e -> lifecycle(e, "running")));
        List<Integer> seqs = run.stream()
                .filter(e -> e.path("type").asString().equals("event"))
                .map(e -> e.get("seq").asInt())
                .toList();
        assertEquals(seqs.stream().sorted().distinct().toList(), seqs, "events in order, each once");
        assertTrue(run.stream()
                .anyMatch(e -> e.path("method").asString().equals("values")
                        && e.path("params")
                                .path("data")
                                .path("trail")
                                .toString()
                                .equals("[\"x\",\"draft\"]")));

        // a second socket on the thread: its subscription's response first, then the replay
        Messages again = new Messages();
        WebSocket second = open(thread, again);
        second.sendText(
                        "{\"id\":7,\"method\":\"subscription.subscribe\",\"params\":{\"channels\":[\"lifecycle\"]}}",
                        true)
                .join();
        JsonNode response = again.next();
        assertEquals(7, response.get("id").asInt());
        assertEquals(2, response.get("result").get("replayed_events").asInt());
        assertTrue(lifecycle(again.next(), "running"));
        assertTrue(lifecycle(again.next(), "interrupted"));

        second.sendClose(WebSocket.NORMAL_CLOSURE, "bye").join();
        assertEquals(WebSocket.NORMAL_CLOSURE, again.closed.get(10, TimeUnit.SECONDS));
        ws.sendClose(WebSocket.NORMAL_CLOSURE, "").join();
        assertEquals(WebSocket.NORMAL_CLOSURE, m.closed.get(10, TimeUnit.SECONDS));
    }

    @Test
    void aSocketHoldsAtMost64Subscriptions() throws Exception {
        Messages m = new Messages();
        WebSocket ws = open(UUID.randomUUID().toString(), m);
        for (int i = 1; i <= 65; i++) {
            ws.sendText(
                            "{\"id\":" + i
                                    + ",\"method\":\"subscription.subscribe\",\"params\":{\"channels\":[\"values\"]}}",
                            true)
                    .join();
            JsonNode r = m.next();
            assertEquals(i, r.get("id").asInt());
            assertEquals(i <= 64 ? "success" : "error", r.get("type").asString(), r::toString);
        }
        ws.sendText(
                        "{\"id\":99,\"method\":\"subscription.unsubscribe\",\"params\":{\"subscription_id\":\"nope\"}}",
                        true)
                .join();
        assertEquals("no_such_subscription", m.next().get("error").asString());
        ws.sendClose(WebSocket.NORMAL_CLOSURE, "").join();
    }

    @Test
    void theHandshakeIsCheckedAsAnyRequestIs() throws Exception {
        String thread = UUID.randomUUID().toString();
        assertEquals(401, refusal(HTTP.newWebSocketBuilder()));
        assertEquals(
                403,
                refusal(HTTP.newWebSocketBuilder()
                        .header("Authorization", "Bearer alice-token")
                        .header("Origin", "https://evil.example")));
        // a socket carries commands, so opening one needs what POST .../commands needs
        assertEquals(403, refusal(HTTP.newWebSocketBuilder().header("Authorization", "Bearer reader-token")));
        // the plain HTTP API goes on through the same port
        HttpResponse<String> ok = HTTP.send(
                HttpRequest.newBuilder(URI.create(server.url() + "/ok")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, ok.statusCode());
        assertEquals("{\"ok\":true}", ok.body());
        HttpResponse<String> plain = HTTP.send(
                HttpRequest.newBuilder(URI.create(server.url() + "/threads/" + thread + "/stream/events"))
                        .header("Authorization", "Bearer alice-token")
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(400, plain.statusCode(), plain.body());
    }

    private static int refusal(WebSocket.Builder b) {
        try {
            b.buildAsync(ws(UUID.randomUUID().toString()), new Messages()).join();
            throw new AssertionError("the handshake was accepted");
        } catch (CompletionException e) {
            if (e.getCause() instanceof WebSocketHandshakeException refused) {
                return refused.getResponse().statusCode();
            }
            throw e;
        }
    }
}
