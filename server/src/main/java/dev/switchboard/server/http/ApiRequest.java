package dev.switchboard.server.http;

import java.io.InputStream;

/**
 * One HTTP request as a transport hands it to an {@link ApiHandler}: method, path, query, headers
 * and body, nothing of the transport itself. The body is read at most once, by the handler, which
 * bounds how much it reads.
 */
public interface ApiRequest {
    /**
     * The method.
     *
     * @return upper case, e.g. {@code GET}
     */
    String method();

    /**
     * The decoded path, without the query.
     *
     * @return e.g. {@code /threads/search}
     */
    String path();

    /**
     * The raw (still percent-encoded) query.
     *
     * @return the text after {@code ?}, or null when there is none
     */
    String rawQuery();

    /**
     * A request header.
     *
     * @param name the header name, any case
     * @return its first value, or null when absent
     */
    String header(String name);

    /**
     * The body.
     *
     * @return a stream of the body's bytes (empty for none)
     */
    InputStream body();

    /**
     * The caller's identity as the transport established it before the request reached the API (a
     * servlet container's user principal, which Spring Security sets), or null when it established
     * none. When present, it is the request's owner as an {@code Authenticator}'s answer would be,
     * and the server's own token check is not made.
     *
     * @return the identity, or null
     */
    default String principal() {
        return null;
    }

    /**
     * Whether the transport can switch this request's connection to another protocol (a
     * WebSocket) when the handler answers {@link ApiResponse#upgraded}.
     *
     * @return false unless the transport says so
     */
    default boolean upgradable() {
        return false;
    }
}
