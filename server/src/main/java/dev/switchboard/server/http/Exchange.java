package dev.switchboard.server.http;

import dev.switchboard.server.wire.ApiException;
import dev.switchboard.server.wire.Json;
import dev.switchboard.server.wire.JsonChecks;
import java.io.IOException;
import java.io.InputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One request as an endpoint sees it (method, path parameters, query, headers, the caller, the
 * JSON body), and the response it answers, which the {@link Dispatcher} hands to the transport.
 */
public final class Exchange {
    private final ApiRequest request;
    private final int maxBody;
    private final JsonChecks checks;
    private final Map<String, String> query;
    private final List<Map.Entry<String, String>> headers = new ArrayList<>();
    private Map<String, String> params = Map.of();
    private String owner;
    private ObjectNode body;
    private IdRewriter rewriter;
    private byte[] bytes;
    private ApiResponse response;

    Exchange(ApiRequest request, int maxBody, JsonChecks checks) {
        this.request = request;
        this.maxBody = maxBody;
        this.checks = checks;
        this.query = parseQuery(request.rawQuery());
    }

    /** @return the request method */
    public String method() {
        return request.method();
    }

    /** @return the request path */
    public String path() {
        return request.path();
    }

    /**
     * A path parameter of the matched route.
     *
     * @param name e.g. {@code thread_id}
     * @return its value
     */
    public String param(String name) {
        return params.get(name);
    }

    void params(Map<String, String> params) {
        this.params = params;
    }

    /**
     * Replaces a path parameter before the route's handler reads it (authorization maps a thread
     * id the caller named to the id it is stored under).
     *
     * @param name e.g. {@code thread_id}
     * @param value the new value
     */
    public void param(String name, String value) {
        Map<String, String> p = new java.util.HashMap<>(params);
        p.put(name, value);
        this.params = p;
    }

    /**
     * Has the answer's ids rewritten to the caller's (see {@link IdRewriter}), whatever answers it.
     *
     * @param rewriter the rewriter
     */
    public void rewriteIds(IdRewriter rewriter) {
        this.rewriter = rewriter;
    }

    /**
     * A query parameter.
     *
     * @param name the name
     * @return its decoded value, or null when absent
     */
    public String query(String name) {
        return query.get(name);
    }

    /**
     * A request header.
     *
     * @param name the name, any case
     * @return its value, or null
     */
    public String header(String name) {
        return request.header(name);
    }

    /** @return the caller's identity, or null without authentication */
    public String owner() {
        return owner;
    }

    void owner(String owner) {
        this.owner = owner;
    }

    /**
     * The JSON object body; an empty body is an empty object, anything else is a 4xx. Read once:
     * later calls answer the same object (authorization may have stamped its metadata).
     *
     * @return the body
     * @throws IOException when the client has gone
     */
    public ObjectNode body() throws IOException {
        if (body == null) {
            body = object(readBody());
        }
        return body;
    }

    /**
     * A JSON object sent some other way than as the body (a WebSocket message), checked as a body
     * is: empty is an empty object, anything else that is not an object is a 4xx.
     *
     * @param bytes the JSON
     * @return the object
     */
    public ObjectNode object(byte[] bytes) {
        if (bytes.length == 0) {
            return Json.object();
        }
        JsonNode node;
        try {
            node = Json.parse(bytes);
        } catch (StreamConstraintsException e) {
            throw ApiException.status(422, "the request body is nested too deeply or holds too long a value");
        } catch (JacksonException e) {
            throw ApiException.badRequest("Malformed JSON in request body"); // LangGraph's words
        }
        if (node == null || node.isNull() || node.isMissingNode()) {
            return Json.object();
        }
        if (!node.isObject()) {
            throw ApiException.invalidType(List.of(), "object", node);
        }
        checks.check(node);
        return (ObjectNode) node;
    }

    /**
     * The JSON body, whatever JSON value it is (a batch's list); an empty body is an empty object.
     *
     * @return the body
     * @throws IOException when the client has gone
     */
    public JsonNode rawBody() throws IOException {
        byte[] bytes = readBody();
        if (bytes.length == 0) {
            return Json.object();
        }
        try {
            JsonNode node = Json.parse(bytes);
            return node == null || node.isMissingNode() ? Json.object() : node;
        } catch (JacksonException e) {
            throw ApiException.invalid("body", "the request body is not valid JSON: " + e.getOriginalMessage());
        }
    }

    /** The body's bytes, read once: authorization may read it before the route's handler. */
    private byte[] readBody() throws IOException {
        if (bytes == null) {
            bytes = readOnce();
        }
        return bytes;
    }

    private byte[] readOnce() throws IOException {
        try (InputStream in = request.body()) {
            int declared = declaredLength();
            if (declared >= 0 && declared <= maxBody) {
                // the length it says: one array of its size (a body ends there, however long it says)
                byte[] read = new byte[declared];
                int n = in.readNBytes(read, 0, declared);
                if (n == declared) {
                    // the body's end read as such: the JDK server's stream, closed before it has
                    // seen its end, allocates a buffer to skip a rest there is none of
                    in.read();
                    return read;
                }
                return java.util.Arrays.copyOf(read, n);
            }
            byte[] read = in.readNBytes(maxBody + 1);
            if (read.length > maxBody) {
                throw ApiException.status(413, "the request body is larger than " + maxBody + " bytes");
            }
            return read;
        }
    }

