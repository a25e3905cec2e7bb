package dev.switchboard.checkpoint.jdbc;

import dev.switchboard.runtime.checkpoint.Blob;
import dev.switchboard.runtime.checkpoint.Checkpoint;
import dev.switchboard.runtime.checkpoint.CheckpointKeys;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.runtime.checkpoint.CheckpointTuple;
import dev.switchboard.runtime.checkpoint.ConcurrentRunException;
import dev.switchboard.runtime.checkpoint.ListOptions;
import dev.switchboard.runtime.checkpoint.PendingWrite;
import dev.switchboard.runtime.checkpoint.ThreadInfo;
import dev.switchboard.runtime.checkpoint.ThreadInfos;
import dev.switchboard.runtime.checkpoint.ThreadQuery;
import dev.switchboard.runtime.checkpoint.ThreadStorage;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * A {@link CheckpointSaver} on a relational database through JDBC, with the exact semantics of
 * {@link dev.switchboard.runtime.checkpoint.MemorySaver}: every operation is one transaction,
 * {@link #put} moves the thread's head by compare-and-set (a stale head gets a
 * {@link ConcurrentRunException} and nothing is stored), {@link #putWrites} is idempotent per task
 * and write index, and reading a checkpoint fetches all its blobs in a bounded number of queries.
 * Obtain one from {@link SqliteSaver} or {@link PostgresSaver}; it is thread-safe, and {@link
 * #close} releases its connections.
 *
 * <p>The saver keeps its own tables (prefixed {@code switchboard_}) and migrates them when it opens
 * a database; it refuses a database whose schema is newer than it knows. Database failures surface
 * as {@link CheckpointStoreException}.
 */
public final class JdbcSaver implements CheckpointSaver, AutoCloseable {
    /**
     * The schema version this code creates and reads: where the migrations lead. The same for every
     * dialect, since one method writes the migrations of all of them.
     */
    static final int SCHEMA_VERSION = Dialect.SQLITE.migrations().size();

    private final Dialect dialect;
    private final Connections connections;
    private final Clock clock = Clock.systemUTC();
    private final Transactions transactions;
    private final CheckpointWrites writes;

    /** Run in every write's transaction before it writes; none by default. */
    private volatile CommitGuard guard;

    /** Dictionaries of names known to be in this store (written or read). */
    private final StoredNames storedNames;

    /** The store's channel numbers. */
    private final ChannelIds channelIds;

    /** A view made by {@link #guardedBy}: it shares the connections of the saver that made it. */
    private final boolean view;

    JdbcSaver(Dialect dialect, Connections connections) {
        this.dialect = dialect;
        this.connections = connections;
        this.storedNames = new StoredNames(connections.describe());
        this.channelIds = new ChannelIds();
        this.transactions = new Transactions(dialect, connections);
        this.writes = new CheckpointWrites(dialect, transactions, channelIds, storedNames);
        this.view = false;
        try {
            migrate();
        } catch (RuntimeException e) {
            connections.close();
            throw e;
        }
    }

    private JdbcSaver(JdbcSaver of, CommitGuard guard) {
        this.dialect = of.dialect;
        this.connections = of.connections;
        this.storedNames = of.storedNames;
        this.channelIds = of.channelIds;
        this.transactions = of.transactions;
        this.writes = of.writes;
        this.guard = guard;
        this.view = true;
    }

    // ---------------------------------------------------------------- schema

    private void migrate() {
        inTransaction(true, "create or migrate the checkpoint tables", (tx, retry) -> {
            Schema.migrate(tx.connection(), dialect, connections.describe());
            return null;
        });
    }

    /**
     * Reads the schema version the database holds now, for health checks and diagnostics: equal to
     * the version this library writes once it has opened the database, unless another process has
     * since migrated it further.
     *
     * @return the stored schema version
     * @throws CheckpointStoreException if the database cannot be reached
     */
    public int schemaVersion() {
        return inTransaction(false, "read the schema version", (tx, retry) -> {
            try (Statement s = tx.connection().createStatement();
                    ResultSet r = s.executeQuery("SELECT MAX(version) FROM switchboard_schema")) {
                return r.next() ? r.getInt(1) : 0;
            }
        });
    }

    /**
     * Installs a check that every later {@code put}, {@code putStep} and {@code putWrites} runs in
     * its own transaction before writing, and that may refuse it (see {@link CommitGuard}); it
     * replaces the one installed before. Install it before the saver is shared between threads
     * that write.
     *
     * @param guard the check
     */
    public void guardCommits(CommitGuard guard) {
        this.guard = Objects.requireNonNull(guard, "guard");
    }

    /**
     * This saver with a check of its own that every {@code put}, {@code putStep} and {@code
     * putWrites} through the view runs in its transaction before writing (see {@link CommitGuard}),
     * instead of this saver's guard: one view per run, say, each knowing its run, over the same
     * connections. Closing the view does nothing; close this saver.
     *
     * @param guard the view's check
     * @return the view
     */
    public JdbcSaver guardedBy(CommitGuard guard) {
        return new JdbcSaver(this, Objects.requireNonNull(guard, "guard"));
    }

    /**
     * Describes the database this saver writes to (dialect and location, credentials left out), as
     * its error messages name it.
     *
     * @return a one-line description
     */
    public String database() {
        return connections.describe();
    }

    /**
     * Stores every value from now on as a row of {@code switchboard_blobs}, the layout before
     * schema version 7 (which reads still take): for tests that edit those rows.
     */
    void storeValuesAsRows() {
        writes.valuesAsRows();
    }

    // ---------------------------------------------------------------- writes

    @Override
    public void put(
            String threadId,
            String namespace,
            Checkpoint checkpoint,
            CheckpointMetadata metadata,
            String parentId,
            String expectedHead,
            List<Blob> newBlobs) {
        CheckpointKeys.checkPut(threadId, namespace, checkpoint, parentId, expectedHead, newBlobs);
        writes.store(guard, threadId, namespace, List.of(), checkpoint, metadata, parentId, expectedHead, newBlobs);
    }

    /**
     * Stores the step's writes and its checkpoint in one transaction, with one statement per table
     * (writes and blobs batched): a superstep is one commit.
     */
    @Override
    public void putStep(
            String threadId,
            String namespace,
            List<PendingWrite> writes,
            Checkpoint checkpoint,
            CheckpointMetadata metadata,
            String parentId,
            String expectedHead,
            List<Blob> newBlobs) {
        CheckpointKeys.checkPut(threadId, namespace, checkpoint, parentId, expectedHead, newBlobs);
        if (!writes.isEmpty()) {
            CheckpointKeys.checkWrites(threadId, namespace, parentId, writes);
            if (!parentId.equals(expectedHead)) {
                // putWrites stores only against the head; the checkpoint moves it from expectedHead.
                throw new ConcurrentRunException(threadId, parentId, expectedHead);
            }
        }
        this.writes.store(guard, threadId, namespace, writes, checkpoint, metadata, parentId, expectedHead, newBlobs);
    }

    /**
     * Looks up dictionaries of names in the transaction's store, each once: they are
     * content-addressed, so a stored one never changes.
     */
    Function<String, String> names(Connections.Lease tx) {
        return storedNames.in(tx);
    }

    @Override
    public void putWrites(String threadId, String namespace, String checkpointId, List<PendingWrite> writes) {
        CheckpointKeys.checkWrites(threadId, namespace, checkpointId, writes);
        this.writes.putWrites(guard, threadId, namespace, checkpointId, writes);
    }

    @Override
    public void deleteThread(String threadId) {
        CheckpointKeys.check("thread id", threadId);
        inTransaction(true, "delete thread '" + threadId + "'", (tx, retry) -> {
            ThreadRows.delete(tx, threadId);
            return null;
        });
    }

    // ---------------------------------------------------------------- threads

    @Override
    public List<String> namespaces(String threadId) {
        CheckpointKeys.check("thread id", threadId);
        return inTransaction(
                false,
                "list the namespaces of thread '" + threadId + "'",
                (tx, retry) -> ThreadRows.namespaces(tx, threadId, ""));
    }

    @Override
    public Optional<ThreadInfo> getThread(String threadId) {
        CheckpointKeys.check("thread id", threadId);
        return inTransaction(false, "read thread '" + threadId + "'", (tx, retry) -> ThreadRows.get(tx, threadId, ""));
    }

    @Override
    public List<ThreadInfo> listThreads(ThreadQuery query) {
        Objects.requireNonNull(query, "query");
        if (query.limit() == 0) {
            return new ArrayList<>();
        }
        return inTransaction(false, "list threads", (tx, retry) -> ThreadRows.list(tx, dialect, query));
    }

    @Override
    public void updateThreadMetadata(String threadId, Map<String, ?> metadata) {
        CheckpointKeys.check("thread id", threadId);
        Map<String, Object> checked = ThreadInfo.checkMetadata(metadata);
        inTransaction(true, "update the metadata of thread '" + threadId + "'", (tx, retry) -> {
            ThreadRows.mergeMetadata(tx, dialect, threadId, checked, clock.instant());
            return null;
        });
    }

    @Override
    public ThreadStorage storage(String threadId) {
        CheckpointKeys.check("thread id", threadId);
        return inTransaction(
                false,
                "measure the storage of thread '" + threadId + "'",
                (tx, retry) -> StorageRows.read(tx, dialect, threadId));
    }

    @Override
    public int prune(String threadId, int keepLatest) {
        CheckpointKeys.check("thread id", threadId);
        ThreadInfos.checkKeepLatest(keepLatest);
        return inTransaction(true, "prune thread '" + threadId + "'", (tx, retry) -> {
            int deleted = 0;
            // Locking the heads first keeps a concurrent put from adding a checkpoint meanwhile.
            for (String namespace : ThreadRows.namespaces(tx, threadId, dialect.lockForUpdate)) {
                deleted += ThreadRows.prune(tx, channelIds, threadId, namespace, keepLatest, names(tx));
            }
            return deleted;
        });
    }

    @Override
    public int deleteThreadsInactiveSince(Instant cutoff) {
        Objects.requireNonNull(cutoff, "cutoff");
        List<String> candidates =
                inTransaction(false, "find inactive threads", (tx, retry) -> ThreadRows.inactiveSince(tx, cutoff));
        int deleted = 0;
        for (String threadId : candidates) {
            boolean gone = inTransaction(true, "delete inactive thread '" + threadId + "'", (tx, retry) -> {
                // Heads first, as a put takes them (no deadlock); then the re-check, which skips
                // a thread that became active since it was listed.
                ThreadRows.namespaces(tx, threadId, dialect.lockForUpdate);
                if (!ThreadRows.deleteIfInactive(tx, threadId, cutoff)) {
                    return false;
                }
                ThreadRows.delete(tx, threadId);
                return true;
            });
            deleted += gone ? 1 : 0;
        }
        return deleted;
    }

    // ---------------------------------------------------------------- reads

    @Override
    public Optional<CheckpointTuple> getTuple(String threadId, String namespace, String checkpointId) {
        CheckpointKeys.check("thread id", threadId);
        CheckpointKeys.check("namespace", namespace);
        CheckpointKeys.checkNullable("checkpoint id", checkpointId);
        return inTransaction(
                false,
                "read a checkpoint of thread '" + threadId + "'",
                (tx, retry) -> reads(tx).tuple(threadId, namespace, checkpointId));
    }

    @Override
    public List<CheckpointTuple> list(String threadId, String namespace, ListOptions options) {
        CheckpointKeys.check("thread id", threadId);
        CheckpointKeys.check("namespace", namespace);
        Objects.requireNonNull(options, "options");
        CheckpointKeys.checkNullable("checkpoint id", options.before());
        if (options.limit() == 0) {
            return new ArrayList<>();
        }
        return inTransaction(
                false,
                "list the checkpoints of thread '" + threadId + "'",
                (tx, retry) -> reads(tx).history(threadId, namespace, options));
    }

    private CheckpointReads reads(Connections.Lease tx) {
        return new CheckpointReads(tx, dialect, channelIds, names(tx));
    }

    // ---------------------------------------------------------------- lifecycle

    /**
     * Closes the saver's connections; operations afterwards fail with {@link IllegalStateException}. A
     * view made by {@link #guardedBy} closes nothing.
     */
    @Override
    public void close() {
        if (!view) {
            connections.close();
        }
    }

    @Override
    public String toString() {
        return "JdbcSaver[" + connections.describe() + "]";
    }

    // ---------------------------------------------------------------- transactions

    private <T> T inTransaction(boolean write, String what, Transactions.SqlWork<T> work) {
        return transactions.run(write, what, write ? guard : null, work);
    }

    /** Binds a thread and namespace at {@code from} and {@code from + 1}; returns the next index. */
    static int bindThread(PreparedStatement p, int from, String threadId, String namespace) throws SQLException {
        p.setString(from, threadId);
        p.setString(from + 1, namespace);
        return from + 2;
    }
}
