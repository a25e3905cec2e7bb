package dev.switchboard.checkpoint.jdbc;

import dev.switchboard.runtime.checkpoint.CheckpointMetadata;
import dev.switchboard.runtime.checkpoint.CheckpointTuple;
import dev.switchboard.runtime.checkpoint.ListOptions;
import dev.switchboard.runtime.checkpoint.PendingWrite;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The reads of {@link JdbcSaver}, in one read transaction: a checkpoint (the head, or one by id)
 * or a history, each row assembled with the blobs of its channels' chains and its pending writes,
 * in a bounded number of queries however long the history.
 */
final class CheckpointReads {
    /** Checkpoints per pending-writes query. */
    private static final int PER_QUERY = 10_000;

    /**
     * Rows per fetch of a query read to its end. PostgreSQL's driver fetches that many rows per
     * round trip; at 100 and 256 a 1,000-step history took some 27 round trips, most of its time
     * on PostgreSQL. Every row read is kept until the read returns anyway, so fetching in smaller
     * parts would not bound the memory a read needs.
     */
    static final int ROWS_PER_FETCH = 10_000;

    /** Rows per fetch of a history whose filter is applied in Java with a limit: it may stop early. */
    private static final int ROWS_PER_FETCH_LIMITED = 100;

    private final Connections.Lease tx;
    private final Dialect dialect;
    private final ChannelIds channelIds;
    private final Function<String, String> names;

    CheckpointReads(Connections.Lease tx, Dialect dialect, ChannelIds channelIds, Function<String, String> names) {
        this.tx = tx;
        this.dialect = dialect;
        this.channelIds = channelIds;
        this.names = names;
    }

    /**
     * The packed row of the checkpoint stored after the one aliased {@code c} in its namespace: the
     * one that moved the head from it, which holds the writes of the step it started
     * ({@link PackedRow}) if a superstep made it.
     */
    private static final String NEXT = "(SELECT n.packed FROM switchboard_checkpoints n WHERE n.space = c.space"
            + " AND n.seq > c.seq ORDER BY n.seq LIMIT 1)";

    /** The namespace's head, or its checkpoint {@code checkpointId}. */
    Optional<CheckpointTuple> tuple(String threadId, String namespace, String checkpointId) throws SQLException {
        // The head has no next row: only a checkpoint read by id looks for one.
        String sql = "SELECT " + CheckpointRow.COLUMNS + (checkpointId == null ? "" : ", " + NEXT)
                + " FROM switchboard_spaces s JOIN switchboard_checkpoints c"
                + (checkpointId == null
                        ? " ON c.space = s.id AND c.checkpoint_id = s.head WHERE s.thread_id = ? AND s.namespace = ?"
                        : " ON c.space = s.id WHERE s.thread_id = ? AND s.namespace = ? AND c.checkpoint_id = ?");
        CheckpointRow row = null;
        byte[] next = null;
        PreparedStatement p = tx.prepare(sql);
        JdbcSaver.bindThread(p, 1, threadId, namespace);
        if (checkpointId != null) {
            p.setBytes(3, StoredIds.bytes(checkpointId));
        }
        try (ResultSet r = p.executeQuery()) {
            if (r.next()) {
                row = CheckpointRow.read(r, threadId, names);
                next = checkpointId == null ? null : r.getBytes(CheckpointRow.PACKED + 1);
            }
        }
        if (row == null) {
            return Optional.empty();
        }
        Map<String, List<PackedRow.Write>> stepWrites = new HashMap<>();
        addStepWrites(stepWrites, next, threadId);
        return Optional.of(assemble(threadId, namespace, List.of(row), stepWrites, new boolean[1], false)
                .get(0));
    }

    /** Adds the step writes a packed row holds, by the checkpoint they belong to (its parent). */
    private static void addStepWrites(Map<String, List<PackedRow.Write>> out, byte[] packed, String threadId) {
        if (packed != null) {
            PackedRow next = CheckpointRow.unpack(packed, threadId);
            if (next.parentId() != null && !next.writes().isEmpty()) {
                out.put(next.parentId(), next.writes());
            }
        }
    }

