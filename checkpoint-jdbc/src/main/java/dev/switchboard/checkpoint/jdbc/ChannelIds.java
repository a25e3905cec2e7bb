package dev.switchboard.checkpoint.jdbc;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The dictionary of channel names ({@code switchboard_channels}): blobs and pending writes name
 * their channel by a number, shared by every thread of the store. Entries are never changed or
 * removed, so this cache of them never goes stale; a name added in a transaction is cached only
 * once that transaction has committed ({@link Pending#commit}).
 */
final class ChannelIds {
    private static final int MAX_CACHED = 4096;

    private final Map<String, Long> ids = new ConcurrentHashMap<>();
    private final Map<Long, String> names = new ConcurrentHashMap<>();

    /** Names looked up or added in one transaction, cached once it commits. */
    final class Pending {
        private final Connections.Lease tx;
        private final Map<String, Long> found = new HashMap<>();

        private Pending(Connections.Lease tx) {
            this.tx = tx;
        }

        /** The id of a channel name, adding it to the dictionary if it is new. */
        long id(String name) throws SQLException {
            Long id = ids.get(name);
            if (id == null) {
                id = found.get(name);
            }
            if (id == null) {
                id = lookUp(tx, name);
                found.put(name, id);
            }
            return id;
        }

        /** Caches what the committed transaction found or added. */
        void commit() {
            found.forEach(ChannelIds.this::remember);
        }
    }

    /** Starts looking names up in a transaction. */
    Pending in(Connections.Lease tx) {
        return new Pending(tx);
    }

    /** The id of a name that is in the dictionary, or {@code null}: for reads, which add nothing. */
    Long existing(Connections.Lease tx, String name) throws SQLException {
        Long id = ids.get(name);
        if (id != null) {
            return id;
        }
        PreparedStatement p = tx.prepare("SELECT id FROM switchboard_channels WHERE name = ?");
        p.setString(1, name);
        try (ResultSet r = p.executeQuery()) {
            if (!r.next()) {
                return null;
            }
            id = r.getLong(1);
        }
        remember(name, id);
        return id;
    }

    /** The name of a channel id read from a committed row. */
    String name(Connections.Lease tx, long id) throws SQLException {
        String name = names.get(id);
        if (name != null) {
            return name;
        }
        PreparedStatement p = tx.prepare("SELECT name FROM switchboard_channels WHERE id = ?");
        p.setLong(1, id);
        try (ResultSet r = p.executeQuery()) {
            if (!r.next()) {
                throw new CheckpointStoreException(
                        "a stored row names channel number " + id + ", which switchboard_channels does not hold;"
                                + " the store was modified",
                        null);
            }
            name = r.getString(1);
        }
        remember(name, id);
        return name;
    }

    private static long lookUp(Connections.Lease tx, String name) throws SQLException {
        PreparedStatement insert =
                tx.prepare("INSERT INTO switchboard_channels (name) VALUES (?) ON CONFLICT (name) DO NOTHING");
        insert.setString(1, name);
        insert.executeUpdate();
        PreparedStatement p = tx.prepare("SELECT id FROM switchboard_channels WHERE name = ?");
        p.setString(1, name);
        try (ResultSet r = p.executeQuery()) {
            r.next();
            return r.getLong(1);
        }
    }

    private void remember(String name, long id) {
        if (ids.size() >= MAX_CACHED) {
            ids.clear();
            names.clear();
        }
        ids.put(name, id);
        names.put(id, name);
    }
}
