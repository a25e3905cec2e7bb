package dev.switchboard.checkpoint.jdbc;

import dev.switchboard.runtime.checkpoint.Blob;
import dev.switchboard.runtime.checkpoint.ThreadStorage;
import dev.switchboard.runtime.checkpoint.ThreadStorage.ChannelStorage;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;

/**
 * The SQL of {@link JdbcSaver#storage}: a thread's rows counted and their stored bytes summed by
 * the database, per namespace and channel, in three grouped queries (nothing is read row by row).
 */
final class StorageRows {
    private StorageRows() {}

    static ThreadStorage read(Connections.Lease tx, Dialect dialect, String threadId) throws SQLException {
        Map<String, long[]> checkpoints = new HashMap<>();
        Map<String, Map<String, ChannelStorage>> channels = new HashMap<>();
        PreparedStatement p = tx.prepare(
                "SELECT namespace, COUNT(*), SUM(" + dialect.textBytes("header") + " + " + dialect.textBytes("metadata")
                        + ") FROM switchboard_checkpoints WHERE thread_id = ? GROUP BY namespace");
        p.setString(1, threadId);
        try (ResultSet r = p.executeQuery()) {
            while (r.next()) {
                checkpoints.put(r.getString(1), new long[] {r.getLong(2), r.getLong(3)});
            }
        }
        p = tx.prepare("SELECT namespace, channel, kind, COUNT(*), SUM(LENGTH(data)) FROM switchboard_blobs"
                + " WHERE thread_id = ? GROUP BY namespace, channel, kind");
        p.setString(1, threadId);
        try (ResultSet r = p.executeQuery()) {
            while (r.next()) {
                Blob.Kind kind = Blob.Kind.valueOf(r.getString(3));
                ChannelStorage c = new ChannelStorage(
                        kind == Blob.Kind.DELTA ? 0 : r.getInt(4),
                        kind == Blob.Kind.DELTA ? r.getInt(4) : 0,
                        r.getLong(5),
                        0,
                        0);
                add(channels, r.getString(1), r.getString(2), c);
            }
        }
        p = tx.prepare("SELECT namespace, channel, COUNT(*), SUM(LENGTH(value)) FROM switchboard_writes"
                + " WHERE thread_id = ? GROUP BY namespace, channel");
        p.setString(1, threadId);
        try (ResultSet r = p.executeQuery()) {
            while (r.next()) {
                add(channels, r.getString(1), r.getString(2), new ChannelStorage(0, 0, 0, r.getInt(3), r.getLong(4)));
            }
        }
        Map<String, ThreadStorage.NamespaceStorage> namespaces = new HashMap<>();
        checkpoints.forEach((ns, counts) -> namespaces.put(
                ns,
                new ThreadStorage.NamespaceStorage(
                        Math.toIntExact(counts[0]), counts[1], channels.getOrDefault(ns, Map.of()))));
        return new ThreadStorage(threadId, namespaces);
    }

    private static void add(
            Map<String, Map<String, ChannelStorage>> channels, String namespace, String channel, ChannelStorage c) {
        channels.computeIfAbsent(namespace, k -> new HashMap<>()).merge(channel, c, ChannelStorage::plus);
    }
}
