package dev.switchboard.checkpoint.jdbc;

import dev.switchboard.runtime.checkpoint.Blob;
import dev.switchboard.runtime.checkpoint.Checkpoint;
import dev.switchboard.runtime.checkpoint.CheckpointJson;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata;
import dev.switchboard.runtime.checkpoint.ConcurrentRunException;
import dev.switchboard.runtime.checkpoint.PendingWrite;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The writes of {@link JdbcSaver}, each one transaction: a checkpoint with the blobs it adds and,
 * for a superstep, the pending writes of the step that made it ({@code put}, {@code putStep}), and
 * pending writes against the head ({@code putWrites}). The arguments are checked by the caller.
 */
final class CheckpointWrites {
    private final Dialect dialect;
    private final Transactions transactions;
    private final ChannelIds channelIds;
    private final StoredNames names;
    private final Clock clock = Clock.systemUTC();

    /** Whether a superstep's values go in its checkpoint's row; only tests of the older layout turn it off. */
    private volatile boolean valuesInRows = true;

    CheckpointWrites(Dialect dialect, Transactions transactions, ChannelIds channelIds, StoredNames names) {
        this.dialect = dialect;
        this.transactions = transactions;
        this.channelIds = channelIds;
        this.names = names;
    }

    /**
     * Stores a checkpoint, moving the head from {@code expectedHead}, with the step's writes (none
     * for {@code put}) against that head, in one transaction: a superstep is one commit.
     */
    void store(
            CommitGuard guard,
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
        boolean newNames = compact != null && !names.known(compact.namesId());
        ChannelIds.Pending[] added = new ChannelIds.Pending[1];
        String what = "store checkpoint " + checkpoint.id() + " of thread '" + threadId + "'";
        List<Blob> inRow = inRow(writes, newBlobs);
        long counter = valuesInRows ? RowValues.sharedCounter(inRow) : -1;
        transactions.run(true, what, guard, (tx, retry) -> {
            CommitGuard.Fold fold = fold(guard, tx, threadId, metadata);
            if (fold == null) {
                check(guard, tx, threadId, metadata);
            }
            byte[] values = counter < 0 ? null : values(tx, inRow);
            List<Blob> asRows = values == null ? newBlobs : without(newBlobs, inRow);
            CheckpointInsert row = new CheckpointInsert(
                    threadId, namespace, checkpoint, parentId, metadata, header, meta, counter, values);
            Instant now = clock.instant();
            CheckpointInsert.Folded folded = folded(tx, writes, expectedHead);
            CheckpointInsert.Stored stored = row.insertMovingHead(tx, dialect, expectedHead, now, fold, folded);
            if (stored == null) {
                if (retry && stored(tx, threadId, namespace, checkpoint.id())) {
                    return null; // the connection was lost after the first attempt committed
                }
                throw new ConcurrentRunException(threadId, expectedHead, head(tx, threadId, namespace));
            }
            added[0] = channelIds.in(tx);
            Map<String, Long> channels = channelIds(added[0], writes, asRows);
            Map<Blob, Long> refs = Map.of();
            if (!writes.isEmpty()) {
                // putStep: the writes follow the head the checkpoint moved from.
                boolean[] inserted = stored.writesStored() != null
                        ? stored.writesStored()
                        : insertWrites(tx, stored.expectedSeq(), writes, channels);
                refs = WriteRefs.find(asRows, writes, inserted, stored.expectedSeq(), channels, stored.written());
            }
            if (!asRows.isEmpty()) {
                BlobRows.insert(tx, stored.space(), asRows, channels, refs);
            }
            if (!stored.touched()) {
                ThreadRows.touch(tx, threadId, now);
            }
            if (newNames) {
                StoredNames.insert(tx, compact);
            }
            return null;
        });
        if (added[0] != null) {
            added[0].commit();
        }
        if (newNames) {
            names.remember(compact.namesId(), compact.names()); // only once committed
        }
    }

    /**
     * The blobs that may be stored in the checkpoint's row: all but the deltas that might be stored
     * as references to the step's writes ({@link WriteRefs}), which are decided once the writes are
     * stored; assuming every write is stored anew and none was before, as many are left out as
     * could be references.
     */
    private static List<Blob> inRow(List<PendingWrite> writes, List<Blob> blobs) {
        if (writes.isEmpty() || blobs.stream().noneMatch(b -> b.kind() == Blob.Kind.DELTA)) {
            return blobs;
        }
        Map<String, Long> numbers = new HashMap<>();
        for (PendingWrite w : writes) {
            numbers.putIfAbsent(w.channel(), (long) numbers.size());
        }
        for (Blob b : blobs) {
            numbers.putIfAbsent(b.channel(), (long) numbers.size());
        }
        boolean[] all = new boolean[writes.size()];
        Arrays.fill(all, true);
        Map<Blob, Long> maybeRefs = WriteRefs.find(blobs, writes, all, 0, numbers, null);
        return without(blobs, maybeRefs.keySet());
    }

