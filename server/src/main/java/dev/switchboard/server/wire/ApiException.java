package dev.switchboard.server.wire;

/**
 * An error answered to the client with LangGraph Server's status and body: handler errors are
 * {@code text/plain} messages, request validation errors JSON bodies {@code {success: false, error:
 * {name, issues}}} naming the offending field.
 */
public final class ApiException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int status;
    private final String field;

    private ApiException(int status, String message, String field) {
        super(message, null, false, false);
        this.status = status;
        this.field = field;
    }

    /**
     * The HTTP status answered.
     *
     * @return the status
     */
    public int status() {
        return status;
    }

    /**
     * The request field a validation error is about.
     *
     * @return the field, or null for a plain error
     */
    public String field() {
        return field;
    }

    /**
     * A plain error.
     *
     * @param status the HTTP status
     * @param message the text answered
     * @return the exception
     */
    public static ApiException status(int status, String message) {
        return new ApiException(status, message, null);
    }

    /**
     * A 404.
     *
     * @param message the text answered
     * @return the exception
     */
    public static ApiException notFound(String message) {
        return status(404, message);
    }

    /**
     * A request body that does not match the API's schema: 400 with a JSON issue list.
     *
     * @param field the offending field
     * @param message what is wrong
     * @return the exception
     */
    public static ApiException invalid(String field, String message) {
        return new ApiException(400, message, field);
    }

    /**
     * A plain 400.
     *
     * @param message the text answered
     * @return the exception
     */
    public static ApiException badRequest(String message) {
        return status(400, message);
    }
}
