package dev.switchboard.server;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** One HTTP request and its answer, with the path parameters of the matched route and the caller. */
final class Exchange {
    private final HttpExchange http;
    private final int maxBody;
    private final Map<String, String> query;
    Map<String, String> params = Map.of();
    String owner;
    private boolean answered;

    Exchange(HttpExchange http, int maxBody) {
        this.http = http;
        this.maxBody = maxBody;
        this.query = parseQuery(http.getRequestURI().getRawQuery());
    }

    String method() {
        return http.getRequestMethod();
    }

    String path() {
        return http.getRequestURI().getPath();
    }

    String param(String name) {
        return params.get(name);
    }

    String query(String name) {
        return query.get(name);
    }

    String header(String name) {
        return http.getRequestHeaders().getFirst(name);
    }

    boolean answered() {
        return answered;
    }

    /** The JSON object body; an empty body is an empty object, anything else is a 4xx. */
    ObjectNode body() throws IOException {
        byte[] bytes = readBody();
        if (bytes.length == 0) {
            return Json.object();
        }
        JsonNode node;
        try {
            node = Json.parse(bytes);
        } catch (JacksonException e) {
            throw ApiException.invalid("body", "the request body is not valid JSON: " + e.getOriginalMessage());
        }
        if (node == null || node.isNull() || node.isMissingNode()) {
            return Json.object();
        }
        if (!node.isObject()) {
            throw ApiException.invalid("body", "the request body must be a JSON object");
        }
        return (ObjectNode) node;
    }

    private byte[] readBody() throws IOException {
        try (InputStream in = http.getRequestBody()) {
            byte[] bytes = in.readNBytes(maxBody + 1);
            if (bytes.length > maxBody) {
                throw ApiException.status(413, "the request body is larger than " + maxBody + " bytes");
            }
            return bytes;
        }
    }

    void json(int status, JsonNode body) throws IOException {
        send(status, "application/json", Json.bytes(body));
    }

    void text(int status, String message) throws IOException {
        send(status, "text/plain;charset=UTF-8", message.getBytes(StandardCharsets.UTF_8));
    }

    void empty(int status) throws IOException {
        answered = true;
        http.sendResponseHeaders(status, -1);
        http.close();
    }

    void header(String name, String value) {
        http.getResponseHeaders().set(name, value);
    }

    /** Starts a chunked response and hands its body to the caller (for SSE). */
    OutputStream stream(String contentType) throws IOException {
        answered = true;
        http.getResponseHeaders().set("Content-Type", contentType);
        http.getResponseHeaders().set("Cache-Control", "no-store");
        http.sendResponseHeaders(200, 0);
        return http.getResponseBody();
    }

    void close() {
        http.close();
    }

    private void send(int status, String contentType, byte[] bytes) throws IOException {
        answered = true;
        http.getResponseHeaders().set("Content-Type", contentType);
        http.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        if (bytes.length > 0) {
            try (OutputStream out = http.getResponseBody()) {
                out.write(bytes);
            }
        }
        http.close();
    }

    private static Map<String, String> parseQuery(String raw) {
        Map<String, String> out = new LinkedHashMap<>();
        if (raw == null || raw.isEmpty()) {
            return out;
        }
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            String k = eq < 0 ? pair : pair.substring(0, eq);
            String v = eq < 0 ? "" : pair.substring(eq + 1);
            out.put(URLDecoder.decode(k, StandardCharsets.UTF_8), URLDecoder.decode(v, StandardCharsets.UTF_8));
        }
        return out;
    }
}
