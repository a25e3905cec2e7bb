package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.server.fixtures.ConformanceGraphs;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What a browser can make the server do, over real sockets: CORS for loopback pages and configured
 * origins only (preflights answered, the SDK's headers exposed), no cross-site "simple" request
 * and no form body reaches a graph, a rebound host name is refused, Studio's pages carry their
 * security headers, and HEAD answers without the JDK's warnings.
 */
class BrowserBoundaryTest {
    private static SwitchboardServer server;
    private static SwitchboardServer configured;
    private static int port;

    @BeforeAll
    static void start() throws Exception {
        server = ConformanceGraphs.server(new MemorySaver()).port(0).build().start();
        port = server.port();
        configured = ConformanceGraphs.server(new MemorySaver())
                .allowOrigins("https://app.example.com")
                .allowHosts("switchboard.internal")
                .port(0)
                .build()
                .start();
    }

    @AfterAll
    static void stop() {
        server.close();
        configured.close();
    }

    private static int runs() throws Exception {
        RawHttp.Reply r = RawHttp.send(port, "POST", "/threads/count", "{}", "Content-Type: application/json");
        return Integer.parseInt(r.body().trim());
    }

    @Test
    void aLoopbackPageOnAnyPortGetsCorsAndItsPreflightAnswered() throws Exception {
        RawHttp.Reply pre = RawHttp.send(
                port,
                "OPTIONS",
                "/threads/search",
                null,
                "Origin: http://localhost:5173",
                "Access-Control-Request-Method: POST",
                "Access-Control-Request-Headers: content-type,x-api-key");
        assertEquals(204, pre.status());
        assertEquals("http://localhost:5173", pre.header("Access-Control-Allow-Origin"));
        assertTrue(pre.header("Access-Control-Allow-Methods").contains("POST"));
        assertEquals("content-type,x-api-key", pre.header("Access-Control-Allow-Headers"));
        RawHttp.Reply search = RawHttp.send(
                port,
                "POST",
                "/threads/search",
                "{}",
                "Origin: http://127.0.0.1:3000",
                "Content-Type: application/json");
        assertEquals(200, search.status());
        assertEquals("http://127.0.0.1:3000", search.header("Access-Control-Allow-Origin"));
        assertTrue(search.header("Access-Control-Expose-Headers").contains("Content-Location"));
        assertTrue(search.header("Access-Control-Expose-Headers").contains("X-Pagination-Total"));
    }

    @Test
    void aPageOfAnotherSiteCanNeitherPreflightNorSendASimpleRequest() throws Exception {
        int before = runs();
        RawHttp.Reply pre = RawHttp.send(
                port,
                "OPTIONS",
                "/runs/wait",
                null,
                "Origin: https://evil.example",
                "Access-Control-Request-Method: POST");
        assertEquals(403, pre.status());
        assertNull(pre.header("Access-Control-Allow-Origin"));
        // what a page can send without a preflight: a text/plain POST
        RawHttp.Reply simple = RawHttp.send(
                port,
                "POST",
                "/threads",
                "{\"metadata\":{\"from\":\"evil\"}}",
                "Origin: https://evil.example",
                "Content-Type: text/plain");
        assertEquals(403, simple.status());
        assertEquals(before, runs(), "no thread was created");
    }

    @Test
    void aBodyThatIsNotJsonIsRefusedBeforeAnythingRuns() throws Exception {
        int before = runs();
        RawHttp.Reply form =
                RawHttp.send(port, "POST", "/threads", "metadata=x", "Content-Type: application/x-www-form-urlencoded");
        assertEquals(415, form.status());
        RawHttp.Reply plain = RawHttp.send(port, "POST", "/threads", "{}", "Content-Type: text/plain");
        assertEquals(415, plain.status());
        assertEquals(before, runs());
        RawHttp.Reply empty = RawHttp.send(port, "POST", "/threads/count", null);
        assertEquals(200, empty.status(), "a request without a body needs no content type");
    }

    @Test
    void aRequestForAnotherHostNameIsRefused() throws Exception {
        RawHttp.Reply rebound = RawHttp.send(
                port, "POST", "/threads/search", "{}", "Host: evil.example:" + port, "Content-Type: application/json");
        assertEquals(403, rebound.status());
        RawHttp.Reply local = RawHttp.send(
                port, "POST", "/threads/search", "{}", "Host: localhost:" + port, "Content-Type: application/json");
        assertEquals(200, local.status());
    }

    @Test
    void configuredOriginsAndHostsAreAnsweredAndOthersStillRefused() throws Exception {
        int p = configured.port();
        RawHttp.Reply app = RawHttp.send(
                p,
                "POST",
                "/threads/search",
                "{}",
                "Host: switchboard.internal",
                "Origin: https://app.example.com",
                "Content-Type: application/json");
        assertEquals(200, app.status());
        assertEquals("https://app.example.com", app.header("Access-Control-Allow-Origin"));
        assertEquals(
                403,
                RawHttp.send(p, "GET", "/info", null, "Origin: https://other.example.com")
                        .status());
        assertEquals(
                403,
                RawHttp.send(p, "GET", "/info", null, "Host: other.internal").status());
    }

    @Test
    void studioCarriesItsSecurityHeadersAndEveryAnswerSaysNosniff() throws Exception {
        RawHttp.Reply page = RawHttp.send(port, "GET", "/studio/", null);
        assertEquals(200, page.status());
        assertTrue(page.header("Content-Security-Policy").contains("frame-ancestors 'none'"));
        assertTrue(page.header("Content-Security-Policy").contains("script-src 'self'"));
        assertEquals("DENY", page.header("X-Frame-Options"));
        assertEquals("nosniff", page.header("X-Content-Type-Options"));
        assertEquals("nosniff", RawHttp.send(port, "GET", "/info", null).header("X-Content-Type-Options"));
    }

    @Test
    void headAnswersHeadersOnlyWithoutTheJdksWarnings() throws Exception {
        List<LogRecord> warnings = new ArrayList<>();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord r) {
                if (r.getLevel().intValue() >= Level.WARNING.intValue()) {
                    warnings.add(r);
                }
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };
        Logger jdk = Logger.getLogger("com.sun.net.httpserver");
        jdk.addHandler(capture);
        try {
            for (String path : List.of("/ok", "/info", "/studio/", "/threads/search")) {
                RawHttp.Reply r = RawHttp.send(port, "HEAD", path, null);
                assertTrue(r.status() < 500, path + " answered " + r.status());
                assertEquals("", r.body());
            }
        } finally {
            jdk.removeHandler(capture);
        }
        assertEquals(List.of(), warnings.stream().map(LogRecord::getMessage).toList());
    }
}
