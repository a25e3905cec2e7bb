package dev.switchboard.checkpoint.jdbc;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * Where a {@link JdbcSaver} gets its connections. Every lease is one transaction: a write lease
 * may change rows, a read lease sees one consistent snapshot. Implementations are thread-safe.
 */
interface Connections extends AutoCloseable {
    /**
     * Starts a transaction on a connection that no other thread uses until the lease is closed.
     *
     * @param write whether the transaction writes
     */
    Lease lease(boolean write) throws SQLException;

    /** What this store is, for error messages (never includes a password). */
    String describe();

    @Override
    void close();

    /** One transaction on one connection. */
    interface Lease extends AutoCloseable {
        Connection connection();

        /** Commits the transaction. */
        void commit() throws SQLException;

        /** Rolls back whatever is not committed and gives the connection back. */
        @Override
        void close();
    }
}
