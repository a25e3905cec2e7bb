package dev.switchboard.checkpoint.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.checkpoint.Blob;
import dev.switchboard.runtime.checkpoint.ChannelVersion;
import dev.switchboard.runtime.checkpoint.Checkpoint;
import dev.switchboard.runtime.checkpoint.CheckpointJson;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata.Source;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.runtime.checkpoint.CheckpointTuple;
import dev.switchboard.runtime.checkpoint.ListOptions;
import dev.switchboard.runtime.checkpoint.PendingWrite;
import dev.switchboard.runtime.checkpoint.ThreadStorage;
import dev.switchboard.runtime.checkpoint.ThreadStorage.ChannelStorage;
import dev.switchboard.runtime.checkpoint.ThreadStorage.NamespaceStorage;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link CheckpointSaver#storage}, held against every saver of the conformance suite: the stored
 * bytes and counts of a thread's checkpoints, values and pending writes, per namespace and channel,
 * exactly; and for a real graph's run, the same figures as its listed history adds up to.
 */
interface StorageConformance {
    CheckpointSaver saver();

    String thread(String name);

    /** Bytes a saver adds to each stored value and write (an encrypting saver's seal); 0 for plain ones. */
    default int sealBytes() {
        return 0;
    }

    /**
     * Whether the saver stores fewer bytes than the values hold (the JDBC savers: metadata of only
     * a source and a step left to the row's columns, large values compressed, a delta that repeats
     * its step's pending writes kept as a reference to them); then a run's value bytes are at most
     * its history's, and the counts are exact.
     */
    default boolean compacts() {
        return false;
    }

