package dev.switchboard.runtime.checkpoint;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * What one thread costs in a checkpoint saver, as stored: per namespace, its checkpoints (header
 * and metadata), and per channel the stored values (snapshots and deltas) and the pending writes,
 * like Agent Server's {@code GET /threads/{id}/storage}. Bytes are those of the stored data itself
 * (the encoded, and with {@link EncryptedSaver} the sealed, form), not counting keys, indexes or a
 * database's page overhead, so a file or table grows by more than this. A saver that compacts what
 * it stores reports the bytes it keeps: the JDBC savers leave metadata of only a source and a step
 * to their columns, compress large values, and keep a delta that repeats its step's pending writes
 * as a reference to them (0 bytes), so they report fewer bytes than {@link MemorySaver} for the
 * same thread, with the same counts. {@link CheckpointSaver#storage} gives it.
 *
 * @param threadId the thread
 * @param namespaces by namespace ({@code ""} for the graph itself, one per subgraph run), sorted
 */
public record ThreadStorage(String threadId, Map<String, NamespaceStorage> namespaces) {
    /**
     * Checks and copies the fields.
     *
     * @param threadId the thread
     * @param namespaces by namespace
     */
    public ThreadStorage {
        Objects.requireNonNull(threadId, "threadId");
        namespaces = sorted(namespaces, "namespaces");
    }

    /**
     * Every byte the thread's rows hold: checkpoints, stored values and pending writes.
     *
     * @return bytes
     */
    public long totalBytes() {
        return checkpointBytes() + valueBytes() + writeBytes();
    }

    /**
     * The bytes of the checkpoints' headers and metadata, all namespaces.
     *
     * @return bytes
     */
    public long checkpointBytes() {
        return namespaces.values().stream()
                .mapToLong(NamespaceStorage::checkpointBytes)
                .sum();
    }

    /**
     * The bytes of the stored channel values, snapshots and deltas, all namespaces.
     *
     * @return bytes
     */
    public long valueBytes() {
        return namespaces.values().stream()
                .mapToLong(NamespaceStorage::valueBytes)
                .sum();
    }

    /**
     * The bytes of the pending writes, all namespaces.
     *
     * @return bytes
     */
    public long writeBytes() {
        return namespaces.values().stream()
                .mapToLong(NamespaceStorage::writeBytes)
                .sum();
    }

    /**
     * How many checkpoints the thread has, all namespaces.
     *
     * @return the count
     */
    public int checkpoints() {
        return namespaces.values().stream()
                .mapToInt(NamespaceStorage::checkpoints)
                .sum();
    }

    /**
     * Each channel's storage summed over the namespaces, by channel name, sorted.
     *
     * @return the channels
     */
    public Map<String, ChannelStorage> channels() {
        Map<String, ChannelStorage> out = new TreeMap<>();
        for (NamespaceStorage ns : namespaces.values()) {
            ns.channels().forEach((name, c) -> out.merge(name, c, ChannelStorage::plus));
        }
        return Collections.unmodifiableMap(out);
    }

    /**
     * What one namespace of a thread stores.
     *
     * @param checkpoints how many checkpoints
     * @param checkpointBytes the bytes of their headers and metadata
     * @param channels per channel name (reserved names of pending writes, such as {@code __error__},
     *     included), sorted
     */
    public record NamespaceStorage(int checkpoints, long checkpointBytes, Map<String, ChannelStorage> channels) {
        /**
         * Checks and copies the fields.
         *
         * @param checkpoints how many checkpoints
         * @param checkpointBytes the bytes of their headers and metadata
         * @param channels per channel name
         */
        public NamespaceStorage {
            if (checkpoints < 0 || checkpointBytes < 0) {
                throw new IllegalArgumentException("negative checkpoint count or bytes");
            }
            channels = sorted(channels, "channels");
        }

        /**
         * The bytes of the stored channel values.
         *
         * @return bytes
         */
        public long valueBytes() {
            return channels.values().stream()
                    .mapToLong(ChannelStorage::valueBytes)
                    .sum();
        }

        /**
         * The bytes of the pending writes.
         *
         * @return bytes
         */
        public long writeBytes() {
            return channels.values().stream()
                    .mapToLong(ChannelStorage::writeBytes)
                    .sum();
        }

        /**
         * Everything the namespace stores.
         *
         * @return bytes
         */
        public long totalBytes() {
            return checkpointBytes + valueBytes() + writeBytes();
        }
    }

    /**
     * What one channel stores in a namespace.
     *
     * @param snapshots stored whole values (an emptied channel's marker of 0 bytes included)
     * @param deltas stored deltas: a step's writes, replayed onto a snapshot when read
     * @param valueBytes the bytes of the snapshots and deltas
     * @param writes pending writes to the channel
     * @param writeBytes their bytes
     */
    public record ChannelStorage(int snapshots, int deltas, long valueBytes, int writes, long writeBytes) {
        /** Nothing stored. */
        public static final ChannelStorage NONE = new ChannelStorage(0, 0, 0, 0, 0);

        /**
         * Checks the fields.
         *
         * @param snapshots stored whole values
         * @param deltas stored deltas
         * @param valueBytes their bytes
         * @param writes pending writes
         * @param writeBytes their bytes
         */
        public ChannelStorage {
            if (snapshots < 0 || deltas < 0 || valueBytes < 0 || writes < 0 || writeBytes < 0) {
                throw new IllegalArgumentException("negative count or bytes");
            }
        }

        /**
         * This with one more stored value.
         *
         * @param kind its kind
         * @param bytes its bytes
         * @return the sum
         */
        public ChannelStorage plusValue(Blob.Kind kind, long bytes) {
            boolean delta = kind == Blob.Kind.DELTA;
            return new ChannelStorage(
                    snapshots + (delta ? 0 : 1), deltas + (delta ? 1 : 0), valueBytes + bytes, writes, writeBytes);
        }

        /**
         * This with one more pending write.
         *
         * @param bytes its bytes
         * @return the sum
         */
        public ChannelStorage plusWrite(long bytes) {
            return new ChannelStorage(snapshots, deltas, valueBytes, writes + 1, writeBytes + bytes);
        }

        /**
         * The two added up.
         *
         * @param other another channel's storage
         * @return the sum
         */
        public ChannelStorage plus(ChannelStorage other) {
            return new ChannelStorage(
                    snapshots + other.snapshots,
                    deltas + other.deltas,
                    valueBytes + other.valueBytes,
                    writes + other.writes,
                    writeBytes + other.writeBytes);
        }
    }

    private static <V> Map<String, V> sorted(Map<String, V> map, String what) {
        Objects.requireNonNull(map, what);
        return Collections.unmodifiableMap(new TreeMap<>(map));
    }
}
