package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import dev.switchboard.server.fixtures.ConformanceGraphs;
import dev.switchboard.server.wire.Json;
import dev.switchboard.server.wire.WebhookPolicy;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Webhooks: a run's {@code webhook} is POSTed the run and its thread's values when the run ends,
 * tried again when the receiver fails; the URL policy refuses plain HTTP, hosts not allowed and
 * internal addresses unless the server allows them. The receiver listens on 127.0.0.1, which the
 * first server allows explicitly (loopback, HTTP, that one host); the second keeps the default.
 */
class WebhooksTest {
    private static HttpServer receiver;
    private static final LinkedBlockingQueue<JsonNode> received = new LinkedBlockingQueue<>();
    private static final AtomicInteger calls = new AtomicInteger();
    private static SwitchboardServer allowing;
    private static SwitchboardServer strict;
    private static String hook;

    @BeforeAll
    static void start() throws Exception {
        receiver = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        receiver.createContext("/hook", ex -> {
            byte[] body = ex.getRequestBody().readAllBytes();
            // the first call of each run fails: the server must try again
            boolean fail = calls.incrementAndGet() % 2 == 1;
            if (!fail) {
                received.add(Json.parse(body));
            }
            ex.sendResponseHeaders(fail ? 503 : 200, -1);
            ex.close();
        });
        receiver.start();
        hook = "http://127.0.0.1:" + receiver.getAddress().getPort() + "/hook";
        allowing = ConformanceGraphs.graphs()
                .webhooks(WebhookPolicy.builder()
                        .allowHttp()
                        .allowHosts("127.0.0.1")
                        .allowPrivateNetworks()
                        .build())
                .webhookRetry(Duration.ofMillis(50))
                .port(0)
                .build()
                .start();
        strict = ConformanceGraphs.graphs().port(0).build().start();
    }

    @AfterAll
    static void stop() {
        if (allowing != null) {
            allowing.close();
        }
        if (strict != null) {
            strict.close();
        }
        if (receiver != null) {
            receiver.stop(0);
        }
    }

    @Test
    void aRunsWebhookGetsTheRunAndItsValuesWhenItEndsAfterARetry() throws Exception {
        Api api = new Api(allowing.url(), null);
        String tid = api.newThread();
        JsonNode run = api.post(
                        "/threads/" + tid + "/runs/wait",
                        "{\"assistant_id\":\"chain\",\"input\":{\"trail\":[\"w\"]},\"webhook\":\"" + hook + "\"}")
                .expect(200)
                .json();
        assertEquals("[\"w\",\"a\",\"b\"]", run.get("trail").toString());
        JsonNode sent = received.poll(20, TimeUnit.SECONDS);
        assertTrue(sent != null, "no webhook came");
        assertEquals(tid, sent.get("thread_id").asString());
        assertEquals("success", sent.get("status").asString());
        assertEquals("[\"w\",\"a\",\"b\"]", sent.path("values").path("trail").toString());
        assertEquals(hook, sent.path("kwargs").path("webhook").asString());
        assertTrue(sent.has("webhook_sent_at"));
        assertEquals(2, calls.get(), "one failed call, then one that succeeded");
    }

    @Test
    void thePolicyRefusesWhatItDoesNotAllow() throws Exception {
        Api a = new Api(allowing.url(), null);
        Api s = new Api(strict.url(), null);
        String run = "{\"assistant_id\":\"chain\",\"input\":{\"trail\":[\"x\"]},\"webhook\":\"%s\"}";
        for (String url : List.of(
                hook,
                "https://127.0.0.1/h",
                "https://10.1.2.3/h",
                "https://localhost/h",
                "https://[::1]/h",
                "https://169.254.169.254/latest",
                "ftp://example.com/h")) {
            s.post("/runs", String.format(run, url)).expect(422);
        }
        a.post("/runs", String.format(run, "http://example.com/h")).expect(422); // not an allowed host
        assertTrue(s.post("/threads/" + s.newThread() + "/runs", String.format(run, hook))
                .expect(422)
                .text()
                .contains("https"));
        s.post(
                        "/runs/crons",
                        "{\"assistant_id\":\"chain\",\"schedule\":\"* * * * *\",\"webhook\":\"https://10.0.0.1/\"}")
                .expect(422);
    }
}
