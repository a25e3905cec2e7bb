package dev.switchboard.agent.middleware;

/**
 * A model or tool call limit was reached with {@link ExitBehavior#ERROR}: the run fails with a {@code
 * NodeException} whose cause this is. The message says which limit and how many calls.
 */
public final class CallLimitExceededException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    CallLimitExceededException(String message) {
        super(message);
    }
}
