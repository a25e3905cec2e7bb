package dev.switchboard.checkpoint.jdbc;

import dev.switchboard.runtime.checkpoint.CheckpointMetadata;
import java.sql.Connection;
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
 * neither commit, roll back nor close the connection it is given.
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
}
