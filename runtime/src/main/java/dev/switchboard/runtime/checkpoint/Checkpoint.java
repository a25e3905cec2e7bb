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
 */
public record Checkpoint(
        int formatVersion,
        String id,
        Instant timestamp,
        Map<String, ChannelVersion> channels,
        Map<String, Map<String, String>> versionsSeen) {

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
     */
    public Checkpoint {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(timestamp, "timestamp");
        channels = Map.copyOf(channels);
        versionsSeen = Map.copyOf(versionsSeen);
    }
}
