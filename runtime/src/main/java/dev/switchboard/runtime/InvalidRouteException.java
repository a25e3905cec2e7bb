package dev.switchboard.runtime;

import dev.switchboard.runtime.error.GraphException;

/**
 * A route, a {@link Command} or a {@link Send} named a destination the graph cannot go to: a node
 * that does not exist, or a name outside the route's declared {@code to} list.
 */
public final class InvalidRouteException extends GraphException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message which destination was returned from where, and the allowed ones
     */
    public InvalidRouteException(String message) {
        super(message);
    }

    private InvalidRouteException(InvalidRouteException original) {
        super(original);
    }

    @Override
    public InvalidRouteException rethrownHere() {
        return new InvalidRouteException(this);
    }
}
