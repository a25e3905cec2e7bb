package dev.switchboard.checkpoint.jdbc;

import dev.switchboard.runtime.error.GraphException;

/**
 * The checkpoint database failed or cannot be used: a SQL error (connection lost, disk full, lock
 * timeout), a missing JDBC driver, or a database whose schema is newer than this library. The
 * message says which operation failed and on which store; the cause is the underlying
 * {@link java.sql.SQLException}, if any.
 */
public final class CheckpointStoreException extends GraphException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message what failed, and how to fix it when that is known
     * @param cause the underlying exception, or {@code null}
     */
    public CheckpointStoreException(String message, Throwable cause) {
        super(message, null, cause);
    }

    private CheckpointStoreException(CheckpointStoreException original) {
        super(original);
    }

    @Override
    public CheckpointStoreException rethrownHere() {
        return new CheckpointStoreException(this);
    }
}
