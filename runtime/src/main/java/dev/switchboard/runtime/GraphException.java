package dev.switchboard.runtime;

import java.util.Optional;

/**
 * The base of every exception a graph run raises on its own account (as opposed to exceptions
 * thrown by user code, which arrive wrapped in a {@link NodeException}).
 */
public class GraphException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient ErrorCode code;

    /**
     * Creates an exception without an error code.
     *
     * @param message what went wrong and how to fix it
     */
    public GraphException(String message) {
        this(message, null, null);
    }

    /**
     * Creates an exception.
     *
     * @param message what went wrong and how to fix it
     * @param code the LangGraph error code, or {@code null} when LangGraph has none for this case
     * @param cause the underlying exception, or {@code null}
     */
    public GraphException(String message, ErrorCode code, Throwable cause) {
        super(message, cause);
        this.code = code;
    }

    /**
     * The LangGraph error code of this failure, if it has one.
     *
     * @return the code, or empty
     */
    public Optional<ErrorCode> code() {
        return Optional.ofNullable(code);
    }
}
