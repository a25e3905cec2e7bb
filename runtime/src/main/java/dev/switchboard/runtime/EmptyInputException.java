package dev.switchboard.runtime;

import dev.switchboard.runtime.error.GraphException;

/**
 * A run was started without input where there is nothing to resume: {@code resume} on a graph
 * without a checkpointer, on a thread that has no checkpoint yet, or a {@code Command.resume} on a
 * thread whose last run finished. LangGraph's {@code EmptyInputError}.
 */
public final class EmptyInputException extends GraphException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message why there was nothing to run
     */
    public EmptyInputException(String message) {
        super(message);
    }

    private EmptyInputException(EmptyInputException original) {
        super(original);
    }

    @Override
    public EmptyInputException rethrownHere() {
        return new EmptyInputException(this);
    }
}
