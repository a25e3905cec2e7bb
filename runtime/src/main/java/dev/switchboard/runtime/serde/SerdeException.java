package dev.switchboard.runtime.serde;

import dev.switchboard.runtime.error.GraphException;

/**
 * A stored value could not be written or read: it does not match the declared schema, exceeds the
 * {@link SerdeLimits}, or was tampered with. The message names the channel.
 */
public final class SerdeException extends GraphException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message what failed, naming the channel
     * @param cause the underlying failure, or {@code null}
     */
    public SerdeException(String message, Throwable cause) {
        super(message, null, cause);
    }

    private SerdeException(SerdeException original) {
        super(original);
    }

    @Override
    public SerdeException rethrownHere() {
        return new SerdeException(this);
    }
}