    /** The body's {@code Content-Length}, or -1 when it names none (chunked) or not a number. */
    private int declaredLength() {
        String length = request.header("Content-Length");
        if (length == null || length.isEmpty() || length.length() > 10) {
            return -1;
        }
        for (int i = 0; i < length.length(); i++) {
            if (length.charAt(i) < '0' || length.charAt(i) > '9') {
                return -1;
            }
        }
        long n = Long.parseLong(length);
        return n > Integer.MAX_VALUE ? -1 : (int) n;
    }

    /**
     * Adds a response header.
     *
     * @param name the name
     * @param value the value
     */
    public void header(String name, String value) {
        headers.add(new AbstractMap.SimpleImmutableEntry<>(name, value));
    }

    /**
     * Answers JSON.
     *
     * @param status the status
     * @param body the body
     */
    public void json(int status, JsonNode body) {
        send(status, "application/json", Json.bytes(body));
    }

    /**
     * Answers text.
     *
     * @param status the status
     * @param message the text
     */
    public void text(int status, String message) {
        send(status, "text/plain;charset=UTF-8", message.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Answers no body.
     *
     * @param status the status, e.g. 204
     */
    public void empty(int status) {
        response = ApiResponse.of(status, headers, new byte[0]);
    }

    /**
     * Answers bytes of a content type.
     *
     * @param status the status
     * @param contentType the type, or null for none
     * @param bytes the body
     */
    public void send(int status, String contentType, byte[] bytes) {
        if (contentType != null) {
            header("Content-Type", contentType);
        }
        response = ApiResponse.of(status, headers, bytes);
    }

    /**
     * Answers a streamed body, status 200 (SSE, a wait with keep-alive newlines).
     *
     * @param contentType the type
     * @param body writes the body once the headers are sent
     */
    public void stream(String contentType, ApiResponse.Stream body) {
        header("Content-Type", contentType);
        header("Cache-Control", "no-store");
        response = ApiResponse.streamed(200, headers, body);
    }

    /**
     * Answers a WebSocket handshake (RFC 6455, 4.2): the request must ask for {@code Upgrade:
     * websocket} with {@code Connection: Upgrade}, version 13 (else 426 naming it) and a 16-byte
     * key; no subprotocol or extension is chosen. Once the transport has sent the 101, the
     * connection's messages (at most the server's body size each) go to the listener {@code open}
     * makes, on the transport's thread.
     *
     * @param open makes the listener of the connection
     * @throws ApiException 400 for a request that is not a WebSocket handshake, 426 for another
     *     version, 501 when the transport cannot switch protocols
     */
    public void webSocket(java.util.function.Function<WebSocket, WebSocket.Listener> open) {
        if (!tokens(header("Upgrade")).contains("websocket")
                || !tokens(header("Connection")).contains("upgrade")
                || !request.method().equals("GET")) {
            throw ApiException.status(
                    400, "this path takes a WebSocket handshake (GET with Upgrade: websocket; POST streams SSE)");
        }
        if (!"13".equals(header("Sec-WebSocket-Version"))) {
            header("Sec-WebSocket-Version", "13");
            throw ApiException.status(426, "WebSocket version 13 is the one spoken here");
        }
        String key = header("Sec-WebSocket-Key");
        byte[] nonce;
        try {
            nonce = key == null ? new byte[0] : java.util.Base64.getDecoder().decode(key.trim());
        } catch (IllegalArgumentException e) {
            nonce = new byte[0];
        }
        if (nonce.length != 16) {
            throw ApiException.status(400, "Sec-WebSocket-Key must be 16 bytes in base64");
        }
        if (!request.upgradable()) {
            throw ApiException.status(
                    501, "this server does not take WebSockets: start it with webSockets(true), or stream over SSE");
        }
        String accept;
        try {
            byte[] digest = java.security.MessageDigest.getInstance("SHA-1")
                    .digest((key.trim() + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").getBytes(StandardCharsets.US_ASCII));
            accept = java.util.Base64.getEncoder().encodeToString(digest);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-1", e);
        }
        header("Upgrade", "websocket");
        header("Connection", "Upgrade");
        header("Sec-WebSocket-Accept", accept);
        int max = maxBody;
        response = ApiResponse.upgraded(headers, (in, out) -> {
            WebSocket socket = new WebSocket(in, out, max);
            socket.serve(open.apply(socket));
        });
    }

    /** The comma-separated tokens of a header, lower case. */
    private static List<String> tokens(String header) {
        List<String> out = new ArrayList<>();
        if (header != null) {
            for (String t : header.split(",")) {
                out.add(t.trim().toLowerCase(java.util.Locale.ROOT));
            }
        }
        return out;
    }

    /** @return whether an answer was given */
    boolean answered() {
        return response != null;
    }

    /** @return the answer, or null */
    ApiResponse response() {
        return rewriter == null || response == null ? response : rewriter.rewrite(response);
    }

    /** The headers set so far (an error answer keeps those of the request's checks). */
    List<Map.Entry<String, String>> headers() {
        return headers;
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
