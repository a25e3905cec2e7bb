package dev.switchboard.checkpoint.jdbc;

import dev.switchboard.runtime.checkpoint.ThreadStorage;
import dev.switchboard.runtime.checkpoint.ThreadStorage.ChannelStorage;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;

/**
 * The SQL of {@link JdbcSaver#storage}: a thread's rows counted and their stored bytes summed by
 * the database, per namespace and channel, in three grouped queries; values stored in checkpoint
 * rows ({@link RowValues}) are read row by row, since SQL cannot look into them.
 */
final class StorageRows {
    private StorageRows() {}

    static ThreadStorage read(Connections.Lease tx, Dialect dialect, String threadId) throws SQLException {
        Map<String, long[]> checkpoints = new HashMap<>();
        Map<String, Map<String, ChannelStorage>> channels = new HashMap<>();
        PreparedStatement p = tx.prepare("SELECT s.namespace, COUNT(*), SUM(" + dialect.textBytes("c.header") + " + "
                + dialect.textBytes("c.metadata") + ") FROM switchboard_spaces s"
                + " JOIN switchboard_checkpoints c ON c.space = s.id WHERE s.thread_id = ? GROUP BY s.namespace");
        p.setString(1, threadId);
        try (ResultSet r = p.executeQuery()) {
            while (r.next()) {
                checkpoints.put(r.getString(1), new long[] {r.getLong(2), r.getLong(3)});
            }
        }
        // A delta that refers to pending writes (kind 3) stores no bytes of its own: a delta of 0 bytes.
        p = tx.prepare("SELECT s.namespace, n.name, b.kind, COUNT(*), SUM(LENGTH(b.data)) FROM switchboard_spaces s"
                + " JOIN switchboard_blobs b ON b.space = s.id JOIN switchboard_channels n ON n.id = b.channel"
                + " WHERE s.thread_id = ? GROUP BY s.namespace, n.name, b.kind");
        p.setString(1, threadId);
        try (ResultSet r = p.executeQuery()) {
            while (r.next()) {
                int kind = r.getInt(3) & ~BlobRows.COMPRESSED;
                boolean delta = kind == BlobRows.DELTA || kind == BlobRows.WRITES;
                ChannelStorage c =
                        new ChannelStorage(delta ? 0 : r.getInt(4), delta ? r.getInt(4) : 0, r.getLong(5), 0, 0);
                add(channels, r.getString(1), r.getString(2), c);
            }
        }
        p = tx.prepare(
                "SELECT s.namespace, n.name, COUNT(*), SUM(LENGTH(w.value)) FROM switchboard_spaces s"
                        + " JOIN switchboard_checkpoints c ON c.space = s.id JOIN switchboard_writes w ON w.checkpoint = c.seq"
                        + " JOIN switchboard_channels n ON n.id = w.channel WHERE s.thread_id = ? GROUP BY s.namespace, n.name");
        p.setString(1, threadId);
        try (ResultSet r = p.executeQuery()) {
            while (r.next()) {
                add(channels, r.getString(1), r.getString(2), new ChannelStorage(0, 0, 0, r.getInt(3), r.getLong(4)));
            }
        }
        inRows(tx, threadId, channels);
        Map<String, ThreadStorage.NamespaceStorage> namespaces = new HashMap<>();
        checkpoints.forEach((ns, counts) -> namespaces.put(
                ns,
                new ThreadStorage.NamespaceStorage(
                        Math.toIntExact(counts[0]), counts[1], channels.getOrDefault(ns, Map.of()))));
        return new ThreadStorage(threadId, namespaces);
    }

    /**
     * Adds the values stored in checkpoint rows (schema version 7), which SQL cannot look into:
     * read row by row, their sizes taken without decompressing them.
     */
    private static void inRows(Connections.Lease tx, String threadId, Map<String, Map<String, ChannelStorage>> channels)
            throws SQLException {
        PreparedStatement p = tx.prepare("SELECT s.namespace, c.seq, c.blobs FROM switchboard_spaces s"
                + " JOIN switchboard_checkpoints c ON c.space = s.id WHERE s.thread_id = ? AND c.blobs IS NOT NULL");
        p.setString(1, threadId);
        Map<Long, Map<String, long[]>> sums = new HashMap<>(); // channel number, then namespace
        try (ResultSet r = p.executeQuery()) {
            while (r.next()) {
                String namespace = r.getString(1);
                for (long[] value : RowValues.sizes(r.getBytes(3), r.getLong(2))) {
                    long[] sum = sums.computeIfAbsent(value[0], k -> new HashMap<>())
                            .computeIfAbsent(namespace, k -> new long[3]);
                    sum[value[1] == 1 ? 1 : 0]++;
                    sum[2] += value[2];
                }
            }
        }
        if (sums.isEmpty()) {
            return;
        }
        p = tx.prepare("SELECT id, name FROM switchboard_channels");
        Map<Long, String> names = new HashMap<>();
        try (ResultSet r = p.executeQuery()) {
            while (r.next()) {
                names.put(r.getLong(1), r.getString(2));
            }
        }
        sums.forEach((channel, byNamespace) -> byNamespace.forEach((namespace, sum) -> add(
                channels,
                namespace,
                names.getOrDefault(channel, "#" + channel),
                new ChannelStorage((int) sum[0], (int) sum[1], sum[2], 0, 0))));
    }

    private static void add(
            Map<String, Map<String, ChannelStorage>> channels, String namespace, String channel, ChannelStorage c) {
        channels.computeIfAbsent(namespace, k -> new HashMap<>()).merge(channel, c, ChannelStorage::plus);
    }
}
