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
import java.sql.Connection;
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
    /** Checkpoint ids per pending-writes query, where they are read by id. */
    private static final int IDS_PER_QUERY = 500;

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

    /** A view made by {@link #guardedBy}: it shares the connections of the saver that made it. */
    private final boolean view;

    JdbcSaver(Dialect dialect, Connections connections) {
        this.dialect = dialect;
        this.connections = connections;
        this.storedNames = new ConcurrentHashMap<>();
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
        this.guard = guard;
        this.view = true;
    }

    // ---------------------------------------------------------------- schema

    private void migrate() {
        inTransaction(true, "create or migrate the checkpoint tables", (tx, retry) -> {
            Connection c = tx.connection();
            dialect.lockSchema(c);
            int current = storedSchemaVersion(c);
            if (current > SCHEMA_VERSION) {
                throw new CheckpointStoreException(
                        "the checkpoint database (" + connections.describe() + ") has Switchboard schema version "
                                + current + ", newer than the versions up to " + SCHEMA_VERSION
                                + " that this switchboard-checkpoint-jdbc knows; it was written by a newer"
                                + " Switchboard. Upgrade Switchboard to open it (refusing, so as not to"
                                + " misread or damage its data).",
                        null);
            }
            if (current < SCHEMA_VERSION) {
                upgrade(c, current);
            }
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

    /** The version the database's schema has, creating the version table if needed; 0 when new. */
    private static int storedSchemaVersion(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS switchboard_schema (version INTEGER NOT NULL)");
            try (ResultSet r = s.executeQuery("SELECT MAX(version) FROM switchboard_schema")) {
                return r.next() ? r.getInt(1) : 0;
            }
        }
    }

    private void upgrade(Connection c, int current) throws SQLException {
        List<List<String>> migrations = dialect.migrations();
        try (Statement s = c.createStatement()) {
            for (int v = current; v < SCHEMA_VERSION; v++) {
                for (String ddl : migrations.get(v)) {
                    s.execute(ddl);
                }
            }
            s.execute("DELETE FROM switchboard_schema");
        }
        try (PreparedStatement p = c.prepareStatement("INSERT INTO switchboard_schema (version) VALUES (?)")) {
            p.setInt(1, SCHEMA_VERSION);
            p.executeUpdate();
        }
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
        String meta = CheckpointJson.encode(metadata);
        boolean newNames = compact != null && !storedNames.containsKey(compact.namesId());
        inTransaction(true, "store checkpoint " + checkpoint.id() + " of thread '" + threadId + "'", (tx, retry) -> {
            check(tx, threadId, metadata);
            CheckpointInsert row =
                    new CheckpointInsert(threadId, namespace, checkpoint, parentId, metadata, header, meta);
            if (!row.insertMovingHead(tx, dialect, expectedHead)) {
                if (retry && stored(tx, threadId, namespace, checkpoint.id())) {
                    return null; // the connection was lost after the first attempt committed
                }
                throw new ConcurrentRunException(threadId, expectedHead, head(tx, threadId, namespace, ""));
            }
            if (!newBlobs.isEmpty()) {
                insertBlobs(tx, threadId, namespace, newBlobs);
            }
            if (!writes.isEmpty()) {
                insertWrites(tx, threadId, namespace, parentId, writes);
            }
            ThreadRows.touch(tx, threadId, clock.instant());
            if (newNames) {
                insertNames(tx, compact);
            }
            return null;
        });
        if (newNames) {
            remember(compact.namesId(), compact.names()); // only once committed
        }
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
    private Function<String, String> names(Connections.Lease tx) {
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

    private static void insertBlobs(Connections.Lease tx, String threadId, String namespace, List<Blob> blobs)
            throws SQLException {
        PreparedStatement p = tx.prepare("INSERT INTO switchboard_blobs"
                + " (thread_id, namespace, channel, version, base, previous, kind, data)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING");
        for (Blob b : blobs) {
            bindThread(p, 1, threadId, namespace);
            p.setString(3, b.channel());
            p.setString(4, b.version());
            p.setString(5, b.base());
            p.setString(6, b.previous());
            p.setString(7, b.kind().name());
            p.setBytes(8, b.data());
            p.addBatch();
        }
        p.executeBatch();
    }

    private static String head(Connections.Lease tx, String threadId, String namespace, String lock)
            throws SQLException {
        PreparedStatement p =
                tx.prepare("SELECT checkpoint_id FROM switchboard_heads WHERE thread_id = ? AND namespace = ?" + lock);
        bindThread(p, 1, threadId, namespace);
        try (ResultSet r = p.executeQuery()) {
            return r.next() ? r.getString(1) : null;
        }
    }

    private static boolean stored(Connections.Lease tx, String threadId, String namespace, String checkpointId)
            throws SQLException {
        PreparedStatement p = tx.prepare("SELECT 1 FROM switchboard_checkpoints"
                + " WHERE thread_id = ? AND namespace = ? AND checkpoint_id = ?");
        bindThread(p, 1, threadId, namespace);
        p.setString(3, checkpointId);
        try (ResultSet r = p.executeQuery()) {
            return r.next();
        }
    }

    @Override
    public void putWrites(String threadId, String namespace, String checkpointId, List<PendingWrite> writes) {
        CheckpointKeys.checkWrites(threadId, namespace, checkpointId, writes);
        inTransaction(true, "store pending writes of thread '" + threadId + "'", (tx, retry) -> {
            check(tx, threadId, null);
            // On PostgreSQL this locks the head row until commit, so a put cannot move the head
            // under these writes; on SQLite the write transaction already excludes every put.
            String head = head(tx, threadId, namespace, dialect.lockHeadForShare);
            if (head == null || !head.equals(checkpointId)) {
                throw new ConcurrentRunException(threadId, checkpointId, head);
            }
            if (!writes.isEmpty()) {
                insertWrites(tx, threadId, namespace, checkpointId, writes);
            }
            return null;
        });
    }

    private static void insertWrites(
            Connections.Lease tx, String threadId, String namespace, String checkpointId, List<PendingWrite> writes)
            throws SQLException {
        PreparedStatement p = tx.prepare("INSERT INTO switchboard_writes"
                + " (thread_id, namespace, checkpoint_id, task_id, idx, channel, value)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?)"
                // A retried write is stored once; a task's latest error, pause or resume
                // values (negative indices) replace the previous ones.
                + " ON CONFLICT (thread_id, namespace, checkpoint_id, task_id, idx) DO UPDATE"
                + " SET channel = excluded.channel, value = excluded.value WHERE excluded.idx < 0");
        for (PendingWrite w : writes) {
            bindThread(p, 1, threadId, namespace);
            p.setString(3, checkpointId);
            p.setString(4, w.taskId());
            p.setInt(5, w.index());
            p.setString(6, w.channel());
            p.setBytes(7, w.value());
            p.addBatch();
        }
        p.executeBatch();
    }

    @Override
    public void deleteThread(String threadId) {
        CheckpointKeys.check("thread id", threadId);
        inTransaction(true, "delete thread '" + threadId + "'", (tx, retry) -> {
            // Heads first: a concurrent put or putWrites on this thread holds that row's lock.
            deleteRows(tx, threadId);
            return null;
        });
    }

    private static void deleteRows(Connections.Lease tx, String threadId) throws SQLException {
        for (String table : List.of(
                "switchboard_heads",
                "switchboard_writes",
                "switchboard_checkpoints",
                "switchboard_blobs",
                "switchboard_threads")) {
            PreparedStatement p = tx.prepare("DELETE FROM " + table + " WHERE thread_id = ?");
            p.setString(1, threadId);
            p.executeUpdate();
        }
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
                deleted += ThreadRows.prune(tx, threadId, namespace, keepLatest, names(tx));
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
                deleteRows(tx, threadId);
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
        String sql = checkpointId == null
                ? "SELECT " + CheckpointRow.COLUMNS + " FROM switchboard_heads h JOIN switchboard_checkpoints c"
                        + " ON c.thread_id = h.thread_id AND c.namespace = h.namespace"
                        + " AND c.checkpoint_id = h.checkpoint_id"
                        + " WHERE h.thread_id = ? AND h.namespace = ?"
                : "SELECT " + CheckpointRow.COLUMNS + " FROM switchboard_checkpoints c"
                        + " WHERE c.thread_id = ? AND c.namespace = ? AND c.checkpoint_id = ?";
        return inTransaction(false, "read a checkpoint of thread '" + threadId + "'", (tx, retry) -> {
            CheckpointRow row = null;
            PreparedStatement p = tx.prepare(sql);
            bindThread(p, 1, threadId, namespace);
            if (checkpointId != null) {
                p.setString(3, checkpointId);
            }
            try (ResultSet r = p.executeQuery()) {
                if (r.next()) {
                    row = CheckpointRow.read(r, threadId, CheckpointRow.metadata(r, threadId), names(tx));
                }
            }
            return row == null
                    ? Optional.<CheckpointTuple>empty()
                    : Optional.of(assemble(tx, threadId, namespace, List.of(row), writes(tx, threadId, namespace, row))
                            .get(0));
        });
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
        HistoryQuery query =
                HistoryQuery.of("SELECT " + CheckpointRow.COLUMNS + " FROM switchboard_checkpoints c", options);
        return inTransaction(false, "list the checkpoints of thread '" + threadId + "'", (tx, retry) -> {
            List<CheckpointRow> rows = history(tx, query, threadId, namespace, options);
            return rows.isEmpty()
                    ? new ArrayList<CheckpointTuple>()
                    : assemble(tx, threadId, namespace, rows, writes(tx, query, threadId, namespace, rows));
        });
    }

    /** The rows of the query that match the whole filter, newest first, up to the limit. */
    private List<CheckpointRow> history(
            Connections.Lease tx, HistoryQuery query, String threadId, String namespace, ListOptions options)
            throws SQLException {
        List<CheckpointRow> rows = new ArrayList<>();
        Function<String, String> names = names(tx);
        PreparedStatement p = tx.prepare(query.sql());
        query.bind(p, threadId, namespace);
        p.setFetchSize(100);
        try (ResultSet r = p.executeQuery()) {
            while (r.next()) {
                CheckpointMetadata metadata = CheckpointRow.metadata(r, threadId);
                if (metadata.matches(options.filter())) {
                    rows.add(CheckpointRow.read(r, threadId, metadata, names));
                    if (options.limit() > 0 && rows.size() == options.limit()) {
                        break;
                    }
                }
            }
        }
        return rows;
    }

    /**
     * Loads the blobs of every delta chain the rows' channels point into (a few queries for the lot,
     * however many blobs there are) and pairs the rows with them and with their pending writes.
     */
    private List<CheckpointTuple> assemble(
            Connections.Lease tx, String threadId, String namespace, List<CheckpointRow> rows, WriteLists writes)
            throws SQLException {
        BlobChains blobs = BlobChains.load(tx, threadId, namespace, rows);
        List<CheckpointTuple> out = new ArrayList<>(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            CheckpointRow row = rows.get(i);
            out.add(new CheckpointTuple(
                    threadId, namespace, row.checkpoint(), row.metadata(), row.parentId(), blobs.of(i), writes.of(i)));
        }
        return out;
    }

    /** The pending writes of one checkpoint. */
    private WriteLists writes(Connections.Lease tx, String threadId, String namespace, CheckpointRow row)
            throws SQLException {
        PreparedStatement p =
                tx.prepare("SELECT CAST(? AS BIGINT), task_id, idx, channel, value, " + dialect.writesOrder
                        + " FROM switchboard_writes WHERE thread_id = ? AND namespace = ? AND checkpoint_id = ?");
        p.setLong(1, row.seq());
        p.setString(bindThread(p, 2, threadId, namespace), row.checkpoint().id());
        return readWrites(p, List.of(row));
    }

    /**
     * The pending writes of the listed rows (newest first): in one query whatever their number, or
     * by their ids {@value #IDS_PER_QUERY} at a time where the database plans that join badly
     * ({@link Dialect#joinsWritesToHistory}).
     */
    private WriteLists writes(
            Connections.Lease tx, HistoryQuery query, String threadId, String namespace, List<CheckpointRow> rows)
            throws SQLException {
        if (!dialect.joinsWritesToHistory()) {
            return writesByIds(tx, threadId, namespace, rows, query.wholeHistory());
        }
        PreparedStatement p = tx.prepare(query.writesSql(dialect.writesOrder));
        query.bindWrites(p, threadId, namespace, rows.get(rows.size() - 1).seq());
        return readWrites(p, rows);
    }

    /**
     * The rows' pending writes by their checkpoint ids: all of the namespace's in one query when
     * the rows are its whole history, otherwise {@value #IDS_PER_QUERY} ids per query.
     */
    private WriteLists writesByIds(
            Connections.Lease tx, String threadId, String namespace, List<CheckpointRow> rows, boolean whole)
            throws SQLException {
        WriteLists out = new WriteLists(rows);
        Map<String, Long> seqs = new HashMap<>(rows.size() * 2);
        for (CheckpointRow row : rows) {
            seqs.put(row.checkpoint().id(), row.seq());
        }
        String select = "SELECT checkpoint_id, task_id, idx, channel, value, " + dialect.writesOrder
                + " FROM switchboard_writes WHERE thread_id = ? AND namespace = ?";
        int step = whole ? rows.size() : IDS_PER_QUERY;
        for (int from = 0; from < rows.size(); from += step) {
            List<CheckpointRow> part = rows.subList(from, Math.min(rows.size(), from + step));
            PreparedStatement p = tx.prepare(
                    whole ? select : select + " AND checkpoint_id IN (" + "?, ".repeat(part.size() - 1) + "?)");
            int i = bindThread(p, 1, threadId, namespace);
            for (int k = 0; !whole && k < part.size(); k++) {
                p.setString(i++, part.get(k).checkpoint().id());
            }
            p.setFetchSize(256);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    Long seq = seqs.get(r.getString(1));
                    if (seq != null) { // a checkpoint the Java filter dropped
                        out.add(
                                seq,
                                r.getLong(6),
                                new PendingWrite(r.getString(2), r.getInt(3), r.getString(4), r.getBytes(5)));
                    }
                }
            }
        }
        return out;
    }

    /**
     * Reads pending writes unordered, so that the database streams them instead of sorting them;
     * {@link WriteLists} puts each checkpoint's back in insertion order.
     */
    private static WriteLists readWrites(PreparedStatement p, List<CheckpointRow> rows) throws SQLException {
        WriteLists out = new WriteLists(rows);
        p.setFetchSize(256);
        try (ResultSet r = p.executeQuery()) {
            while (r.next()) {
                out.add(
                        r.getLong(1),
                        r.getLong(6),
                        new PendingWrite(r.getString(2), r.getInt(3), r.getString(4), r.getBytes(5)));
            }
        }
        return out;
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
            T result = work.run(lease, retry);
            lease.commit();
            return result;
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
