package dev.switchboard.runtime;

import dev.switchboard.runtime.error.ErrorCode;
import dev.switchboard.runtime.error.GraphException;

/**
 * A write could not be applied: two writes to a last-value channel in one superstep, two
 * {@link Overwrite}s of one reducer channel, an update that names a channel this graph does not
 * have, or a node result that is not an update. LangGraph's {@code InvalidUpdateError}.
 */
public final class InvalidUpdateException extends GraphException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message what was written where, and how to fix it
     * @param code the error code, or {@code null} where LangGraph raises this error without one
     */
    public InvalidUpdateException(String message, ErrorCode code) {
        super(message, code, null);
    }

    private InvalidUpdateException(InvalidUpdateException original) {
        super(original);
    }

    @Override
    public InvalidUpdateException rethrownHere() {
        return new InvalidUpdateException(this);
    }
}
