package dev.switchboard.server;

/**
 * An error answered to the client with LangGraph Server's status and body: handler errors are
 * {@code text/plain} messages, request validation errors are {@code 400} JSON bodies {@code
 * {success: false, error: {name, issues}}} naming the offending field.
 */
final class ApiException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    final int status;
    final String field;

    private ApiException(int status, String message, String field) {
        super(message);
        this.status = status;
        this.field = field;
    }

    static ApiException status(int status, String message) {
        return new ApiException(status, message, null);
    }

    static ApiException notFound(String message) {
        return status(404, message);
    }

    /** A request body that does not match the API's schema: 400 with a JSON issue list. */
    static ApiException invalid(String field, String message) {
        return new ApiException(400, message, field);
    }

    static ApiException badRequest(String message) {
        return status(400, message);
    }
}
