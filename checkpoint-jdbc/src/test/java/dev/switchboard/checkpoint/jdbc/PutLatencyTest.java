package dev.switchboard.checkpoint.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.switchboard.runtime.checkpoint.Blob;
import dev.switchboard.runtime.checkpoint.ChannelVersion;
import dev.switchboard.runtime.checkpoint.Checkpoint;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata;
import dev.switchboard.runtime.checkpoint.ListOptions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Measures (prints, never asserts: performance is measured by benchmarks, not timed tests) how
 * long one checkpoint write takes: a realistic small checkpoint of four channels, versions seen by
 * three nodes, one changed channel stored as a 200-byte blob.
 */
class PutLatencyTest {
    static final int WARMUP = 200;
    static final int PUTS = 1000;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"sqlite", "postgres"})
    void checkpointWriteLatency(String kind) throws Exception {
        try (Backend backend = Backend.of(kind, dir);
                JdbcSaver saver = backend.open("latency")) {
            put(saver, "warmup", WARMUP, null);
            long[] nanos = new long[PUTS];
            put(saver, "measured", PUTS, nanos);
            assertEquals(PUTS, saver.list("measured", "", ListOptions.ALL).size());
            Arrays.sort(nanos);
            System.out.printf(
                    Locale.ROOT,
                    "[figures] %s put latency over %d puts: p50 %.3f ms, p95 %.3f ms, p99 %.3f ms, max %.3f ms%n",
                    kind,
                    PUTS,
                    nanos[PUTS / 2] / 1e6,
                    nanos[PUTS * 95 / 100] / 1e6,
                    nanos[PUTS * 99 / 100] / 1e6,
                    nanos[PUTS - 1] / 1e6);
        }
    }

    private static void put(JdbcSaver saver, String thread, int count, long[] nanos) {
        String head = null;
        byte[] value =
                ("{\"role\":\"assistant\",\"content\":\"" + "x".repeat(160) + "\"}").getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < count; i++) {
            String id = String.format("1f0%013d", i);
            String v = ChannelVersion.format(i + 1, "a1b2c3");
            Map<String, ChannelVersion> channels = new LinkedHashMap<>();
            channels.put("messages", new ChannelVersion(v, v, value.length, 0));
            channels.put(
                    "topic",
                    new ChannelVersion(ChannelVersion.format(1, "a1b2c3"), ChannelVersion.format(1, "a1b2c3"), 9, 0));
            channels.put(
                    "turns",
                    new ChannelVersion(ChannelVersion.format(2, "a1b2c3"), ChannelVersion.format(2, "a1b2c3"), 2, 0));
            channels.put("branch:to:agent", new ChannelVersion(v, v, 0, 0));
            Map<String, Map<String, String>> seen = Map.of(
                    "agent", Map.of("messages", v, "branch:to:agent", v),
                    "tools", Map.of("messages", v),
                    "__interrupt__", Map.of());
            Checkpoint cp = new Checkpoint(Checkpoint.FORMAT_VERSION, id, Instant.now(), channels, seen, 1);
            CheckpointMetadata md =
                    new CheckpointMetadata(CheckpointMetadata.Source.LOOP, i, Map.of(), Map.of("user", "ada"));
            List<Blob> blobs = List.of(
                    new Blob("messages", v, v, "", Blob.Kind.SNAPSHOT, value),
                    new Blob("branch:to:agent", v, v, "", Blob.Kind.EMPTY, new byte[0]));
            long t = System.nanoTime();
            saver.put(thread, "", cp, md, head, head, blobs);
            if (nanos != null) {
                nanos[i] = System.nanoTime() - t;
            }
            head = id;
        }
    }
}
