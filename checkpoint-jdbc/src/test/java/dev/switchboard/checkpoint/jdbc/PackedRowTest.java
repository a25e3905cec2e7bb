package dev.switchboard.checkpoint.jdbc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.checkpoint.CheckpointTuple;
import dev.switchboard.runtime.checkpoint.ListOptions;
import dev.switchboard.runtime.checkpoint.PendingWrite;
import dev.switchboard.runtime.serde.SerdeException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The packed column of schema version 8 ({@link PackedRow}): what is packed reads back as written,
 * a step's repeated writes are kept as storing them one by one kept them, each checkpoint's pending
 * writes read the same alone as in a listing, and a damaged or misplaced packed row fails naming
 * the checkpoint and thread.
 */
class PackedRowTest {
    @TempDir
    Path dir;

    @Test
    void aPackedRowReadsBackAsWritten() {
        Instant ts = Instant.parse("2026-11-28T23:30:01.123456789Z");
        PackedRow row = new PackedRow(
                "01a2-id",
                null,
                ts,
                2,
                -1,
                "[2,\"x\"]",
                "{\"ü\":1}",
                List.of(new PackedRow.Write("task", -3, 7, "v".getBytes(StandardCharsets.UTF_8))));
        PackedRow back = PackedRow.decode(row.encode());
        assertEquals(row.id(), back.id());
        assertEquals(null, back.parentId());
        assertEquals(ts, back.createdAt());
        assertEquals(List.of(2, -1), List.of(back.source(), back.step()));
        assertEquals(List.of(row.header(), row.metadata()), List.of(back.header(), back.metadata()));
        assertEquals(1, back.writes().size());
        assertEquals("task", back.writes().get(0).taskId());
        assertEquals(-3, back.writes().get(0).index());
        assertEquals(7, back.writes().get(0).channel());
        assertArrayEquals(
                "v".getBytes(StandardCharsets.UTF_8), back.writes().get(0).value());

        byte[] bytes = row.encode();
        assertThrows(IllegalArgumentException.class, () -> PackedRow.decode(Arrays.copyOf(bytes, bytes.length - 1)));
        assertThrows(IllegalArgumentException.class, () -> PackedRow.decode(Arrays.copyOf(bytes, bytes.length + 1)));
        bytes[0] = 9;
        assertThrows(IllegalArgumentException.class, () -> PackedRow.decode(bytes));
    }

