package dev.switchboard.server.http;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * What an {@link ApiHandler} answers: a status, headers and a body, either bytes known in full
 * (JSON, text, files; none for 204) or a {@link Stream} the transport runs after sending the
 * headers (SSE, or a wait that sends keep-alive newlines until its result). A transport writes the
 * headers in order, then the body; for a {@code HEAD} request it writes no body.
 */
public final class ApiResponse {
    /**
     * A body written as it is made: the transport sends the headers, then calls {@link #writeTo}
     * on its thread, flushing what it writes at each {@link OutputStream#flush()}.
     */
    @FunctionalInterface
    public interface Stream {
        /**
         * Writes the body.
         *
         * @param out the response body; a write fails with an {@link IOException} once the client
         *     has gone
         * @throws IOException when the client has gone
         */
        void writeTo(OutputStream out) throws IOException;
    }

    /**
     * What a connection becomes after a {@code 101 Switching Protocols} answer (a WebSocket): the
     * transport sends the 101 and its headers, then hands the connection's streams over on its
     * thread until the connection ends.
     */
    @FunctionalInterface
    public interface Upgrade {
        /**
         * Serves the upgraded connection.
         *
         * @param in what the client sends from now on
         * @param out what goes to the client
         * @throws IOException when the client has gone
         */
        void serve(java.io.InputStream in, OutputStream out) throws IOException;
    }

    private final int status;
    private final List<Map.Entry<String, String>> headers;
    private final byte[] body;
    private final Stream stream;
    private final Upgrade upgrade;

    private ApiResponse(
            int status, List<Map.Entry<String, String>> headers, byte[] body, Stream stream, Upgrade upgrade) {
        this.status = status;
        this.headers = Collections.unmodifiableList(headers);
        this.body = body;
        this.stream = stream;
        this.upgrade = upgrade;
    }

    /**
     * A response with a body known in full.
     *
     * @param status the status
     * @param headers the headers, in order
     * @param body the body; empty for none
     * @return the response
     */
    public static ApiResponse of(int status, List<Map.Entry<String, String>> headers, byte[] body) {
        return new ApiResponse(status, new ArrayList<>(headers), body, null, null);
    }

    /**
     * A streamed response (status 200 unless said otherwise).
     *
     * @param status the status
     * @param headers the headers, in order
     * @param stream writes the body
     * @return the response
     */
    public static ApiResponse streamed(int status, List<Map.Entry<String, String>> headers, Stream stream) {
        return new ApiResponse(status, new ArrayList<>(headers), null, stream, null);
    }

    /**
     * A {@code 101 Switching Protocols} answer; only a transport that said the request is {@link
     * ApiRequest#upgradable()} gets one.
     *
     * @param headers the headers, in order
     * @param upgrade what the connection becomes
     * @return the response
     */
    public static ApiResponse upgraded(List<Map.Entry<String, String>> headers, Upgrade upgrade) {
        return new ApiResponse(101, new ArrayList<>(headers), new byte[0], null, upgrade);
    }

    /**
     * The status.
     *
     * @return e.g. 200
     */
    public int status() {
        return status;
    }

    /**
     * The headers, in the order they are to be sent; a name may repeat.
     *
     * @return the headers
     */
    public List<Map.Entry<String, String>> headers() {
        return headers;
    }

    /**
     * The first value of a header.
     *
     * @param name the name, any case
     * @return the value, or null when absent
     */
    public String header(String name) {
        for (Map.Entry<String, String> h : headers) {
            if (h.getKey().equalsIgnoreCase(name)) {
                return h.getValue();
            }
        }
        return null;
    }

    /**
     * Whether the body is streamed.
     *
     * @return true for a {@link #stream()} body
     */
    public boolean streamed() {
        return stream != null;
    }

    /**
     * The body known in full.
     *
     * @return the bytes (empty for none); null for a streamed response
     */
    public byte[] body() {
        return body;
    }

    /**
     * The streamed body.
     *
     * @return the stream, or null for a body known in full
     */
    public Stream stream() {
        return stream;
    }

    /**
     * What the connection becomes after a 101 answer.
     *
     * @return the upgrade, or null for any other answer
     */
    public Upgrade upgrade() {
        return upgrade;
    }
}
