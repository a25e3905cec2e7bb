package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import dev.switchboard.server.wire.Json;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.function.Predicate;
import tools.jackson.databind.JsonNode;

/** A small HTTP client for the tests: JSON in, status and JSON (or text) out. */
final class Api {
    /** One answer. */
    record Reply(int status, String contentType, String text, java.net.http.HttpHeaders headers) {
        String header(String name) {
            return headers.firstValue(name).orElse(null);
        }

        JsonNode json() {
            return Json.parse(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }

        Reply expect(int expected) {
            assertEquals(expected, status, () -> "status of a reply with body " + text);
            return this;
        }
    }

    private final HttpClient http = HttpClient.newHttpClient();
    private final URI base;
    private final String token;

    Api(URI base, String token) {
        this.base = base;
        this.token = token;
    }

    Api as(String otherToken) {
        return new Api(base, otherToken);
    }

    Reply get(String path) throws Exception {
        return send(request(path).GET());
    }

    Reply delete(String path) throws Exception {
        return send(request(path).DELETE());
    }

    Reply post(String path, String json) throws Exception {
        return send(request(path).POST(HttpRequest.BodyPublishers.ofString(json)));
    }

    Reply patch(String path, String json) throws Exception {
        return send(request(path).method("PATCH", HttpRequest.BodyPublishers.ofString(json)));
    }

    Reply put(String path, String json) throws Exception {
        return send(request(path).PUT(HttpRequest.BodyPublishers.ofString(json)));
    }

    Reply delete(String path, String json) throws Exception {
        return send(request(path).method("DELETE", HttpRequest.BodyPublishers.ofString(json)));
    }

    private HttpRequest.Builder request(String path) {
        HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve(path))
                .timeout(Duration.ofSeconds(60))
                .header("Content-Type", "application/json");
        return token == null ? b : b.header("Authorization", "Bearer " + token);
    }

    private Reply send(HttpRequest.Builder b) throws Exception {
        HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        return new Reply(r.statusCode(), r.headers().firstValue("Content-Type").orElse(""), r.body(), r.headers());
    }

    /**
     * Sends a request and reads only its status and headers, then closes it: for a stream that
     * stays open (a protocol event stream opened before its thread exists).
     */
    Reply opening(String method, String path, String json) throws Exception {
        HttpRequest.Builder b = request(path)
                .method(
                        method,
                        json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json));
        HttpResponse<java.io.InputStream> r = http.send(b.build(), HttpResponse.BodyHandlers.ofInputStream());
        r.body().close();
        return new Reply(r.statusCode(), r.headers().firstValue("Content-Type").orElse(""), "", r.headers());
    }

    String newThread() throws Exception {
        return post("/threads", "{}").expect(200).json().get("thread_id").asString();
    }

    /**
     * Starts a run of a trail graph ({@code gated}, {@code stalled}) on a new thread, input
     * {@code ["A"]} plus the body's {@code moreFields} (JSON members, or empty), and waits until its
     * first step is committed; answers the thread and run ids.
     */
    String[] runPastItsFirstStep(String assistant, String moreFields) throws Exception {
        String tid = newThread();
        String run = post(
                        "/threads/" + tid + "/runs",
                        "{\"assistant_id\":\"" + assistant + "\",\"input\":{\"trail\":[\"A\"]}"
                                + (moreFields.isEmpty() ? "" : "," + moreFields) + "}")
                .expect(200)
                .json()
                .get("run_id")
                .asString();
        poll("/threads/" + tid + "/state", s -> s.path("values").path("trail").size() == 2);
        return new String[] {tid, run};
    }

    /** Polls {@code path} until {@code done} holds for its JSON (10 s at most). */
    JsonNode poll(String path, Predicate<JsonNode> done) throws Exception {
        long end = System.currentTimeMillis() + 10_000;
        while (System.currentTimeMillis() < end) {
            JsonNode n = get(path).expect(200).json();
            if (done.test(n)) {
                return n;
            }
            Thread.sleep(10);
        }
        return fail("timed out polling " + path);
    }
}
