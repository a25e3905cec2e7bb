package dev.switchboard.client;

/**
 * An A2A agent answered a request with a JSON-RPC error (an unknown task, a task that can no longer
 * take messages, an invalid request...), or a task ended without success: the message has the
 * code and the agent's text.
 */
public final class A2aException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int code;

    A2aException(String message, int code) {
        super(message);
        this.code = code;
    }

    /**
     * The JSON-RPC error code ({@code -32001} task not found, {@code -32002} task not cancelable,
     * {@code -32004} unsupported operation...), or 0 for a task that failed, was rejected or canceled.
     *
     * @return the code
     */
    public int code() {
        return code;
    }
}
