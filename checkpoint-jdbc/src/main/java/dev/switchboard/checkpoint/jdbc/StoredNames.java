package dev.switchboard.checkpoint.jdbc;

import dev.switchboard.runtime.checkpoint.CheckpointJson;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The dictionaries of names that compact checkpoint headers refer to ({@code switchboard_names}),
 * as far as this store has written or read them. They are content-addressed, so a stored one never
 * changes and the cache never goes stale; a dictionary is cached once the transaction that stored
 * it has committed.
 */
final class StoredNames {
    private static final int MAX_CACHED_NAMES = 1024;

    private final Map<String, String> byId = new ConcurrentHashMap<>();
    private final String database;

    StoredNames(String database) {
        this.database = database;
    }

    /** Whether the dictionary is known to be stored. */
    boolean known(String id) {
        return byId.containsKey(id);
    }

    /** Stores a checkpoint's dictionary in the transaction, unless it is there already. */
    static void insert(Connections.Lease tx, CheckpointJson.Compact compact) throws SQLException {
        PreparedStatement p =
                tx.prepare("INSERT INTO switchboard_names (id, names) VALUES (?, ?) ON CONFLICT DO NOTHING");
        p.setString(1, compact.namesId());
        p.setString(2, compact.names());
        p.executeUpdate();
    }

    /** Caches a dictionary, once the transaction that stored or read it has committed. */
    void remember(String namesId, String names) {
        if (byId.size() >= MAX_CACHED_NAMES) {
            byId.clear();
        }
        byId.put(namesId, names);
    }

    /** Looks up dictionaries in the transaction's store, each once. */
    Function<String, String> in(Connections.Lease tx) {
        return id -> {
            String known = byId.get(id);
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
                        "cannot read the checkpoint names " + id + " from " + database + ": " + e.getMessage(), e);
            }
        };
    }
}
