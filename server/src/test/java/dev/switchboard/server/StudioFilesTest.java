package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.server.fixtures.ConformanceGraphs;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Studio's files: the page, its modules and the vendored Mermaid, and nothing else under /studio. */
class StudioFilesTest {
    private final HttpClient http = HttpClient.newHttpClient();
    private SwitchboardServer server;

    @BeforeEach
    void start() throws Exception {
        server = ConformanceGraphs.server(new MemorySaver())
                .authenticator(token -> java.util.Optional.empty())
                .port(0)
                .build()
                .start();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private HttpResponse<String> send(String method, String path) throws Exception {
        URI uri = URI.create(server.url() + path);
        HttpRequest request = HttpRequest.newBuilder(uri)
                .method(method, HttpRequest.BodyPublishers.noBody())
                .build();
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void theBarePathRedirectsToTheFolderSoRelativeModulesResolve() throws Exception {
        HttpResponse<String> r = send("GET", "/studio");
        assertEquals(308, r.statusCode());
        assertEquals("studio/", r.headers().firstValue("Location").orElseThrow());
    }

    @Test
    void thePageAndItsModulesAreServedWithoutATokenEvenWhenTheApiNeedsOne() throws Exception {
        HttpResponse<String> page = send("GET", "/studio/");
        assertEquals(200, page.statusCode());
        assertEquals(
                "text/html; charset=utf-8",
                page.headers().firstValue("Content-Type").orElseThrow());
        assertTrue(page.body().contains("<script src=\"vendor/mermaid.min.js\"></script>"), page.body());
        HttpResponse<String> app = send("GET", "/studio/app.js");
        assertEquals(200, app.statusCode());
        assertEquals(
                "text/javascript; charset=utf-8",
                app.headers().firstValue("Content-Type").orElseThrow());
        assertEquals(401, send("POST", "/threads/search").statusCode());
    }

    @Test
    void mermaidComesFromItsWebjarOnTheClasspath() throws Exception {
        HttpResponse<String> r = send("GET", "/studio/vendor/mermaid.min.js");
        assertEquals(200, r.statusCode());
        assertTrue(
                r.body().length() > 1_000_000, "mermaid.min.js is " + r.body().length() + " chars");
        assertTrue(r.body().contains("mermaid"));
    }

    @Test
    void pathsOutsideThePagesFolderAndOtherMethodsAreRefused() throws Exception {
        for (String path : new String[] {
            "/studio/../Studio.class",
            "/studio/%2e%2e/Studio.class",
            "/studio/nope.js",
            "/studio/sub/app.js",
            "/studiox"
        }) {
            assertEquals(404, send("GET", path).statusCode(), path);
        }
        HttpResponse<String> post = send("POST", "/studio/app.js");
        assertEquals(405, post.statusCode());
        assertEquals("GET, HEAD", post.headers().firstValue("Allow").orElseThrow());
    }
}
