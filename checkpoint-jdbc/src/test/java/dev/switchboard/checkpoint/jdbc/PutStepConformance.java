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
import dev.switchboard.runtime.checkpoint.CheckpointTuple;
import dev.switchboard.runtime.checkpoint.ConcurrentRunException;
import dev.switchboard.runtime.checkpoint.ListOptions;
import dev.switchboard.runtime.checkpoint.PendingWrite;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link CheckpointSaver#putStep}, held against every saver of the conformance suite: a superstep's
 * last writes and its checkpoint are stored together, against the parent, and a step that is
 * refused (a moved head, a parent that is not the head, an id stored already) stores neither, so a
 * run never sees its writes without the checkpoint that applied them or the other way round.
 */
interface PutStepConformance {
    CheckpointSaver saver();

    String thread(String name);

    @Test
    default void putStepStoresTheWritesAgainstTheParentAndMovesTheHead() {
        CheckpointSaver s = saver();
        String t = thread("step");
        put(s, t, "cp1", null, null, List.of());
        s.putWrites(t, "", "cp1", List.of(write("early", 0, "a")));
        put(s, t, "cp2", "cp1", "cp1", List.of(write("last", 0, "b"), write("last", 1, "c")));
        put(s, t, "cp3", "cp2", "cp2", List.of(write("next", 0, "d")));

        assertEquals(List.of("early/0=a", "last/0=b", "last/1=c"), writes(s, t, "cp1"));
        assertEquals(List.of("next/0=d"), writes(s, t, "cp2"));
        assertEquals(List.of(), writes(s, t, "cp3"));
        CheckpointTuple head = s.getTuple(t, "", null).orElseThrow();
        assertEquals("cp3", head.checkpoint().id());
        assertEquals("cp2", head.parentId());
        assertEquals("value of cp3", new String(head.blobs().get(0).data(), StandardCharsets.UTF_8));
        // A retried write of the step is stored once, as putWrites would.
        s.putWrites(t, "", "cp3", List.of(write("x", 0, "e")));
        put(s, t, "cp4", "cp3", "cp3", List.of(write("x", 0, "retried"), write("x", 1, "f")));
        assertEquals(List.of("x/0=e", "x/1=f"), writes(s, t, "cp3"));
    }

    @Test
    default void aRefusedStepStoresNeitherItsWritesNorItsCheckpoint() {
        CheckpointSaver s = saver();
        String t = thread("refused-step");
        put(s, t, "cp1", null, null, List.of());
        put(s, t, "cp2", "cp1", "cp1", List.of());
        List<PendingWrite> w = List.of(write("task", 0, "lost"));

        ConcurrentRunException moved =
                assertThrows(ConcurrentRunException.class, () -> put(s, t, "cp3", "cp1", "cp1", w));
        assertTrue(moved.getMessage().contains(t), moved.getMessage());
        assertThrows(ConcurrentRunException.class, () -> put(s, t, "cp3", "cp1", "cp2", w));
        IllegalArgumentException twice =
                assertThrows(IllegalArgumentException.class, () -> put(s, t, "cp1", "cp2", "cp2", w));
        assertEquals("checkpoint cp1 is already stored", twice.getMessage());

        assertEquals(List.of(), writes(s, t, "cp1"));
        assertEquals(List.of(), writes(s, t, "cp2"));
        assertEquals(
                List.of("cp2", "cp1"),
                s.list(t, "", ListOptions.ALL).stream()
                        .map(x -> x.checkpoint().id())
                        .toList());
    }

    private static PendingWrite write(String task, int index, String value) {
        return new PendingWrite(task, index, "value", value.getBytes(StandardCharsets.UTF_8));
    }

    private static List<String> writes(CheckpointSaver s, String t, String id) {
        return s.getTuple(t, "", id).orElseThrow().pendingWrites().stream()
                .map(w -> w.taskId() + "/" + w.index() + "=" + new String(w.value(), StandardCharsets.UTF_8))
                .toList();
    }

    private static void put(
            CheckpointSaver s, String t, String id, String parent, String head, List<PendingWrite> writes) {
        String v = id + "-v";
        s.putStep(
                t,
                "",
                writes,
                new Checkpoint(
                        Checkpoint.FORMAT_VERSION,
                        id,
                        Instant.parse("2025-01-02T03:04:05Z"),
                        Map.of("value", new ChannelVersion(v, v, 10, 0)),
                        Map.of("node", Map.of("value", v)),
                        1),
                new CheckpointMetadata(Source.LOOP, 0, Map.of(), Map.of()),
                parent,
                head,
                List.of(new Blob(
                        "value", v, v, "", Blob.Kind.SNAPSHOT, ("value of " + id).getBytes(StandardCharsets.UTF_8))));
    }
}
