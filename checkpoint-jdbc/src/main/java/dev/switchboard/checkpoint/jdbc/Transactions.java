package dev.switchboard.checkpoint.jdbc;

import java.sql.SQLException;

/**
 * How {@link JdbcSaver} runs its work: each operation one transaction on one leased connection,
 * committed at the end, rolled back on any failure, retried once on a fresh connection when the
 * first lost its connection, and its database failure reported as a {@link
 * CheckpointStoreException} naming what could not be done and where.
 */
final class Transactions {
    private final Dialect dialect;
    private final Connections connections;

    Transactions(Dialect dialect, Connections connections) {
        this.dialect = dialect;
        this.connections = connections;
    }

    /** Work for one transaction, in its lease; {@code retry} when a first attempt lost its connection. */
    @FunctionalInterface
    interface SqlWork<T> {
        T run(Connections.Lease tx, boolean retry) throws SQLException;
    }

    /**
     * Runs {@code work} in one transaction and commits it. Whatever it throws rolls the transaction
     * back; a database failure surfaces as a {@link CheckpointStoreException} saying what could not
     * be done.
     *
     * <p>A lost connection (the server restarted, or ended the session) is retried once, on a fresh
     * connection: the store's other idle connections are dropped, since they are most likely dead
     * too, and would otherwise each fail one more caller. Retrying is safe for every operation even
     * when the commit itself was lost: reads and {@code putWrites} and {@code deleteThread} are
     * idempotent, and {@code put} recognises its own committed checkpoint behind the moved head.
     *
     * @param guard told when a write transaction ends ({@link CommitGuard#ended}), or {@code null}
     */
    <T> T run(boolean write, String what, CommitGuard guard, SqlWork<T> work) {
        try {
            return attempt(write, guard, work, false);
        } catch (SQLException e) {
            if (!Connections.lostConnection(e)) {
                throw failure(what, e);
            }
            connections.dropIdle();
            try {
                return attempt(write, guard, work, true);
            } catch (SQLException again) {
                again.addSuppressed(e);
                throw failure(what, again);
            }
        }
    }

    private <T> T attempt(boolean write, CommitGuard guard, SqlWork<T> work, boolean retry) throws SQLException {
        try (Connections.Lease lease = connections.lease(write)) {
            boolean committed = false;
            try {
                T result = work.run(lease, retry);
                lease.commit();
                committed = true;
                return result;
            } finally {
                if (write && guard != null) {
                    guard.ended(lease.connection(), committed);
                }
            }
        }
    }

    private CheckpointStoreException failure(String what, SQLException e) {
        return new CheckpointStoreException(
                "could not " + what + " in " + connections.describe() + ": " + e.getMessage() + dialect.driverHint(e),
                e);
    }
}
