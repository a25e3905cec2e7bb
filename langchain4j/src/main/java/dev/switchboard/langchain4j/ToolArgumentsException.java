package dev.switchboard.langchain4j;

/**
 * Thrown by a {@link ToolSet} when a request's arguments are not JSON or do not match the tool's
 * parameters (missing, of the wrong type, out of range); the message says which argument and why,
 * so a model can correct its call.
 */
public final class ToolArgumentsException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message which argument is wrong and why
     * @param cause the parse failure, or {@code null}
     */
    public ToolArgumentsException(String message, Throwable cause) {
        super(message, cause);
    }
}
