package dev.switchboard.checkpoint.jdbc;

import dev.switchboard.runtime.checkpoint.Blob;
import dev.switchboard.runtime.checkpoint.Checkpoint;
import dev.switchboard.runtime.checkpoint.CheckpointJson;
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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
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

    private static final int MAX_CACHED_NAMES = 1024;

    private final Dialect dialect;
    private final Connections connections;
    private final Clock clock = Clock.systemUTC();

    /** Run in every write's transaction before it writes; none by default. */
    private volatile CommitGuard guard;

    /** Dictionaries of names known to be in this store (written or read), by id. */
    private final Map<String, String> storedNames;

    /** The store's channel numbers. */
    private final ChannelIds channelIds;

    /** A view made by {@link #guardedBy}: it shares the connections of the saver that made it. */
    private final boolean view;

    JdbcSaver(Dialect dialect, Connections connections) {
        this.dialect = dialect;
        this.connections = connections;
        this.storedNames = new ConcurrentHashMap<>();
        this.channelIds = new ChannelIds();
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
        store(threadId, namespace, List.of(), checkpoint, metadata, parentId, expectedHead, newBlobs);
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
        store(threadId, namespace, writes, checkpoint, metadata, parentId, expectedHead, newBlobs);
    }

    private void store(
            String threadId,
            String namespace,
            List<PendingWrite> writes,
            Checkpoint checkpoint,
            CheckpointMetadata metadata,
            String parentId,
            String expectedHead,
            List<Blob> newBlobs) {
        Objects.requireNonNull(metadata, "metadata");
        // A checkpoint of format 1 (copied from an older store) keeps its form, which its seal, if
        // any, covers; everything else is stored compactly, its names once per store.
        CheckpointJson.Compact compact =
                checkpoint.formatVersion() == 1 ? null : CheckpointJson.encodeCompact(checkpoint);
        String header = compact == null ? CheckpointJson.encode(checkpoint) : compact.header();
        String meta = CheckpointRow.storedMetadata(metadata);
        boolean newNames = compact != null && !storedNames.containsKey(compact.namesId());
        ChannelIds.Pending[] added = new ChannelIds.Pending[1];
        inTransaction(true, "store checkpoint " + checkpoint.id() + " of thread '" + threadId + "'", (tx, retry) -> {
            check(tx, threadId, metadata);
            CheckpointInsert row =
                    new CheckpointInsert(threadId, namespace, checkpoint, parentId, metadata, header, meta);
            CheckpointInsert.Stored stored = row.insertMovingHead(tx, dialect, expectedHead);
            if (stored == null) {
                if (retry && stored(tx, threadId, namespace, checkpoint.id())) {
                    return null; // the connection was lost after the first attempt committed
                }
                throw new ConcurrentRunException(threadId, expectedHead, head(tx, threadId, namespace));
            }
            added[0] = channelIds.in(tx);
            Map<String, Long> channels = channelIds(added[0], writes, newBlobs);
            Map<Blob, Long> refs = Map.of();
            if (!writes.isEmpty()) {
                // putStep: the writes follow the head the checkpoint moved from.
                boolean[] inserted = insertWrites(tx, stored.expectedSeq(), writes, channels);
                refs = WriteRefs.find(newBlobs, writes, inserted, stored.expectedSeq(), channels, stored.written());
            }
            if (!newBlobs.isEmpty()) {
                BlobRows.insert(tx, stored.space(), newBlobs, channels, refs);
            }
            ThreadRows.touch(tx, threadId, clock.instant());
            if (newNames) {
                insertNames(tx, compact);
            }
            return null;
        });
        if (added[0] != null) {
            added[0].commit();
        }
        if (newNames) {
            remember(compact.namesId(), compact.names()); // only once committed
        }
    }

    /**
     * The ids of the channels written and stored, looked up (or added) before any batch is built:
     * a lookup prepares statements, which may close a kept statement that holds a batch.
     */
    private static Map<String, Long> channelIds(ChannelIds.Pending ids, List<PendingWrite> writes, List<Blob> blobs)
            throws SQLException {
        Map<String, Long> out = new HashMap<>();
        for (PendingWrite w : writes) {
            if (!out.containsKey(w.channel())) {
                out.put(w.channel(), ids.id(w.channel()));
            }
        }
        for (Blob b : blobs) {
            if (!out.containsKey(b.channel())) {
                out.put(b.channel(), ids.id(b.channel()));
            }
        }
        return out;
    }

    /** The guard first, so that its locks come before the head's in every transaction. */
    private void check(Connections.Lease tx, String threadId, CheckpointMetadata metadata) throws SQLException {
        CommitGuard g = guard;
        if (g != null) {
            g.check(tx.connection(), threadId, metadata);
        }
    }

    private static void insertNames(Connections.Lease tx, CheckpointJson.Compact compact) throws SQLException {
        PreparedStatement p =
                tx.prepare("INSERT INTO switchboard_names (id, names) VALUES (?, ?) ON CONFLICT DO NOTHING");
        p.setString(1, compact.namesId());
        p.setString(2, compact.names());
        p.executeUpdate();
    }

    private void remember(String namesId, String names) {
        if (storedNames.size() >= MAX_CACHED_NAMES) {
            storedNames.clear();
        }
        storedNames.put(namesId, names);
    }

    /**
     * Looks up dictionaries of names in the transaction's store, each once: they are
     * content-addressed, so a stored one never changes.
     */
    Function<String, String> names(Connections.Lease tx) {
        return id -> {
            String known = storedNames.get(id);
            if (known != null) {
                return known;
            }
            try {
                PreparedStatement p = tx.prepare("SELECT names FROM switchboard_names WHERE id = ?");
                p.setString(1, id);
                try (ResultSet r = p.executeQuery()) {
                    String names = r.next() ? r.getString(1) : null;
                    if (names != null) {
                        remember(id, names);
                    }
                    return names;
                }
            } catch (SQLException e) {
                throw new CheckpointStoreException(
                        "cannot read the checkpoint names " + id + " from " + connections.describe() + ": "
                                + e.getMessage(),
                        e);
            }
        };
    }

    private static String head(Connections.Lease tx, String threadId, String namespace) throws SQLException {
        PreparedStatement p = tx.prepare("SELECT head FROM switchboard_spaces WHERE thread_id = ? AND namespace = ?");
        bindThread(p, 1, threadId, namespace);
        try (ResultSet r = p.executeQuery()) {
            return r.next() ? StoredIds.text(r.getBytes(1)) : null;
        }
    }

    private static boolean stored(Connections.Lease tx, String threadId, String namespace, String checkpointId)
            throws SQLException {
        PreparedStatement p = tx.prepare("SELECT 1 FROM switchboard_spaces s JOIN switchboard_checkpoints c"
                + " ON c.space = s.id WHERE s.thread_id = ? AND s.namespace = ? AND c.checkpoint_id = ?");
        bindThread(p, 1, threadId, namespace);
        p.setBytes(3, StoredIds.bytes(checkpointId));
        try (ResultSet r = p.executeQuery()) {
            return r.next();
        }
    }

    @Override
    public void putWrites(String threadId, String namespace, String checkpointId, List<PendingWrite> writes) {
        CheckpointKeys.checkWrites(threadId, namespace, checkpointId, writes);
        ChannelIds.Pending[] added = new ChannelIds.Pending[1];
        inTransaction(true, "store pending writes of thread '" + threadId + "'", (tx, retry) -> {
            check(tx, threadId, null);
            // On PostgreSQL this locks the head's row until commit, so a put cannot move the head
            // under these writes; on SQLite the write transaction already excludes every put.
            PreparedStatement p = tx.prepare("SELECT s.head, c.seq FROM switchboard_spaces s"
                    + " JOIN switchboard_checkpoints c ON c.space = s.id AND c.checkpoint_id = s.head"
                    + " WHERE s.thread_id = ? AND s.namespace = ?" + dialect.lockHeadForShare);
            bindThread(p, 1, threadId, namespace);
            String head = null;
            long seq = -1;
            try (ResultSet r = p.executeQuery()) {
                if (r.next()) {
                    head = StoredIds.text(r.getBytes(1));
                    seq = r.getLong(2);
                }
            }
            if (head == null || !head.equals(checkpointId)) {
                throw new ConcurrentRunException(threadId, checkpointId, head);
            }
            if (!writes.isEmpty()) {
                added[0] = channelIds.in(tx);
                insertWrites(tx, seq, writes, channelIds(added[0], writes, List.of()));
            }
            return null;
        });
        if (added[0] != null) {
            added[0].commit();
        }
    }

    /**
     * Stores writes against the checkpoint stored as row {@code checkpoint}.
     *
     * @return for each write, whether it was stored now rather than kept from before
     */
    private static boolean[] insertWrites(
            Connections.Lease tx, long checkpoint, List<PendingWrite> writes, Map<String, Long> channels)
            throws SQLException {
        PreparedStatement p = tx.prepare("INSERT INTO switchboard_writes"
                + " (checkpoint, task_id, idx, channel, value) VALUES (?, ?, ?, ?, ?)"
                // A retried write is stored once; a task's latest error, pause or resume
                // values (negative indices) replace the previous ones.
                + " ON CONFLICT (checkpoint, task_id, idx) DO UPDATE"
                + " SET channel = excluded.channel, value = excluded.value WHERE excluded.idx < 0");
        for (PendingWrite w : writes) {
            p.setLong(1, checkpoint);
            p.setBytes(2, StoredIds.bytes(w.taskId()));
            p.setInt(3, w.index());
            p.setLong(4, channels.get(w.channel()));
            p.setBytes(5, w.value());
            p.addBatch();
        }
        int[] counts = p.executeBatch();
        boolean[] inserted = new boolean[writes.size()];
        for (int i = 0; i < inserted.length && i < counts.length; i++) {
            inserted[i] = counts[i] == 1;
        }
        return inserted;
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
        return new CheckpointReads(tx, channelIds, names(tx));
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

    /** Work for one transaction, in its lease; {@code retry} when a first attempt lost its connection. */
    @FunctionalInterface
    private interface SqlWork<T> {
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
     */
    private <T> T inTransaction(boolean write, String what, SqlWork<T> work) {
        try {
            return attempt(write, work, false);
        } catch (SQLException e) {
            if (!Connections.lostConnection(e)) {
                throw failure(what, e);
            }
            connections.dropIdle();
            try {
                return attempt(write, work, true);
            } catch (SQLException again) {
                again.addSuppressed(e);
                throw failure(what, again);
            }
        }
    }

    private <T> T attempt(boolean write, SqlWork<T> work, boolean retry) throws SQLException {
        try (Connections.Lease lease = connections.lease(write)) {
            boolean committed = false;
            try {
                T result = work.run(lease, retry);
                lease.commit();
                committed = true;
                return result;
            } finally {
                CommitGuard g = guard;
                if (write && g != null) {
                    g.ended(lease.connection(), committed);
                }
            }
        }
    }

    /** Binds a thread and namespace at {@code from} and {@code from + 1}; returns the next index. */
    static int bindThread(PreparedStatement p, int from, String threadId, String namespace) throws SQLException {
        p.setString(from, threadId);
        p.setString(from + 1, namespace);
        return from + 2;
    }

    private CheckpointStoreException failure(String what, SQLException e) {
        return new CheckpointStoreException(
                "could not " + what + " in " + connections.describe() + ": " + e.getMessage() + dialect.driverHint(e),
                e);
    }
}
