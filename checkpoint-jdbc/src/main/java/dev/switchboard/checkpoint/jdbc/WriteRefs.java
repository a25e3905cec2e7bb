package dev.switchboard.checkpoint.jdbc;

import dev.switchboard.runtime.checkpoint.Blob;
import dev.switchboard.runtime.checkpoint.PendingWrite;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Deltas stored as references to pending writes. A superstep's delta of an accumulating channel
 * is the JSON array of the writes its tasks made to the channel, and those writes are stored as
 * pending writes of the checkpoint the step started from (what a resume replays): a message would
 * be stored twice. When the step's writes are stored with its checkpoint ({@code putStep}) and the
 * delta's bytes are exactly those writes joined (checked byte for byte), the delta's row keeps no
 * bytes and names that checkpoint; a read joins the checkpoint's writes to the channel, in the
 * order they were stored, back into the same bytes.
 *
 * <p>A checkpoint's writes never change once a later checkpoint follows it ({@code putWrites}
 * stores only against the head, and writes of index 0 and up are stored once), and {@code prune}
 * turns a reference back into bytes before it deletes the writes. An encrypted saver's deltas and
 * writes are sealed separately, never equal, so they are always stored as bytes.
 */
final class WriteRefs {
    /** Checkpoints per query when references are resolved. */
    private static final int PER_QUERY = 500;

    private WriteRefs() {}

    /**
     * The deltas among {@code blobs} that are exactly the writes of {@code writes} to their channel
     * joined, each mapped to {@code checkpoint}, the checkpoint those writes were stored against.
     *
     * @param inserted for each write, whether it was stored now (a write stored before keeps its
     *     stored value, which may differ)
     * @param channels each channel's number, by name
     * @param written the numbers of the channels that writes stored before against the checkpoint
     *     name, comma-separated, or {@code null}: a read would join those writes too, so a delta of
     *     such a channel is stored as bytes
     */
    static Map<Blob, Long> find(
            List<Blob> blobs,
            List<PendingWrite> writes,
            boolean[] inserted,
            long checkpoint,
            Map<String, Long> channels,
            String written) {
        Set<String> before = written == null ? Set.of() : new HashSet<>(Arrays.asList(written.split(",")));
        Map<Blob, Long> out = new IdentityHashMap<>();
        for (Blob b : blobs) {
            if (b.kind() != Blob.Kind.DELTA || before.contains(String.valueOf(channels.get(b.channel())))) {
                continue;
            }
            List<byte[]> values = new ArrayList<>(2);
            boolean all = true;
            Set<String> keys = new HashSet<>();
            for (int i = 0; i < writes.size(); i++) {
                PendingWrite w = writes.get(i);
                if (w.index() >= 0 && w.channel().equals(b.channel())) {
                    all &= inserted[i] && keys.add(w.taskId() + '\u0000' + w.index());
                    values.add(w.value());
                }
            }
            if (all && !values.isEmpty() && joins(b.data(), values)) {
                out.put(b, checkpoint);
            }
        }
        return out;
    }

    /** Whether {@code delta} is the values joined as a JSON array: {@code [v1,v2,...]}. */
    static boolean joins(byte[] delta, List<byte[]> values) {
        int length = 1 + values.size();
        for (byte[] v : values) {
            length += v.length;
        }
        if (delta.length != length || delta[0] != '[' || delta[length - 1] != ']') {
            return false;
        }
        int at = 1;
        for (byte[] v : values) {
            if (!Arrays.equals(delta, at, at + v.length, v, 0, v.length)) {
                return false;
            }
            at += v.length;
            if (delta[at] != (at == length - 1 ? ']' : ',')) {
                return false;
            }
            at++;
        }
        return true;
    }

    /** The values joined as a JSON array. */
    static byte[] join(List<byte[]> values) {
        int length = 1 + values.size();
        for (byte[] v : values) {
            length += v.length;
        }
        byte[] out = new byte[length];
        out[0] = '[';
        int at = 1;
        for (byte[] v : values) {
            System.arraycopy(v, 0, out, at, v.length);
            at += v.length;
            out[at++] = ',';
        }
        out[length - 1] = ']';
        return out;
    }

    /**
     * The deltas of the rows that refer to pending writes, joined from those writes: one query per
     * {@value #PER_QUERY} checkpoints referred to.
     *
     * @return each reference's delta bytes, by row (identity)
     */
    static Map<BlobRows.Row, byte[]> resolve(Connections.Lease tx, List<BlobRows.Row> refs) throws SQLException {
        Map<BlobRows.Row, byte[]> out = new IdentityHashMap<>();
        if (refs.isEmpty()) {
            return out;
        }
        List<Long> checkpoints = new ArrayList<>(
                new HashSet<>(refs.stream().map(BlobRows.Row::writesOf).toList()));
        Map<Long, Map<Long, List<byte[]>>> values = new HashMap<>();
        for (int from = 0; from < checkpoints.size(); from += PER_QUERY) {
            List<Long> part = checkpoints.subList(from, Math.min(checkpoints.size(), from + PER_QUERY));
            PreparedStatement p = tx.prepare("SELECT checkpoint, channel, value FROM switchboard_writes"
                    + " WHERE checkpoint IN (" + "?, ".repeat(part.size() - 1) + "?) AND idx >= 0 ORDER BY seq");
            for (int i = 0; i < part.size(); i++) {
                p.setLong(i + 1, part.get(i));
            }
            p.setFetchSize(CheckpointReads.ROWS_PER_FETCH);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    values.computeIfAbsent(r.getLong(1), k -> new HashMap<>())
                            .computeIfAbsent(r.getLong(2), k -> new ArrayList<>(2))
                            .add(r.getBytes(3));
                }
            }
        }
        for (BlobRows.Row row : refs) {
            List<byte[]> writes = values.getOrDefault(row.writesOf(), Map.of()).get(row.channelId());
            if (writes == null) {
                Blob b = row.blob();
                throw new CheckpointStoreException(
                        "the stored delta of channel '" + b.channel() + "' at version " + b.version()
                                + " is the pending writes of an earlier checkpoint, which are missing;"
                                + " the store was modified",
                        null);
            }
            out.put(row, join(writes));
        }
        return out;
    }
}