    /** The namespace's checkpoints that match the options, newest first. */
    List<CheckpointTuple> history(String threadId, String namespace, ListOptions options) throws SQLException {
        boolean joined = dialect == Dialect.SQLITE;
        HistoryQuery query = HistoryQuery.of(
                "SELECT " + CheckpointRow.COLUMNS + (joined ? ", " + CheckpointRow.SQLITE_TEXTS : "")
                        + " FROM switchboard_checkpoints c",
                options);
        List<CheckpointRow> rows = new ArrayList<>();
        PreparedStatement p = tx.prepare(query.sql());
        query.bind(p, threadId, namespace);
        p.setFetchSize(options.limit() > 0 && query.limit() == 0 ? ROWS_PER_FETCH_LIMITED : ROWS_PER_FETCH);
        StoredIds.Texts ids = new StoredIds.Texts();
        try (ResultSet r = p.executeQuery()) {
            boolean all = options.filter().isEmpty();
            long space = -1; // the query's rows are of one space: read it once
            while (r.next()) {
                byte[] packed = r.getBytes(CheckpointRow.PACKED);
                PackedRow unpacked = packed == null ? null : CheckpointRow.unpack(packed, threadId);
                CheckpointRow.Texts texts = unpacked == null ? CheckpointRow.Texts.read(r, joined) : null;
                CheckpointMetadata metadata = unpacked == null
                        ? CheckpointRow.metadata(r, threadId, texts)
                        : CheckpointRow.metadata(unpacked, threadId);
                if (all || metadata.matches(options.filter())) {
                    CheckpointRow row = unpacked == null
                            ? CheckpointRow.read(r, threadId, texts, metadata, space, names, ids)
                            : CheckpointRow.read(r, threadId, unpacked, metadata, space, names, ids);
                    space = row.space();
                    rows.add(row);
                    if (options.limit() > 0 && rows.size() == options.limit()) {
                        break;
                    }
                }
            }
        }
        if (rows.isEmpty()) {
            return new ArrayList<>();
        }
        // The step writes of each listed checkpoint are in the row after it: listed before it when
        // the listing has no filter (rows of a namespace follow each other as its head moved), else
        // looked up by the writes' query. The newest listed has its next row (if any) unlisted.
        boolean contiguous = options.filter().isEmpty();
        Map<String, List<PackedRow.Write>> stepWrites = new HashMap<>();
        boolean[] lookNext = new boolean[rows.size()];
        lookNext[0] = true; // no listed row is newer
        if (!contiguous) {
            // A row's next one may not be listed; a listed row that holds a row's writes is its next.
            for (CheckpointRow row : rows) {
                if (row.parentId() != null && !row.parentWrites().isEmpty()) {
                    stepWrites.put(row.parentId(), row.parentWrites());
                }
            }
            for (int i = 1; i < rows.size(); i++) {
                lookNext[i] = !stepWrites.containsKey(rows.get(i).checkpoint().id());
            }
        }
        return assemble(threadId, namespace, rows, stepWrites, lookNext, contiguous);
    }

    /**
     * Loads the blobs of every delta chain the rows' channels point into (a few queries for the lot,
     * however many blobs there are) and pairs the rows with them and with their pending writes.
     */
    private List<CheckpointTuple> assemble(
            String threadId,
            String namespace,
            List<CheckpointRow> rows,
            Map<String, List<PackedRow.Write>> stepWrites,
            boolean[] lookNext,
            boolean contiguous)
            throws SQLException {
        BlobChains blobs = BlobChains.load(tx, channelIds, rows);
        WriteLists writes = writes(threadId, rows, stepWrites, lookNext);
        Map<Long, String> channels = new HashMap<>();
        List<CheckpointTuple> out = new ArrayList<>(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            CheckpointRow row = rows.get(i);
            List<PendingWrite> pending = writes.of(i);
            // Most often the row listed before holds them: no hashing of a fresh id string.
            CheckpointRow newer = i == 0 ? null : rows.get(i - 1);
            // Listed without a filter, the row before is the next one, which moved the head from this
            // one: writes it holds are this one's (putStep stores them only against the head).
            List<PackedRow.Write> step = newer != null
                            && !newer.parentWrites().isEmpty()
                            && (contiguous || row.checkpoint().id().equals(newer.parentId()))
                    ? newer.parentWrites()
                    : stepWrites.get(row.checkpoint().id());
            if (step != null) {
                pending = merged(pending, step, channels);
            }
            out.add(new CheckpointTuple(
                    threadId, namespace, row.checkpoint(), row.metadata(), row.parentId(), blobs.of(i), pending));
        }
        return out;
    }

    /**
     * A checkpoint's writes of {@code switchboard_writes} followed by those its superstep stored in
     * the next row, as storing them one by one after the others would have kept them: a write of a
     * task and index stored already stays, unless its index is negative (an error, pause or resume
     * value), which the later one replaces in place.
     */
    private List<PendingWrite> merged(List<PendingWrite> stored, List<PackedRow.Write> step, Map<Long, String> channels)
            throws SQLException {
        List<PendingWrite> out = new ArrayList<>(stored.size() + step.size());
        out.addAll(stored);
        // A step's packed writes have no two of one task and index (PackedRow.writes): only the
        // writes stored before need looking up.
        Map<String, Integer> at = stored.isEmpty() ? null : new HashMap<>();
        for (int i = 0; i < out.size(); i++) {
            at.put(out.get(i).taskId() + '\u0000' + out.get(i).index(), i);
        }
        for (PackedRow.Write w : step) {
            String channel = channels.get(w.channel());
            if (channel == null) {
                channel = channelIds.name(tx, w.channel());
                channels.put(w.channel(), channel);
            }
            PendingWrite write = new PendingWrite(w.taskId(), w.index(), channel, w.value());
            Integer there = at == null ? null : at.putIfAbsent(w.taskId() + '\u0000' + w.index(), out.size());
            if (there == null) {
                out.add(write);
            } else if (w.index() < 0) {
                out.set(there, write);
            }
        }
        return out;
    }

