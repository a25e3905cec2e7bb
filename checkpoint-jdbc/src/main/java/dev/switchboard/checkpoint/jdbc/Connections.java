package dev.switchboard.checkpoint.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

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

    /**
     * Closes the idle connections kept for reuse, after one turned out dead: a server restart ends
     * them all. A store that keeps none has nothing to do.
     */
    default void dropIdle() {}

    /**
     * Whether a failure means the connection is gone rather than the statement failed: SQLState
     * class 08 (connection exception) or PostgreSQL's 57P01 to 57P03 (the server shut the session
     * down, or cannot take connections yet), anywhere in the failure's chain.
     */
    static boolean lostConnection(SQLException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException s) {
                for (SQLException x = s; x != null; x = x.getNextException()) {
                    String state = x.getSQLState();
                    if (state != null && (state.startsWith("08") || state.matches("57P0[123]"))) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    @Override
    void close();

    /** The failure of a lease asked for after {@link #close}. */
    static IllegalStateException closed(String description) {
        return new IllegalStateException("this saver is closed: " + description);
    }

    /** Closes a connection that is given up; a failure to close it leaves nothing to save. */
    static void quietly(Connection c) {
        try {
            c.close();
        } catch (SQLException e) {
            // Closing: nothing is left to save.
        }
    }

    /** Closes a statement that is given up; a failure to close it leaves nothing to save. */
    static void quietly(Statement s) {
        try {
            s.close();
        } catch (SQLException e) {
            // Closing: nothing is left to save.
        }
    }

    /** One transaction on one connection. */
    interface Lease extends AutoCloseable {
        Connection connection();

        /**
         * A statement for this transaction. The lease owns it: do not close it. Finish with it
         * before asking for the next one, since a store that keeps statements may hand out the same
         * one for the same SQL, or close a kept one to make room.
         */
        PreparedStatement prepare(String sql) throws SQLException;

        /** Commits the transaction. */
        void commit() throws SQLException;

        /** Rolls back whatever is not committed and gives the connection back. */
        @Override
        void close();
    }

    /**
     * A lease that ends its transaction once, by commit or else by rollback, and then gives the
     * connection back. Stores differ only in how a transaction ends and where the connection goes.
     */
    abstract class TransactionLease implements Lease {
        private final Connection connection;
        private final List<PreparedStatement> prepared = new ArrayList<>(4);
        private boolean committed;

        TransactionLease(Connection connection) {
            this.connection = connection;
        }

        @Override
        public final Connection connection() {
            return connection;
        }

        @Override
        public final PreparedStatement prepare(String sql) throws SQLException {
            PreparedStatement p = statement(sql);
            prepared.add(p);
            return p;
        }

        /** A statement for the SQL: prepared now, unless the store kept one. */
        PreparedStatement statement(String sql) throws SQLException {
            return connection.prepareStatement(sql);
        }

        /** Done with a statement this lease gave out: closes it, unless the store keeps it. */
        void done(PreparedStatement p) throws SQLException {
            p.close();
        }

        @Override
        public final void commit() throws SQLException {
            commitTransaction();
            committed = true;
        }

        @Override
        public final void close() {
            for (PreparedStatement p : prepared) {
                try {
                    done(p);
                } catch (SQLException e) {
                    // The statement is of no further use either way; the transaction still ends.
                }
            }
            boolean healthy = true;
            if (!committed) {
                try {
                    rollbackTransaction();
                } catch (SQLException e) {
                    healthy = false;
                }
            }
            release(healthy);
        }

        abstract void commitTransaction() throws SQLException;

        abstract void rollbackTransaction() throws SQLException;

        /**
         * Gives the connection back.
         *
         * @param healthy false when rolling back failed, so the connection may be unusable
         */
        abstract void release(boolean healthy);
    }
}
