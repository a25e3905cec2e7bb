package dev.switchboard.checkpoint.jdbc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.checkpoint.Blob;
import dev.switchboard.runtime.checkpoint.ChannelVersion;
import dev.switchboard.runtime.checkpoint.ListOptions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Values stored in their checkpoint's row: every kind of blob reads back as written, a superstep
 * of one counter is stored that way (and values of several counters as rows), and damaged values
 * fail naming the row instead of reading as something else.
 */
class RowValuesTest {
    @TempDir
    Path dir;

    private static String v(long counter) {
        return ChannelVersion.format(counter, "00000000000000ab");
    }

    @Test
    void everyKindOfBlobReadsBackAsWritten() throws Exception {
        byte[] big = "[\"a long value that compresses\"]".repeat(40).getBytes(StandardCharsets.UTF_8);
        List<Blob> blobs = List.of(
                new Blob("a", v(7), v(7), "", Blob.Kind.SNAPSHOT, bytes("[1,2]")),
                new Blob("b", v(7), v(3), v(5), Blob.Kind.DELTA, big),
                new Blob("c", v(7), v(7), "", Blob.Kind.EMPTY, new byte[0]),
                new Blob("d", v(7), "custom-1", "custom-2", Blob.Kind.DELTA, bytes("[3]")));
        assertEquals(7, RowValues.sharedCounter(blobs));
        Map<String, Long> ids = Map.of("a", 1L, "b", 2L, "c", 300L, "d", 4L);
        byte[] stored = RowValues.encode(blobs, ids);
        assertTrue(stored.length < big.length, "the long value is compressed: " + stored.length);
        Map<Long, String> names = Map.of(1L, "a", 2L, "b", 300L, "c", 4L, "d");
        List<BlobRows.Row> read = RowValues.decode(stored, 7, names::get, 1);
        assertEquals(blobs.size(), read.size());
        for (int i = 0; i < blobs.size(); i++) {
            Blob want = blobs.get(i);
            Blob got = read.get(i).blob();
            assertEquals(
                    List.of(want.channel(), want.version(), want.base(), want.previous(), want.kind()),
                    List.of(got.channel(), got.version(), got.base(), got.previous(), got.kind()));
            assertArrayEquals(want.data(), got.data());
            assertEquals(ids.get(want.channel()), read.get(i).channelId());
        }
        assertEquals(
                -1,
                RowValues.sharedCounter(
                        List.of(blobs.get(0), new Blob("x", v(8), v(8), "", Blob.Kind.EMPTY, new byte[0]))));
        assertEquals(-1, RowValues.sharedCounter(List.of(new Blob("x", "7", "7", "", Blob.Kind.EMPTY, new byte[0]))));
    }

    @Test
    void damagedValuesFailNamingTheRow() {
        byte[] stored = RowValues.encode(
                List.of(new Blob("a", v(7), v(7), "", Blob.Kind.SNAPSHOT, bytes("[1,2]"))), Map.of("a", 1L));
        Map<Long, String> names = Map.of(1L, "a");
        for (byte[] damaged : List.of(
                new byte[0],
                new byte[] {2, 0},
                Arrays.copyOf(stored, stored.length - 1),
                Arrays.copyOf(stored, stored.length + 1))) {
            CheckpointStoreException e =
                    assertThrows(CheckpointStoreException.class, () -> RowValues.decode(damaged, 7, names::get, 42));
            assertTrue(e.getMessage().contains("checkpoint row 42"), e.getMessage());
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"sqlite", "postgres"})
    void aSuperstepsValuesAreStoredInItsRowAndADamagedRowFailsItsReads(String kind) throws Exception {
        try (Backend backend = Backend.of(kind, dir);
                JdbcSaver saver = backend.open("values");
                Connection c = backend.connect("values")) {
            ChatterGraph graph =
                    ChatterGraph.builder(new Chatter(3)).checkpointer(saver).build();
            RunConfig thread = RunConfig.thread("t");
            graph.invoke(TranscriptUpdate.of().messages(List.of("hello")), thread);
            graph.invoke(TranscriptUpdate.of().messages(List.of("again")), thread);
            List<String> messages = graph.getState(thread).values().messages();
            assertTrue(
                    Sql.longValue(
                                    c,
                                    "SELECT COUNT(*) FROM" + Sql.CHECKPOINTS_OF_THREAD + " AND c.blobs IS NOT NULL",
                                    "t")
                            > 3,
                    "the second run's supersteps keep their values in their rows");
            // Read back by a saver that caches nothing yet, each checkpoint alone and listed.
            try (JdbcSaver fresh = backend.open("values")) {
                assertEquals(
                        messages,
                        ChatterGraph.builder(new Chatter(3))
                                .checkpointer(fresh)
                                .build()
                                .getState(thread)
                                .values()
                                .messages());
                assertEquals(
                        saver.list("t", "", ListOptions.ALL).size(),
                        fresh.list("t", "", ListOptions.ALL).size());
            }
            try (PreparedStatement p = c.prepareStatement("UPDATE switchboard_checkpoints SET blobs = ?"
                    + " WHERE seq = (SELECT MAX(seq) FROM switchboard_checkpoints WHERE blobs IS NOT NULL)")) {
                p.setBytes(1, new byte[] {1, 9, 0});
                assertEquals(1, p.executeUpdate());
            }
            if (!c.getAutoCommit()) {
                c.commit();
            }
            CheckpointStoreException e =
                    assertThrows(CheckpointStoreException.class, () -> saver.list("t", "", ListOptions.ALL));
            assertTrue(e.getMessage().contains("values stored in checkpoint row"), e.getMessage());
        }
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
