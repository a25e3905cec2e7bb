package dev.switchboard.server.loopback;

import dev.switchboard.server.http.ApiHandler;
import dev.switchboard.server.http.ApiRequest;
import dev.switchboard.server.http.ApiResponse;
import dev.switchboard.server.http.Exchange;
import dev.switchboard.server.wire.Json;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The server's own HTTP API, called in-process for one caller: the MCP and A2A endpoints make the
 * API calls a client would make (create a thread, run and wait, read state, cancel), with the
 * caller's credentials and host, so a tool call or an A2A task is authenticated, validated, scoped
 * to its owner and run exactly as the same request over HTTP would be.
 */
public final class Loopback {
    /** The caller's headers an API call carries on. */
    private static final List<String> CARRIED = List.of("Authorization", "X-Api-Key", "Host");

    private final ApiHandler api;
    private final Map<String, String> headers;
    private final String owner;

    private Loopback(ApiHandler api, Map<String, String> headers, String owner) {
        this.api = api;
        this.headers = headers;
        this.owner = owner;
    }

    /**
     * The API as the caller of {@code ex} reaches it.
     *
     * @param api the server's handler
     * @param ex the caller's exchange
     * @return the loopback
     */
    public static Loopback of(ApiHandler api, Exchange ex) {
        Map<String, String> h = new java.util.LinkedHashMap<>();
        for (String name : CARRIED) {
            String v = ex.header(name);
            if (v != null) {
                h.put(name.toLowerCase(Locale.ROOT), v);
            }
        }
        // the caller's identity as the server already established it (a token, or the host's
        // transport when embedded): each API call is the same caller's, not authenticated anew
        return new Loopback(api, Map.copyOf(h), ex.owner());
    }

    /** An answer of the API: its status and JSON body ({@code null} for an empty one). */
    public record Answer(int status, JsonNode body) {
        /**
         * Whether the call succeeded.
         *
         * @return true for a 2xx status
         */
        public boolean ok() {
            return status >= 200 && status < 300;
        }

        /**
         * The error's text: LangGraph's {@code detail}, the body, or the status.
         *
         * @return the text
         */
        public String detail() {
            if (body == null) {
                return "HTTP " + status;
            }
            JsonNode d = body.get("detail");
            return d == null ? body.toString() : d.isString() ? d.asString() : d.toString();
        }
    }

    /**
     * Calls the API.
     *
     * @param method the method
     * @param path the path, with a query if any
     * @param body the JSON body, or {@code null}
     * @return the answer, a streamed one read whole
     */
    public Answer call(String method, String path, JsonNode body) {
        ApiResponse r = api.handle(request(method, path, body));
        byte[] bytes = r.streamed() ? drain(r) : r.body();
        String type = r.header("Content-Type");
        JsonNode json = bytes.length == 0
                ? null
                : type != null && type.startsWith("application/json")
                        ? Json.parse(bytes)
                        : Json.tree(new String(bytes, StandardCharsets.UTF_8));
        return new Answer(r.status(), json);
    }

    /**
     * Calls an API route that streams server-sent events, handing each event's name and data to
     * {@code each} as it comes.
     *
     * @param method the method
     * @param path the path
     * @param body the JSON body
     * @param each gets each event's name and data
     * @return the answer's status and, for an error, its body
     */
    public Answer events(String method, String path, JsonNode body, EventSink each) {
        ApiResponse r = api.handle(request(method, path, body));
        if (!r.streamed()) {
            return new Answer(r.status(), r.body().length == 0 ? null : Json.parse(r.body()));
        }
        try {
            r.stream().writeTo(new SseReader(each));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Answer(r.status(), null);
    }

    /** Receives the events of a streamed API answer. */
    @FunctionalInterface
    public interface EventSink {
        /**
         * One event.
         *
         * @param event its name, e.g. {@code values}
         * @param data its data
         * @throws IOException to stop the stream (the caller went away)
         */
        void accept(String event, JsonNode data) throws IOException;
    }

    private ApiRequest request(String method, String pathAndQuery, JsonNode body) {
        byte[] bytes = body == null ? new byte[0] : Json.bytes(body);
        int q = pathAndQuery.indexOf('?');
        String path = q < 0 ? pathAndQuery : pathAndQuery.substring(0, q);
        String query = q < 0 ? null : pathAndQuery.substring(q + 1);
        return new ApiRequest() {
            @Override
            public String method() {
                return method;
            }

            @Override
            public String path() {
                return path;
            }

            @Override
            public String rawQuery() {
                return query;
            }

            @Override
            public String header(String name) {
                String n = name.toLowerCase(Locale.ROOT);
                if (n.equals("content-type")) {
                    return body == null ? null : "application/json";
                }
                if (n.equals("content-length")) {
                    return Integer.toString(bytes.length);
                }
                return headers.get(n);
            }

            @Override
            public InputStream body() {
                return new ByteArrayInputStream(bytes);
            }

            @Override
            public String principal() {
                return owner;
            }
        };
    }

    private static byte[] drain(ApiResponse r) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            r.stream().writeTo(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        // a waited run sends keep-alive newlines before its JSON
        String text = out.toString(StandardCharsets.UTF_8).strip();
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** Parses SSE as it is written and hands each event on. */
    private static final class SseReader extends OutputStream {
        private final EventSink sink;
        private final ByteArrayOutputStream line = new ByteArrayOutputStream();
        private String event;
        private final StringBuilder data = new StringBuilder();

        SseReader(EventSink sink) {
            this.sink = sink;
        }

        @Override
        public void write(int b) throws IOException {
            if (b != '\n') {
                line.write(b);
                return;
            }
            String l = line.toString(StandardCharsets.UTF_8);
            line.reset();
            if (l.isEmpty()) {
                if (event != null || data.length() > 0) {
                    sink.accept(
                            event == null ? "message" : event, data.length() == 0 ? null : Json.parse(data.toString()));
                }
                event = null;
                data.setLength(0);
            } else if (l.startsWith("event:")) {
                event = l.substring(6).strip();
            } else if (l.startsWith("data:")) {
                if (data.length() > 0) {
                    data.append('\n');
                }
                data.append(l.substring(5).strip());
            }
        }
    }
}
