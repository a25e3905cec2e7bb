package dev.switchboard.client;

/**
 * A LangGraph API server answered a request with an error status (4xx, 5xx), or could not be
 * reached. The message has the method, path, status and the server's {@code detail}.
 */
public final class ApiException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int status;
    private final String body;

    ApiException(String message, int status, String body, Throwable cause) {
        super(message, cause);
        this.status = status;
        this.body = body;
    }

    /**
     * The HTTP status, or 0 when no answer came (the connection failed).
     *
     * @return the status
     */
    public int status() {
        return status;
    }

    /**
     * The answer's body as the server sent it, or {@code ""}.
     *
     * @return the body
     */
    public String body() {
        return body;
    }
}
