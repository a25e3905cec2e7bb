package dev.switchboard.runtime.checkpoint;

import java.time.Instant;
import java.util.Map;
import java.util.Objects;

/**
 * One checkpoint of a thread: which version of which channel it holds and which versions each node
 * has seen. Channel values themselves are {@link Blob}s, referenced by version; the pending
 * {@code Send}s are the value of the {@code __pregel_tasks} channel.
 *
 * @param formatVersion the format this checkpoint was written in; see {@link #FORMAT_VERSION}
 * @param id the checkpoint id, a time-ordered UUID
 * @param timestamp when it was created
 * @param channels the version of each channel that has one, by channel name
 * @param versionsSeen for each node (and {@code __interrupt__}), the channel versions it has seen
 * @param schemaVersion the version of the graph's stored schema ({@code @Graph(version)}) its
 *     channel values, names and pending writes are in; a reader of another version converts or
 *     refuses them
 */
public record Checkpoint(
        int formatVersion,
        String id,
        Instant timestamp,
        Map<String, ChannelVersion> channels,
        Map<String, Map<String, String>> versionsSeen,
        int schemaVersion) {

    /** The format version this runtime writes. */
    public static final int FORMAT_VERSION = 2;

    /**
     * Checks the fields.
     *
     * @param formatVersion the format version
     * @param id the checkpoint id
     * @param timestamp when it was created
     * @param channels the channel versions
     * @param versionsSeen the versions seen per node
     * @param schemaVersion the stored schema's version, from 1
     */
    public Checkpoint {
        Objects.requireNonNull(id, "id");
        if (schemaVersion < 1) {
            throw new IllegalArgumentException("schema version " + schemaVersion + " is not 1 or more");
        }
        Objects.requireNonNull(timestamp, "timestamp");
        channels = Map.copyOf(channels);
        versionsSeen = Map.copyOf(versionsSeen);
    }
}
