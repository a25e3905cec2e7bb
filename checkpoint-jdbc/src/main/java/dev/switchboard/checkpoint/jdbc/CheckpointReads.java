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

    /** The namespace's head, or its checkpoint {@code checkpointId}. */
    Optional<CheckpointTuple> tuple(String threadId, String namespace, String checkpointId) throws SQLException {
        String sql = "SELECT " + CheckpointRow.COLUMNS + " FROM switchboard_spaces s JOIN switchboard_checkpoints c"
                + (checkpointId == null
                        ? " ON c.space = s.id AND c.checkpoint_id = s.head WHERE s.thread_id = ? AND s.namespace = ?"
                        : " ON c.space = s.id WHERE s.thread_id = ? AND s.namespace = ? AND c.checkpoint_id = ?");
        CheckpointRow row = null;
        PreparedStatement p = tx.prepare(sql);
        JdbcSaver.bindThread(p, 1, threadId, namespace);
        if (checkpointId != null) {
            p.setBytes(3, StoredIds.bytes(checkpointId));
        }
        try (ResultSet r = p.executeQuery()) {
            if (r.next()) {
                row = CheckpointRow.read(r, threadId, names);
            }
        }
        return row == null
                ? Optional.empty()
                : Optional.of(assemble(threadId, namespace, List.of(row)).get(0));
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
                CheckpointRow.Texts texts = CheckpointRow.Texts.read(r, joined);
                CheckpointMetadata metadata = CheckpointRow.metadata(r, threadId, texts);
                if (all || metadata.matches(options.filter())) {
                    CheckpointRow row = CheckpointRow.read(r, threadId, texts, metadata, space, names, ids);
                    space = row.space();
                    rows.add(row);
                    if (options.limit() > 0 && rows.size() == options.limit()) {
                        break;
                    }
                }
            }
        }
        return rows.isEmpty() ? new ArrayList<>() : assemble(threadId, namespace, rows);
    }

    /**
     * Loads the blobs of every delta chain the rows' channels point into (a few queries for the lot,
     * however many blobs there are) and pairs the rows with them and with their pending writes.
     */
    private List<CheckpointTuple> assemble(String threadId, String namespace, List<CheckpointRow> rows)
            throws SQLException {
        BlobChains blobs = BlobChains.load(tx, channelIds, rows);
        WriteLists writes = writes(rows);
        List<CheckpointTuple> out = new ArrayList<>(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            CheckpointRow row = rows.get(i);
            out.add(new CheckpointTuple(
                    threadId, namespace, row.checkpoint(), row.metadata(), row.parentId(), blobs.of(i), writes.of(i)));
        }
        return out;
    }

    /**
     * The writes query of some rows. On PostgreSQL their numbers are one array parameter: one
     * statement text whatever the count, which the server prepares once, where a list of a thousand
     * parameters was parsed and planned anew on every read (a quarter of the query's time).
     */
    private PreparedStatement writesOf(List<CheckpointRow> part) throws SQLException {
        String select = "SELECT checkpoint, seq, idx, channel, task_id, value FROM switchboard_writes WHERE checkpoint";
        if (dialect == Dialect.POSTGRES) {
            Long[] seqs = new Long[part.size()];
            for (int i = 0; i < seqs.length; i++) {
                seqs[i] = part.get(i).seq();
            }
            PreparedStatement p = tx.prepare(select + " = ANY (?)");
            p.setArray(1, tx.connection().createArrayOf("bigint", seqs));
            return p;
        }
        PreparedStatement p = tx.prepare(select + " IN (" + "?, ".repeat(part.size() - 1) + "?)");
        for (int i = 0; i < part.size(); i++) {
            p.setLong(i + 1, part.get(i).seq());
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
    private WriteLists writes(List<CheckpointRow> rows) throws SQLException {
        WriteLists out = new WriteLists(rows);
        List<long[]> read = new ArrayList<>();
        List<byte[][]> bytes = new ArrayList<>();
        for (int from = 0; from < rows.size(); from += PER_QUERY) {
            List<CheckpointRow> part = rows.subList(from, Math.min(rows.size(), from + PER_QUERY));
            PreparedStatement p = writesOf(part);
            p.setFetchSize(ROWS_PER_FETCH);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
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
