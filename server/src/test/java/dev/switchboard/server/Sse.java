package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** An SSE client for the tests: reads a stream event by event and can hang up mid-stream. */
final class Sse implements AutoCloseable {
    /** One event as sent: its id (null when the frame had none), name and data. */
    record Event(String id, String name, String data) {
        @Override
        public String toString() {
            return id + ":" + name + ":" + data;
        }
    }

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private final HttpResponse<InputStream> response;
    private final BufferedReader lines;

    private Sse(HttpResponse<InputStream> response) {
        this.response = response;
        this.lines = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8));
    }

    static Sse get(URI uri, String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri).GET();
        if (headers.length > 0) {
            b.headers(headers);
        }
        return open(b);
    }

    static Sse post(URI uri, String json) throws Exception {
        return open(HttpRequest.newBuilder(uri)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)));
    }

    private static Sse open(HttpRequest.Builder b) throws Exception {
        Sse s = new Sse(HTTP.send(b.build(), HttpResponse.BodyHandlers.ofInputStream()));
        assertEquals(200, s.response.statusCode());
        return s;
    }

    Optional<String> header(String name) {
        return response.headers().firstValue(name);
    }

    /** The next event, or null at the end of the stream; comments (heartbeats) are skipped. */
    Event next() throws IOException {
        String id = null;
        String name = null;
        String data = null;
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            if (line.isEmpty()) {
                if (name != null) {
                    return new Event(id, name, data);
                }
            } else if (line.startsWith("event: ")) {
                name = line.substring(7);
            } else if (line.startsWith("data: ")) {
                data = line.substring(6);
            } else if (line.startsWith("id: ")) {
                id = line.substring(4);
            }
        }
        return null;
    }

    /** The next {@code n} events. */
    List<Event> take(int n) throws IOException {
        List<Event> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(next());
        }
        return out;
    }

    /** Every event until the server ends the stream. */
    List<Event> rest() throws IOException {
        List<Event> out = new ArrayList<>();
        for (Event e = next(); e != null; e = next()) {
            out.add(e);
        }
        return out;
    }

    /** Hangs up: the connection closes whatever the server still has to send. */
    @Override
    public void close() throws IOException {
        response.body().close();
    }
}
