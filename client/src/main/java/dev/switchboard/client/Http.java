package dev.switchboard.client;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Spliterators;
import java.util.StringJoiner;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.NullNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.node.StringNode;

/**
 * The HTTP exchange under every client call: JSON requests and answers, errors as {@link
 * ApiException}, and server-sent event streams read lazily from the answer's lines.
 */
final class Http {
    /** Numbers keep every digit: a decimal is read as a BigDecimal, not a double. */
    static final JsonMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    private final HttpClient client;
    private final URI base;
    private final Map<String, String> headers;
    private final Duration timeout;

    Http(HttpClient client, URI base, Map<String, String> headers, Duration timeout) {
        this.client = client;
        this.base = base;
        this.headers = headers;
        this.timeout = timeout;
    }

    static ObjectNode object() {
        return JSON.createObjectNode();
    }

    /** Any value as JSON: a tree stays as it is, maps, lists, records and scalars are converted. */
    static JsonNode tree(Object value) {
        return value instanceof JsonNode n ? n : JSON.valueToTree(value);
    }

    static String segment(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }

    static String query(Map<String, ?> params) {
        StringJoiner q = new StringJoiner("&", "?", "").setEmptyValue("");
        params.forEach((k, v) -> {
            if (v != null) {
                q.add(segment(k) + "=" + segment(String.valueOf(v)));
            }
        });
        return q.toString();
    }

    JsonNode get(String path) {
        return send("GET", path, null);
    }

    JsonNode post(String path, JsonNode body) {
        return send("POST", path, body);
    }

    JsonNode send(String method, String path, JsonNode body) {
        HttpResponse<String> response =
                exchange(request(method, path, body, Map.of()).build());
        String text = response.body();
        if (text == null || text.isBlank()) {
            return NullNode.getInstance();
        }
        try {
            return JSON.readTree(text);
        } catch (JacksonException e) {
            throw new ApiException(
                    method + " " + path + ": the answer is not JSON: " + e.getOriginalMessage(),
                    response.statusCode(),
                    text,
                    e);
        }
    }

    private HttpRequest.Builder request(String method, String path, JsonNode body, Map<String, String> extra) {
        // an empty path is the base itself (URI.resolve("") would drop its last segment)
        HttpRequest.Builder b = HttpRequest.newBuilder(path.isEmpty() ? base : base.resolve(path))
                .timeout(timeout);
        headers.forEach(b::header);
        extra.forEach(b::header);
        if (body == null) {
            return b.method(method, HttpRequest.BodyPublishers.noBody());
        }
        return b.header("Content-Type", "application/json")
                .method(method, HttpRequest.BodyPublishers.ofString(body.toString(), StandardCharsets.UTF_8));
    }

    private HttpResponse<String> exchange(HttpRequest request) {
        HttpResponse<String> response;
        try {
            response = client.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw unreachable(request, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw unreachable(request, e);
        }
        if (response.statusCode() >= 400) {
            throw failed(request, response.statusCode(), response.body());
        }
        return response;
    }

    /**
     * Opens a server-sent event stream; the events are read as the stream is consumed, and
     * closing the stream closes the connection.
     */
    Stream<StreamEvent> events(String method, String path, JsonNode body, Map<String, String> extra) {
        Map<String, String> all = new LinkedHashMap<>(extra);
        all.put("Accept", "text/event-stream");
        HttpRequest request =
                request(method, path, body, all).timeout(Duration.ofDays(1)).build();
        HttpResponse<Stream<String>> response;
        try {
            response = client.send(request, HttpResponse.BodyHandlers.ofLines());
        } catch (IOException e) {
            throw unreachable(request, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw unreachable(request, e);
        }
        Stream<String> lines = response.body();
        if (response.statusCode() >= 400) {
            StringJoiner text = new StringJoiner("\n");
            try (lines) {
                lines.forEach(text::add);
            }
            throw failed(request, response.statusCode(), text.toString());
        }
        Iterator<StreamEvent> events = new SseEvents(lines.iterator());
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(events, 0), false)
                .onClose(lines::close);
    }

    private static ApiException unreachable(HttpRequest r, Exception e) {
        return new ApiException(r.method() + " " + r.uri() + " failed: " + e, 0, "", e);
    }

    private static ApiException failed(HttpRequest r, int status, String body) {
        String detail = body;
        try {
            JsonNode parsed = JSON.readTree(body);
            if (parsed.hasNonNull("detail")) {
                detail = parsed.get("detail").isString()
                        ? parsed.get("detail").asString()
                        : parsed.get("detail").toString();
            }
        } catch (JacksonException | IllegalArgumentException e) {
            // not JSON: the body is the detail
        }
        return new ApiException(
                r.method() + " " + r.uri().getRawPath() + " answered " + status + ": " + detail, status, body, null);
    }

    /** Server-sent events from lines: fields until a blank line, comments skipped. */
    private static final class SseEvents implements Iterator<StreamEvent> {
        private final Iterator<String> lines;
        private StreamEvent next;

        SseEvents(Iterator<String> lines) {
            this.lines = lines;
        }

        @Override
        public boolean hasNext() {
            if (next == null) {
                next = read();
            }
            return next != null;
        }

        @Override
        public StreamEvent next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            StreamEvent e = next;
            next = null;
            return e;
        }

        private StreamEvent read() {
            String event = null;
            String id = null;
            StringBuilder data = null;
            try {
                while (lines.hasNext()) {
                    String line = lines.next();
                    if (line.isEmpty()) {
                        if (data != null || event != null) {
                            return new StreamEvent(event == null ? "message" : event, data(data), id);
                        }
                        continue;
                    }
                    if (line.startsWith(":")) {
                        continue;
                    }
                    int colon = line.indexOf(':');
                    String field = colon < 0 ? line : line.substring(0, colon);
                    String value = colon < 0 ? "" : line.substring(colon + 1);
                    if (value.startsWith(" ")) {
                        value = value.substring(1);
                    }
                    switch (field) {
                        case "event" -> event = value;
                        case "id" -> id = value;
                        case "data" ->
                            data = data == null
                                    ? new StringBuilder(value)
                                    : data.append('\n').append(value);
                        default -> {}
                    }
                }
            } catch (UncheckedIOException e) {
                throw new ApiException("the event stream broke: " + e.getCause(), 0, "", e);
            }
            return data != null || event != null
                    ? new StreamEvent(event == null ? "message" : event, data(data), id)
                    : null;
        }

        private static JsonNode data(StringBuilder data) {
            if (data == null || data.length() == 0) {
                return NullNode.getInstance();
            }
            try {
                return JSON.readTree(data.toString());
            } catch (JacksonException e) {
                return StringNode.valueOf(data.toString());
            }
        }
    }
}
