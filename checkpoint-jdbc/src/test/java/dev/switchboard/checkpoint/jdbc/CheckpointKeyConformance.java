package dev.switchboard.checkpoint.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.checkpoint.Blob;
import dev.switchboard.runtime.checkpoint.ChannelVersion;
import dev.switchboard.runtime.checkpoint.Checkpoint;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata.Source;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.runtime.checkpoint.ListOptions;
import dev.switchboard.runtime.checkpoint.PendingWrite;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * The key rule of {@link dev.switchboard.runtime.checkpoint.CheckpointKeys}, held against every
 * saver of the conformance suite: a key with NUL or an unpaired surrogate is rejected at every
 * entry, before anything is stored, and every storable key is its own key (no two ever alias).
 */
interface CheckpointKeyConformance {
    /** Strings no backend can store as a key, each appended to an otherwise valid key. */
    List<String> UNSTORABLE = List.of("\uD800", "\uDC00", "\u0000", "x\uDBFF", "\uDC00\uD800");

    CheckpointSaver saver();

    String thread(String name);

    @Test
    default void keysThatDatabasesCannotStoreAreRejectedAtEveryEntry() {
        CheckpointSaver s = saver();
        String t = thread("keys");
        put(s, t, "", "cp1", "value", "v1", null, null);
        for (String bad : UNSTORABLE) {
            rejected("thread id", () -> put(s, t + bad, "", "cp1", "value", "v1", null, null));
            rejected("namespace", () -> put(s, t, "ns" + bad, "cp1", "value", "v1", null, null));
            rejected("checkpoint id", () -> put(s, t, "", "cp2" + bad, "value", "v2", "cp1", "cp1"));
            rejected("channel name", () -> put(s, t, "", "cp2", "value" + bad, "v2", "cp1", "cp1"));
            rejected("channel version", () -> put(s, t, "", "cp2", "value", "v2" + bad, "cp1", "cp1"));
            rejected("parent checkpoint id", () -> put(s, t, "", "cp2", "value", "v2", "cp1" + bad, "cp1"));
            rejected("expected head", () -> put(s, t, "", "cp2", "value", "v2", "cp1", "cp1" + bad));
            rejected("thread id", () -> s.putWrites(t + bad, "", "cp1", write("task", "value")));
            rejected("checkpoint id", () -> s.putWrites(t, "", "cp1" + bad, write("task", "value")));
            rejected("task id", () -> s.putWrites(t, "", "cp1", write("task" + bad, "value")));
            rejected("channel name", () -> s.putWrites(t, "", "cp1", write("task", "value" + bad)));
            rejected("thread id", () -> s.getTuple(t + bad, "", null));
            rejected("namespace", () -> s.getTuple(t, bad, null));
            rejected("checkpoint id", () -> s.getTuple(t, "", "cp1" + bad));
            rejected("thread id", () -> s.list(t + bad, "", ListOptions.ALL));
            rejected("checkpoint id", () -> s.list(t, "", ListOptions.ALL.withBefore("cp1" + bad)));
            rejected("thread id", () -> s.deleteThread(t + bad));
        }
        // Nothing of the rejected calls was stored: the thread still ends at cp1, without writes.
        assertEquals(
                List.of("cp1"),
                s.list(t, "", ListOptions.ALL).stream()
                        .map(x -> x.checkpoint().id())
                        .toList());
        assertEquals(List.of(), s.getTuple(t, "", null).orElseThrow().pendingWrites());
        assertEquals(Optional.empty(), s.getTuple(t + "?", "", null));
    }

    @Test
    default void keysThatDifferOnlyOutsideAsciiNeverAlias() {
        CheckpointSaver s = saver();
        List<String> suffixes = List.of("?", "\uFFFD", "\uD83D\uDE00", "\uD83D\uDE01", "é", "e\u0301", "\u007F");
        for (String suffix : suffixes) {
            put(s, thread("user-") + suffix, "ns-" + suffix, "cp-" + suffix, "c-" + suffix, "v-" + suffix, null, null);
        }
        for (String suffix : suffixes) {
            var tuple = s.getTuple(thread("user-") + suffix, "ns-" + suffix, "cp-" + suffix)
                    .orElseThrow(() -> new AssertionError("lost the key with suffix " + suffix));
            assertEquals(
                    List.of("c-" + suffix),
                    List.copyOf(tuple.checkpoint().channels().keySet()));
            assertEquals(1, tuple.blobs().size(), suffix);
            assertEquals("v-" + suffix, tuple.blobs().get(0).version());
            assertEquals("value " + suffix, new String(tuple.blobs().get(0).data(), StandardCharsets.UTF_8));
        }
    }

    @Test
    default void metadataStringsRoundTripExactlyWhateverTheyHold() {
        CheckpointSaver s = saver();
        String t = thread("metadata-text");
        String odd = "a\uD800b\uDC00c\u0000d\uD83D\uDE00e\u2028";
        CheckpointMetadata md = new CheckpointMetadata(Source.INPUT, -1, Map.of("", "p"), Map.of("note", odd));
        s.put(t, "", checkpoint("cp1", "value", "v1"), md, null, null, List.of());
        assertEquals(
                odd, s.getTuple(t, "", null).orElseThrow().metadata().extra().get("note"));
        assertEquals(
                1,
                s.list(t, "", ListOptions.ALL.withFilter(Map.of("note", odd))).size());
    }

    private static void rejected(String what, Executable call) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call, what);
        assertTrue(e.getMessage().startsWith(what + " \""), e.getMessage());
        assertTrue(e.getMessage().contains("checkpoint keys must be well-formed Unicode without NUL"), e.getMessage());
    }

    private static List<PendingWrite> write(String task, String channel) {
        return List.of(new PendingWrite(task, 0, channel, new byte[] {1}));
    }

    private static Checkpoint checkpoint(String id, String channel, String version) {
        return new Checkpoint(
                Checkpoint.FORMAT_VERSION,
                id,
                Instant.parse("2025-01-02T03:04:05Z"),
                Map.of(channel, new ChannelVersion(version, version, 1, 0)),
                Map.of("node", Map.of(channel, version)),
                1);
    }

    private static void put(
            CheckpointSaver s,
            String threadId,
            String namespace,
            String id,
            String channel,
            String version,
            String parent,
            String head) {
        s.put(
                threadId,
                namespace,
                checkpoint(id, channel, version),
                new CheckpointMetadata(Source.LOOP, 0, Map.of(), Map.of()),
                parent,
                head,
                List.of(new Blob(
                        channel,
                        version,
                        version,
                        "",
                        Blob.Kind.SNAPSHOT,
                        ("value " + version.substring(version.indexOf('-') + 1)).getBytes(StandardCharsets.UTF_8))));
    }
}
