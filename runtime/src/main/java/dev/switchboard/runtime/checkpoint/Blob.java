package dev.switchboard.runtime.checkpoint;

import java.util.Objects;

/**
 * A stored channel value: a full snapshot, a delta (the writes of the supersteps since the
 * previous version, replayed through the channel's reducer on read), or the marker that the channel
 * was empty at this version. Keyed by channel and version within a thread and namespace.
 *
 * @param channel the channel name
 * @param version the version this blob holds
 * @param base the snapshot version its chain starts from ({@code version} for a snapshot)
 * @param previous for a delta, the version it applies on top of; otherwise empty
 * @param kind snapshot, delta or empty
 * @param data the encoded value or writes; empty for {@link Kind#EMPTY}
 */
public record Blob(String channel, String version, String base, String previous, Kind kind, byte[] data) {
    /** What a blob holds. */
    public enum Kind {
        /** The full value. */
        SNAPSHOT,
        /** Writes to replay on top of {@code previous}. */
        DELTA,
        /** The channel had no value. */
        EMPTY
    }

    /**
     * Checks the fields.
     *
     * @param channel the channel name
     * @param version the version
     * @param base the snapshot version
     * @param previous the previous version of a delta
     * @param kind the kind
     * @param data the bytes
     */
    public Blob {
        Objects.requireNonNull(channel, "channel");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(base, "base");
        Objects.requireNonNull(previous, "previous");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(data, "data");
    }
}
