package dev.switchboard.checkpoint.jdbc;

import dev.switchboard.runtime.checkpoint.CheckpointMetadata;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * A check a {@link JdbcSaver} runs inside the transaction of every {@code put}, {@code putStep}
 * and {@code putWrites}, before it writes anything, which may refuse the commit by throwing: then
 * the transaction rolls back, nothing of the call is stored, and the exception reaches the caller
 * unchanged. Because the check shares the commit's transaction, it can lock rows of its own tables
 * in the same database and so decide together with the commit, with no window between check and
 * commit for another process to change its mind: a run queue fences a worker that lost its lease
 * this way (the worker's commit either lands before the run's new claim or is refused after it).
 * Install one with {@link JdbcSaver#guardCommits}; it runs on the saver's connections and must
 * neither commit, roll back nor close the connection it is given. On PostgreSQL a guard may also
 * offer its check as SQL ({@link #fold}), which the saver then runs inside the first statement of a
 * checkpoint's transaction: one round trip fewer per checkpoint.
 */
@FunctionalInterface
public interface CommitGuard {
    /**
     * Checks, within the commit's transaction, that the write may be stored.
     *
     * @param connection the transaction's connection
     * @param threadId the thread written to
     * @param metadata the metadata of the checkpoint stored, or null for {@code putWrites}, whose
     *     pending writes carry none
     * @throws SQLException if the check's own statements fail (the commit fails as a database
     *     error)
     * @throws RuntimeException any, to refuse the commit
     */
    void check(Connection connection, String threadId, CheckpointMetadata metadata) throws SQLException;

    /**
     * Told once a write transaction of the saver ended, committed or not (after {@link #check}, or
     * of an operation that checks nothing), so that a guard that stored something of its own in the
     * transaction knows whether it landed. It must not use the connection. Does nothing by default.
     *
     * @param connection the transaction's connection, as {@link #check} was given it
     * @param committed whether the transaction committed
     */
    default void ended(Connection connection, boolean committed) {}

    /**
     * This check as SQL for the first statement of a checkpoint's transaction ({@code put}, {@code
     * putStep}), instead of a statement of its own before it; {@code null}, the default, to be
     * called through {@link #check}. A saver on a database without writable common table
     * expressions (SQLite) never asks. It is asked inside the transaction, where {@link #check}
     * would have been called, and {@link #ended} follows the same way.
     *
     * @param connection the transaction's connection (not for statements: the fold is the check)
     * @param threadId the thread written to
     * @param metadata the metadata of the checkpoint stored
     * @return the check as SQL, or {@code null}
     * @throws SQLException if preparing it fails
     */
    default Fold fold(Connection connection, String threadId, CheckpointMetadata metadata) throws SQLException {
        return null;
    }

    /**
     * A guard's check as part of a saver's statement: common table expressions that the saver puts
     * first in its {@code WITH}, one of them named {@code guard} (the rows the check reads, locked
     * as {@link #check} would lock them), and expressions over them that the statement answers for
     * {@link #check(ResultSet, int)} to judge. The saver writes nothing unless {@code guard} has a
     * row, and reads {@code guard} before it takes its own locks (the head's row), so the guard's
     * locks come first as they do with {@link CommitGuard#check}. The saver's own expressions are
     * named {@code moved}, {@code inserted} and {@code touched}; the guard's must differ.
     */
    interface Fold {
        /**
         * The common table expressions, comma-separated, without {@code WITH}.
         *
         * @return SQL
         */
        String with();

        /**
         * Binds the parameters of {@link #with} from {@code from}.
         *
         * @param p the statement
         * @param from the first parameter's index
         * @return the index of the parameter after them
         * @throws SQLException if binding fails
         */
        int bind(PreparedStatement p, int from) throws SQLException;

        /**
         * Expressions of the statement's answer, comma-separated, over the expressions of {@link
         * #with} (scalar subqueries: the statement answers one row).
         *
         * @return SQL
         */
        String columns();

        /**
         * Judges the values of {@link #columns}, answered from column {@code from}, before the
         * saver reads its own: throws to refuse the commit as {@link CommitGuard#check} would.
         *
         * @param r the statement's answer, on its row
         * @param from the column of the first value
         * @throws SQLException if reading fails
         */
        void check(ResultSet r, int from) throws SQLException;
    }
}
