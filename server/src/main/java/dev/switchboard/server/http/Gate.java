package dev.switchboard.server.http;

import java.io.IOException;

/**
 * What the {@link Dispatcher} asks of an authenticated request after routing it and before its
 * handler runs: authorization (see {@code dev.switchboard.server.api.AccessGate}). It may refuse
 * the request (throw an {@code ApiException}), answer it itself, or adjust its body.
 */
@FunctionalInterface
public interface Gate {
    /** Lets everything through: no authorization configured. */
    Gate OPEN = (ex, route) -> {};

    /**
     * Checks a request.
     *
     * @param ex the request, its caller set
     * @param route the matched route's method and template, e.g. {@code GET /threads/{thread_id}}
     * @throws IOException when the client has gone while its body is read
     */
    void check(Exchange ex, String route) throws IOException;
}
