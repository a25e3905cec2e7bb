package dev.switchboard.runtime.error;

import java.util.Optional;

/**
 * The base of every exception a graph run raises on its own account (as opposed to exceptions
 * thrown by user code, which arrive wrapped in a {@link dev.switchboard.runtime.NodeException}).
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
     * Copies {@code original} for {@link #rethrownHere()}: same message and code, with the original
     * as the cause and the constructing thread's stack.
     *
     * @param original the exception raised on another thread
     */
    protected GraphException(GraphException original) {
        this(original.getMessage(), original.code, original);
    }

    /**
     * This failure, to be thrown on the calling thread after it was raised on another one (a
     * streamed run fails on its driver thread; {@link dev.switchboard.runtime.CompiledGraph#stream} throws it to the
     * consumer). Returns a new exception of the same type, message, error code and details whose
     * stack trace is the caller's, so the consumer's frames show, and whose cause is this exception,
     * which holds the run's frames and the original cause chain. Each exception type of the runtime
     * overrides it to copy itself; a subclass that does not returns this exception itself, unchanged.
     *
     * @return the copy to throw, or this exception for a subclass without a copy
     */
    public GraphException rethrownHere() {
        return getClass() == GraphException.class ? new GraphException(this) : this;
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