    /** The metadata as the inner store holds it (an encrypting saver adds its seal). */
    default CheckpointMetadata asStored(CheckpointMetadata metadata) {
        return metadata;
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static Checkpoint checkpoint(String id, Map<String, ChannelVersion> channels) {
        return new Checkpoint(
                Checkpoint.FORMAT_VERSION,
                id,
                Instant.parse("2025-01-02T03:04:05.123Z"),
                channels,
                Map.of("node", Map.of("a", "0000000000000001.x")),
                1);
    }

    @Test
    default void storageSumsEachRowsBytesByNamespaceAndChannel() {
        CheckpointSaver s = saver();
        String t = thread("storage");
        String v1 = "0000000000000001.x", v2 = "0000000000000002.x";
        CheckpointMetadata m1 = new CheckpointMetadata(Source.INPUT, -1, Map.of(), Map.of());
        CheckpointMetadata m2 = new CheckpointMetadata(Source.LOOP, 0, Map.of(), Map.of("user", "ünï"));
        Checkpoint c1 = checkpoint("cp1", Map.of("a", new ChannelVersion(v1, v1, 7, 0)));
        Checkpoint c2 =
                checkpoint("cp2", Map.of("a", new ChannelVersion(v2, v1, 7, 5), "b", new ChannelVersion(v2, v2, 3, 0)));
        s.put(t, "", c1, m1, null, null, List.of(new Blob("a", v1, v1, "", Blob.Kind.SNAPSHOT, bytes("[1,2,3]"))));
        s.putWrites(
                t,
                "",
                "cp1",
                List.of(
                        new PendingWrite("task", 0, "a", bytes("[4]")),
                        new PendingWrite("task", 1, "b", bytes("\"é\""))));
        s.put(
                t,
                "",
                c2,
                m2,
                "cp1",
                "cp1",
                List.of(
                        new Blob("a", v2, v1, v1, Blob.Kind.DELTA, bytes("[[4]]")),
                        new Blob("b", v2, v2, "", Blob.Kind.SNAPSHOT, bytes("\"é\""))));
        Checkpoint sub = checkpoint("sub1", Map.of("c", new ChannelVersion(v1, v1, 0, 0)));
        s.put(t, "child:1", sub, m1, null, null, List.of(new Blob("c", v1, v1, "", Blob.Kind.EMPTY, new byte[0])));

        int seal = sealBytes();
        ThreadStorage storage = s.storage(t);

        assertEquals(
                new ThreadStorage(
                        t,
                        Map.of(
                                "",
                                new NamespaceStorage(
                                        2,
                                        stored(c1, m1) + stored(c2, m2),
                                        Map.of(
                                                "a", new ChannelStorage(1, 1, 7 + 5 + 2 * seal, 1, 3 + seal),
                                                "b", new ChannelStorage(1, 0, 4 + seal, 1, 4 + seal))),
                                "child:1",
                                new NamespaceStorage(
                                        1, stored(sub, m1), Map.of("c", new ChannelStorage(1, 0, seal, 0, 0))))),
                storage);
        assertEquals(stored(c1, m1) + stored(c2, m2) + stored(sub, m1), storage.checkpointBytes());
        assertEquals(16 + 4 * seal, storage.valueBytes());
        assertEquals(7 + 2 * seal, storage.writeBytes());
        assertEquals(storage.checkpointBytes() + 23 + 6 * seal, storage.totalBytes());
        assertEquals(3, storage.checkpoints());
        assertEquals(
                new ChannelStorage(1, 1, 12 + 2 * seal, 1, 3 + seal),
                storage.channels().get("a"));
        assertEquals(new ThreadStorage(thread("never"), Map.of()), s.storage(thread("never")));
        assertThrows(IllegalArgumentException.class, () -> s.storage("bad\u0000id"));

        s.deleteThread(t);
        assertEquals(new ThreadStorage(t, Map.of()), s.storage(t));
    }

    private long stored(Checkpoint checkpoint, CheckpointMetadata metadata) {
        CheckpointMetadata stored = asStored(metadata);
        boolean plain = stored.parents().isEmpty() && stored.extra().isEmpty();
        return CheckpointJson.storedBytes(checkpoint, stored)
                - (compacts() && plain ? CheckpointJson.encode(stored).getBytes(StandardCharsets.UTF_8).length : 0);
    }

    @Test
    default void aRunsStorageIsWhatItsHistoryHolds() {
        CheckpointSaver s = saver();
        String t = thread("storage-run");
        ChatterGraph.builder(new Chatter(40))
                .checkpointer(s)
                .build()
                .invoke(
                        TranscriptUpdate.of().messages(java.util.List.of("hi")),
                        RunConfig.thread(t).withRecursionLimit(60));
        Map<String, ChannelStorage> expected = new HashMap<>();
        Set<String> values = new HashSet<>();
        List<CheckpointTuple> history = s.list(t, "", ListOptions.ALL);
        for (CheckpointTuple tuple : history) {
            for (Blob b : tuple.blobs()) {
                if (values.add(b.channel() + "@" + b.version())) {
                    expected.merge(
                            b.channel(),
                            ChannelStorage.NONE.plusValue(b.kind(), b.data().length + sealBytes()),
                            ChannelStorage::plus);
                }
            }
            for (PendingWrite w : tuple.pendingWrites()) {
                expected.merge(
                        w.channel(),
                        ChannelStorage.NONE.plusWrite(w.value().length + sealBytes()),
                        ChannelStorage::plus);
            }
        }
        ThreadStorage storage = s.storage(t);
        assertEquals(Set.of(""), storage.namespaces().keySet());
        assertEquals(history.size(), storage.checkpoints());
        Map<String, ChannelStorage> actual = storage.namespaces().get("").channels();
        if (compacts()) {
            for (var e : expected.entrySet()) {
                ChannelStorage want = e.getValue();
                ChannelStorage got = actual.getOrDefault(e.getKey(), ChannelStorage.NONE);
                assertTrue(got.valueBytes() <= want.valueBytes(), e.getKey() + ": " + got + " for " + want);
                expected.put(
                        e.getKey(),
                        new ChannelStorage(
                                want.snapshots(), want.deltas(), got.valueBytes(), want.writes(), want.writeBytes()));
            }
        }
        assertEquals(expected, actual);
        ChannelStorage messages = storage.channels().get("messages");
        assertEquals(true, messages.deltas() > messages.snapshots(), "the transcript is stored as deltas: " + messages);
    }
}
