package dev.switchboard.checkpoint.jdbc;

import dev.switchboard.runtime.checkpoint.Blob;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;
import java.util.Map;

/**
 * How a {@link Blob} is stored as a row of {@code switchboard_blobs}: its channel by number, its
 * version, base and previous version as {@link VersionKey}s (a base or previous suffix left out
 * where it is the version's own), its kind as a number, and its bytes compressed when that pays
 * ({@link Deflate}). A delta that is exactly the pending writes of the checkpoint before it (what
 * a superstep of one writer stores) keeps no bytes of its own: kind {@link #WRITES} names that
 * checkpoint, and reads join its writes back into the delta ({@link WriteRefs}).
 */
final class BlobRows {
    static final int SNAPSHOT = 0;
    static final int DELTA = 1;
    static final int EMPTY = 2;
    /** A delta whose bytes are the pending writes to its channel of checkpoint {@code writes_of}. */
    static final int WRITES = 3;
    /** Added to the kind when the data is compressed. */
    static final int COMPRESSED = 8;

    /** The columns {@link #read} expects, after any of the caller's. */
    static final String COLUMNS = "channel, counter, suffix, raw, kind, base_counter, base_suffix, base_raw,"
            + " prev_counter, prev_suffix, prev_raw, writes_of, data";

    private static final String INSERT = "INSERT INTO switchboard_blobs (space, " + COLUMNS + ")"
            + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING";

    private BlobRows() {}

    /**
     * Inserts blobs in one batch.
     *
     * @param channels each blob's channel id, by channel name
     * @param writesOf for each blob stored as a reference to pending writes (by identity), the
     *     checkpoint whose writes it is; empty for none
     */
    static void insert(
            Connections.Lease tx, long space, List<Blob> blobs, Map<String, Long> channels, Map<Blob, Long> writesOf)
            throws SQLException {
        PreparedStatement p = tx.prepare(INSERT);
        for (Blob b : blobs) {
            bind(p, space, channels.get(b.channel()), b, writesOf.get(b));
            p.addBatch();
        }
        p.executeBatch();
    }

    /** The statement that {@link #bind} binds. */
    static String insertSql() {
        return INSERT;
    }

    /** Binds a blob's row; {@code writesOf}, if not null, the checkpoint whose writes the delta is. */
    static void bind(PreparedStatement p, long space, long channel, Blob b, Long writesOf) throws SQLException {
        VersionKey version = VersionKey.of(b.version());
        p.setLong(1, space);
        p.setLong(2, channel);
        p.setLong(3, version.counter());
        p.setLong(4, version.suffix());
        p.setString(5, version.raw());
        byte[] data = writesOf != null ? new byte[0] : b.data();
        int kind = writesOf != null ? WRITES : kind(b.kind());
        byte[] compressed = writesOf != null ? null : Deflate.compress(data);
        if (compressed != null) {
            data = compressed;
            kind += COMPRESSED;
        }
        p.setInt(6, kind);
        bindLink(p, 7, b.base().equals(b.version()) ? null : VersionKey.of(b.base()), version);
        bindLink(p, 10, b.previous().isEmpty() ? null : VersionKey.of(b.previous()), version);
        if (writesOf == null) {
            p.setNull(13, Types.BIGINT);
        } else {
            p.setLong(13, writesOf);
        }
        p.setBytes(14, data);
    }

    /** Binds a base or previous version: all null for none, its suffix null when it is the version's. */
    private static void bindLink(PreparedStatement p, int at, VersionKey link, VersionKey version) throws SQLException {
        if (link == null || !link.numeric()) {
            p.setNull(at, Types.BIGINT);
            p.setNull(at + 1, Types.BIGINT);
            if (link == null) {
                p.setNull(at + 2, Types.VARCHAR);
            } else {
                p.setString(at + 2, link.raw());
            }
            return;
        }
        p.setLong(at, link.counter());
        if (version.numeric() && version.suffix() == link.suffix()) {
            p.setNull(at + 1, Types.BIGINT);
        } else {
            p.setLong(at + 1, link.suffix());
        }
        p.setNull(at + 2, Types.VARCHAR);
    }

    private static int kind(Blob.Kind kind) {
        return switch (kind) {
            case SNAPSHOT -> SNAPSHOT;
            case DELTA -> DELTA;
            case EMPTY -> EMPTY;
        };
    }

    /**
     * A blob row as read: its blob, or for a reference to pending writes the blob without bytes and
     * the checkpoint whose writes make them.
     *
     * @param channelId the channel's number
     * @param blob the blob (data empty for a reference)
     * @param writesOf the checkpoint whose pending writes are the delta, or -1
     */
    record Row(long channelId, Blob blob, long writesOf) {
        /** The blob with its delta joined from pending writes. */
        Blob withData(byte[] data) {
            return new Blob(blob.channel(), blob.version(), blob.base(), blob.previous(), Blob.Kind.DELTA, data);
        }
    }

    /** Reads the row's {@link #COLUMNS}, starting at column {@code at}. */
    static Row read(ResultSet r, int at, String channel) throws SQLException {
        long channelId = r.getLong(at);
        VersionKey version = new VersionKey(r.getLong(at + 1), r.getLong(at + 2), r.getString(at + 3));
        String versionText = version.text();
        int kind = r.getInt(at + 4);
        String base = link(r, at + 5, version, versionText);
        String previous = link(r, at + 8, version, "");
        long writesOf = r.getLong(at + 11);
        boolean ref = !r.wasNull();
        byte[] data = r.getBytes(at + 12);
        Blob.Kind blobKind = kind(kind, ref, channel, versionText);
        if ((kind & COMPRESSED) != 0) {
            data = Deflate.inflate(data, "channel '" + channel + "' at version " + versionText);
        }
        return new Row(channelId, new Blob(channel, versionText, base, previous, blobKind, data), ref ? writesOf : -1);
    }

    /**
     * Reads a base or previous version as {@link #bindLink} stored it: numbers (the raw text then
     * null), or the raw text of a version not of the runtime's form, or nothing. Only the columns
     * that can hold it are read: SQLite's driver crosses into native code for every column read and
     * every null check, and most links are empty (a snapshot is its own base and has no previous).
     */
    private static String link(ResultSet r, int at, VersionKey version, String none) throws SQLException {
        long counter = r.getLong(at);
        if (r.wasNull()) {
            String raw = r.getString(at + 2);
            return raw != null ? raw : none;
        }
        long suffix = r.getLong(at + 1);
        return new VersionKey(counter, r.wasNull() ? version.suffix() : suffix, "").text();
    }

    private static Blob.Kind kind(int kind, boolean ref, String channel, String version) {
        Blob.Kind out = switch (kind & ~COMPRESSED) {
            case SNAPSHOT -> Blob.Kind.SNAPSHOT;
            case DELTA, WRITES -> Blob.Kind.DELTA;
            case EMPTY -> Blob.Kind.EMPTY;
            default -> null;
        };
        if (out == null || ref != ((kind & ~COMPRESSED) == WRITES)) {
            throw new CheckpointStoreException(
                    "a stored blob of channel '" + channel + "' at version " + version + " has the unknown kind " + kind
                            + "; the store was modified or written by a newer Switchboard",
                    null);
        }
        return out;
    }
}