    /**
     * The row's values encoded, or {@code null} to store them as rows: when a channel is new to
     * the store. Its number is added only after the head moved, as in every write transaction, so
     * that no transaction takes the dictionary's locks before a head's.
     */
    private byte[] values(Connections.Lease tx, List<Blob> blobs) throws SQLException {
        Map<String, Long> ids = new HashMap<>();
        for (Blob b : blobs) {
            Long id = channelIds.existing(tx, b.channel());
            if (id == null) {
                return null;
            }
            ids.put(b.channel(), id);
        }
        return RowValues.encode(blobs, ids);
    }

    /** The blobs but those in {@code left} (by identity). */
    private static List<Blob> without(List<Blob> blobs, Collection<Blob> left) {
        if (left.isEmpty()) {
            return blobs;
        }
        Set<Blob> out = Collections.newSetFromMap(new IdentityHashMap<>());
        out.addAll(left);
        return blobs.stream().filter(b -> !out.contains(b)).toList();
    }

    /** Stores every value as a row of {@code switchboard_blobs}, as before schema version 7. */
    void valuesAsRows() {
        valuesInRows = false;
    }

    /** Stores pending writes against the namespace's head, which must be {@code checkpointId}. */
    void putWrites(
            CommitGuard guard, String threadId, String namespace, String checkpointId, List<PendingWrite> writes) {
        ChannelIds.Pending[] added = new ChannelIds.Pending[1];
        transactions.run(true, "store pending writes of thread '" + threadId + "'", guard, (tx, retry) -> {
            check(guard, tx, threadId, null);
            // On PostgreSQL this locks the head's row until commit, so a put cannot move the head
            // under these writes; on SQLite the write transaction already excludes every put.
            PreparedStatement p = tx.prepare("SELECT s.head, c.seq FROM switchboard_spaces s"
                    + " JOIN switchboard_checkpoints c ON c.space = s.id AND c.checkpoint_id = s.head"
                    + " WHERE s.thread_id = ? AND s.namespace = ?" + dialect.lockHeadForShare);
            JdbcSaver.bindThread(p, 1, threadId, namespace);
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
    private static void check(CommitGuard guard, Connections.Lease tx, String threadId, CheckpointMetadata metadata)
            throws SQLException {
        if (guard != null) {
            guard.check(tx.connection(), threadId, metadata);
        }
    }

    /**
     * The step's writes for the head move's own statement to store, when it can: the dialect has
     * writable common table expressions, the head moves from a checkpoint, every channel has its
     * number already (adding one takes the dictionary's locks, which come after the head's), and
     * no two writes share a task and index (one statement may not change a row twice); else null,
     * and they are stored after it.
     */
    private CheckpointInsert.Folded folded(Connections.Lease tx, List<PendingWrite> writes, String expectedHead)
            throws SQLException {
        if (writes.isEmpty() || expectedHead == null || !dialect.writableCte()) {
            return null;
        }
        Map<String, Long> ids = new HashMap<>();
        Set<String> keys = new HashSet<>();
        for (PendingWrite w : writes) {
            if (!keys.add(w.taskId() + '\u0000' + w.index())) {
                return null;
            }
            if (!ids.containsKey(w.channel())) {
                Long id = channelIds.existing(tx, w.channel());
                if (id == null) {
                    return null;
                }
                ids.put(w.channel(), id);
            }
        }
        return new CheckpointInsert.Folded(writes, ids);
    }

    /**
     * The guard's check as SQL for the checkpoint's first statement, where the dialect can run it
     * there (one round trip fewer per checkpoint), else null.
     */
    private CommitGuard.Fold fold(CommitGuard guard, Connections.Lease tx, String threadId, CheckpointMetadata metadata)
            throws SQLException {
        return guard == null || !dialect.writableCte() ? null : guard.fold(tx.connection(), threadId, metadata);
    }

    private static String head(Connections.Lease tx, String threadId, String namespace) throws SQLException {
        PreparedStatement p = tx.prepare("SELECT head FROM switchboard_spaces WHERE thread_id = ? AND namespace = ?");
        JdbcSaver.bindThread(p, 1, threadId, namespace);
        try (ResultSet r = p.executeQuery()) {
            return r.next() ? StoredIds.text(r.getBytes(1)) : null;
        }
    }

    private static boolean stored(Connections.Lease tx, String threadId, String namespace, String checkpointId)
            throws SQLException {
        PreparedStatement p = tx.prepare("SELECT 1 FROM switchboard_spaces s JOIN switchboard_checkpoints c"
                + " ON c.space = s.id WHERE s.thread_id = ? AND s.namespace = ? AND c.checkpoint_id = ?");
        JdbcSaver.bindThread(p, 1, threadId, namespace);
        p.setBytes(3, StoredIds.bytes(checkpointId));
        try (ResultSet r = p.executeQuery()) {
            return r.next();
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
}