    /**
     * The writes query of some rows, and of those with {@code lookNext} the packed row after them
     * (as rows of checkpoint -1 whose value is that packed row): one statement for both. On
     * PostgreSQL the row numbers are one array parameter: one statement text whatever the count,
     * which the server prepares once, where a list of a thousand parameters was parsed and planned
     * anew on every read (a quarter of the query's time).
     */
    private PreparedStatement writesOf(List<CheckpointRow> part, List<Long> next) throws SQLException {
        String select = "SELECT checkpoint, seq, idx, channel, task_id, value FROM switchboard_writes WHERE checkpoint";
        String nexts =
                " UNION ALL SELECT -1, c.seq, 0, 0, NULL, " + NEXT + " FROM switchboard_checkpoints c WHERE c.seq";
        if (dialect == Dialect.POSTGRES) {
            Long[] seqs = new Long[part.size()];
            for (int i = 0; i < seqs.length; i++) {
                seqs[i] = part.get(i).seq();
            }
            PreparedStatement p = tx.prepare(select + " = ANY (?)" + (next.isEmpty() ? "" : nexts + " = ANY (?)"));
            p.setArray(1, tx.connection().createArrayOf("bigint", seqs));
            if (!next.isEmpty()) {
                p.setArray(2, tx.connection().createArrayOf("bigint", next.toArray(new Long[0])));
            }
            return p;
        }
        PreparedStatement p = tx.prepare(select + " IN (" + "?, ".repeat(part.size() - 1) + "?)"
                + (next.isEmpty() ? "" : nexts + " IN (" + "?, ".repeat(next.size() - 1) + "?)"));
        for (int i = 0; i < part.size(); i++) {
            p.setLong(i + 1, part.get(i).seq());
        }
        for (int i = 0; i < next.size(); i++) {
            p.setLong(part.size() + i + 1, next.get(i));
        }
        return p;
    }

    /**
     * The rows' pending writes, by their row numbers, {@value #PER_QUERY} rows per query: an index
     * lookup each, however the database plans it. (PostgreSQL, on tables it had not analyzed yet,
     * once planned a join of the history with the writes as a scan of all the thread's writes per
     * checkpoint.) Read unordered, so that the database streams them instead of sorting them;
     * {@link WriteLists} puts each checkpoint's back in the order they were stored.
     */
    private WriteLists writes(
            String threadId,
            List<CheckpointRow> rows,
            Map<String, List<PackedRow.Write>> stepWrites,
            boolean[] lookNext)
            throws SQLException {
        WriteLists out = new WriteLists(rows);
        List<long[]> read = new ArrayList<>();
        List<byte[][]> bytes = new ArrayList<>();
        for (int from = 0; from < rows.size(); from += PER_QUERY) {
            int to = Math.min(rows.size(), from + PER_QUERY);
            List<CheckpointRow> part = rows.subList(from, to);
            List<Long> next = new ArrayList<>();
            for (int i = from; i < to; i++) {
                if (lookNext[i]) {
                    next.add(rows.get(i).seq());
                }
            }
            PreparedStatement p = writesOf(part, next);
            p.setFetchSize(ROWS_PER_FETCH);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    if (r.getLong(1) == -1) {
                        addStepWrites(stepWrites, r.getBytes(6), threadId);
                        continue;
                    }
                    read.add(new long[] {r.getLong(1), r.getLong(2), r.getInt(3), r.getLong(4)});
                    bytes.add(new byte[][] {r.getBytes(5), r.getBytes(6)});
                }
            }
        }
        // Channel names are looked up once the reads are done: a lookup may prepare a statement.
        Map<Long, String> channels = new HashMap<>();
        StoredIds.Texts tasks = new StoredIds.Texts();
        for (int i = 0; i < read.size(); i++) {
            long[] w = read.get(i);
            String channel = channels.get(w[3]);
            if (channel == null) {
                channel = channelIds.name(tx, w[3]);
                channels.put(w[3], channel);
            }
            byte[][] b = bytes.get(i);
            out.add(w[0], w[1], new PendingWrite(tasks.text(b[0]), (int) w[2], channel, b[1]));
        }
        return out;
    }
}