    @Test
    void aStepsRepeatedWritesAreKeptAsTheTableKeptThem() {
        List<PendingWrite> writes = List.of(
                new PendingWrite("t", 0, "a", bytes("first")),
                new PendingWrite("t", 0, "a", bytes("retried")),
                new PendingWrite("t", -1, "__error__", bytes("e1")),
                new PendingWrite("u", 0, "a", bytes("other")),
                new PendingWrite("t", -1, "__error__", bytes("e2")));
        List<PackedRow.Write> kept = PackedRow.writes(writes, Map.of("a", 1L, "__error__", 2L));
        assertEquals(
                List.of("t 0 first", "t -1 e2", "u 0 other"),
                kept.stream()
                        .map(w -> w.taskId() + " " + w.index() + " " + new String(w.value(), StandardCharsets.UTF_8))
                        .toList());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"sqlite", "postgres"})
    void stepWritesLiveInTheNextRowAndReadTheSameAloneAsListed(String kind) throws Exception {
        try (Backend backend = Backend.of(kind, dir);
                JdbcSaver saver = backend.open("packed");
                Connection c = backend.connect("packed")) {
            // A step whose channel is new to the store stores its writes as rows (adding a channel's
            // number takes the dictionary's locks, which come after the head's); later ones pack them.
            run(saver, "warm-up");
            long rows = Sql.longValue(c, "SELECT COUNT(*) FROM switchboard_writes", null);
            run(saver, "t");
            assertEquals(rows, Sql.longValue(c, "SELECT COUNT(*) FROM switchboard_writes", null));
            List<CheckpointTuple> history = saver.list("t", "", ListOptions.ALL);
            assertTrue(history.size() > 3);
            int withWrites = 0;
            for (CheckpointTuple listed : history) {
                CheckpointTuple alone =
                        saver.getTuple("t", "", listed.checkpoint().id()).orElseThrow();
                assertEquals(texts(listed.pendingWrites()), texts(alone.pendingWrites()));
                withWrites += listed.pendingWrites().isEmpty() ? 0 : 1;
                // A listing filtered or bounded finds the writes in rows it does not list.
                List<CheckpointTuple> one = saver.list(
                        "t",
                        "",
                        ListOptions.ALL
                                .withFilter(Map.of("step", listed.metadata().step()))
                                .withLimit(1));
                assertEquals(texts(listed.pendingWrites()), texts(one.get(0).pendingWrites()));
            }
            assertEquals(history.size() - 1, withWrites, "every checkpoint but the head has its step's writes");
            assertTrue(history.get(0).pendingWrites().isEmpty());
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"sqlite", "postgres"})
    void storageCountsThePackedWritesOfStoredCheckpointsAndPruneDropsTheDeletedOnes(String kind) throws Exception {
        try (Backend backend = Backend.of(kind, dir);
                JdbcSaver saver = backend.open("storage")) {
            run(saver, "warm-up");
            run(saver, "t");
            assertEquals(
                    writeBytes(saver.list("t", "", ListOptions.ALL)),
                    saver.storage("t").writeBytes());
            List<CheckpointTuple> before = saver.list("t", "", ListOptions.ALL.withLimit(2));
            assertTrue(saver.prune("t", 2) > 0);
            List<CheckpointTuple> after = saver.list("t", "", ListOptions.ALL);
            assertEquals(2, after.size());
            for (int i = 0; i < 2; i++) {
                assertEquals(
                        texts(before.get(i).pendingWrites()), texts(after.get(i).pendingWrites()));
            }
            assertTrue(writeBytes(after) > 0);
            assertEquals(
                    writeBytes(after), saver.storage("t").writeBytes(), "the deleted checkpoints' writes are gone");
        }
    }

    private static long writeBytes(List<CheckpointTuple> history) {
        return history.stream()
                .flatMap(t -> t.pendingWrites().stream())
                .mapToLong(w -> w.value().length)
                .sum();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"sqlite", "postgres"})
    void aDamagedOrMisplacedPackedRowFailsNamingIt(String kind) throws Exception {
        try (Backend backend = Backend.of(kind, dir);
                JdbcSaver saver = backend.open("damaged");
                Connection c = backend.connect("damaged")) {
            run(saver, "t");
            List<CheckpointTuple> history = saver.list("t", "", ListOptions.ALL);
            String head = history.get(0).checkpoint().id();
            String older = history.get(1).checkpoint().id();

            byte[] original = packed(c, head);
            setPacked(c, head, Arrays.copyOf(original, original.length - 3));
            CheckpointStoreException truncated =
                    assertThrows(CheckpointStoreException.class, () -> saver.getTuple("t", "", null));
            assertTrue(truncated.getMessage().contains("thread 't'"), truncated.getMessage());
            assertTrue(truncated.getMessage().contains("packed row"), truncated.getMessage());

            setPacked(
                    c,
                    head,
                    edit(
                            original,
                            p -> new PackedRow(
                                    p.id(),
                                    p.parentId(),
                                    p.createdAt(),
                                    p.source(),
                                    p.step(),
                                    "[2,\"x\"]",
                                    p.metadata(),
                                    p.writes())));
            SerdeException header = assertThrows(SerdeException.class, () -> saver.list("t", "", ListOptions.ALL));
            assertTrue(header.getMessage().contains("checkpoint " + head), header.getMessage());

            setPacked(c, head, packed(c, older));
            CheckpointStoreException misplaced =
                    assertThrows(CheckpointStoreException.class, () -> saver.getTuple("t", "", head));
            assertTrue(misplaced.getMessage().contains("names checkpoint " + older), misplaced.getMessage());

            setPacked(c, head, original);
            assertEquals(
                    head,
                    saver.getTuple("t", "", null).orElseThrow().checkpoint().id());
        }
    }

    private static void run(JdbcSaver saver, String thread) {
        ChatterGraph.builder(new Chatter(4))
                .checkpointer(saver)
                .build()
                .invoke(TranscriptUpdate.of(), RunConfig.thread(thread));
    }

    private static List<String> texts(List<PendingWrite> writes) {
        return writes.stream()
                .map(w -> w.taskId() + " " + w.index() + " " + w.channel() + " "
                        + new String(w.value(), StandardCharsets.UTF_8))
                .toList();
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] edit(byte[] packed, UnaryOperator<PackedRow> change) {
        return change.apply(PackedRow.decode(packed)).encode();
    }

    private static byte[] packed(Connection c, String id) throws Exception {
        try (PreparedStatement p =
                c.prepareStatement("SELECT packed FROM switchboard_checkpoints WHERE checkpoint_id = ?")) {
            p.setBytes(1, StoredIds.bytes(id));
            try (ResultSet r = p.executeQuery()) {
                r.next();
                return r.getBytes(1);
            }
        }
    }

    private static void setPacked(Connection c, String id, byte[] packed) throws Exception {
        try (PreparedStatement p =
                c.prepareStatement("UPDATE switchboard_checkpoints SET packed = ? WHERE checkpoint_id = ?")) {
            p.setBytes(1, packed);
            p.setBytes(2, StoredIds.bytes(id));
            assertEquals(1, p.executeUpdate());
        }
    }
}
