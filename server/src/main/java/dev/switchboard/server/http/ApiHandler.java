package dev.switchboard.server.http;

/**
 * The server's whole HTTP API as one function from request to response, whatever serves the HTTP:
 * {@code SwitchboardServer.handler()} gives it. It authenticates, checks the request's origin,
 * host, content type and size, routes, and answers every error as LangGraph Server does; it never
 * throws. A transport calls it on the thread that will write the response (a streamed body blocks
 * that thread while it streams).
 */
@FunctionalInterface
public interface ApiHandler {
    /**
     * Answers one request.
     *
     * @param request the request
     * @return the response
     */
    ApiResponse handle(ApiRequest request);
}
