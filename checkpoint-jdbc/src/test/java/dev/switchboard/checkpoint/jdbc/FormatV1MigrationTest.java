package dev.switchboard.checkpoint.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.checkpoint.Blob;
import dev.switchboard.runtime.checkpoint.Checkpoint;
import dev.switchboard.runtime.checkpoint.CheckpointJson;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.runtime.checkpoint.CheckpointTuple;
import dev.switchboard.runtime.checkpoint.EncryptedSaver;
import dev.switchboard.runtime.checkpoint.Keyring;
import dev.switchboard.runtime.checkpoint.ListOptions;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Checkpoints stored in format 1 (self-contained JSON headers, before compact headers) by the
 * runtime of that time still read and continue: a SQLite file with a plain thread and an
 * EncryptedSaver (SBE2) thread, and a memory thread written out as JSON. The fixtures are committed
 * under {@code fixtures/format-v1}; each thread ran {@code Chatter(3)} from one input message.
 */
class FormatV1MigrationTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String FIXTURES = "/fixtures/format-v1/";

    @TempDir
    Path dir;

    private static List<String> transcript(String input) {
        List<String> out = new ArrayList<>(List.of(input));
        for (int i = 1; i <= 3; i++) {
            out.add("reply " + i + ": the quick brown fox jumps over the lazy dog");
        }
        return out;
    }

    private Path sqliteCopy() throws IOException {
        Path file = dir.resolve("chatter.db");
        try (InputStream in = FormatV1MigrationTest.class.getResourceAsStream(FIXTURES + "chatter.db")) {
            Files.copy(in, file);
        }
        return file;
    }

    @Test
    void aSqliteStoreOfFormat1ReadsAndContinuesInFormat2() throws Exception {
        Path file = sqliteCopy();
        try (JdbcSaver saver = SqliteSaver.file(file)) {
            assertContinues(saver, "plain", "hello");
        }
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file)) {
            assertEquals(JdbcSaver.SCHEMA_VERSION, Sql.longValue(c, "SELECT version FROM switchboard_schema", null));
            assertEquals(
                    5,
                    Sql.longValue(
                            c, "SELECT COUNT(*) FROM" + Sql.CHECKPOINTS_OF_THREAD + " AND c.header LIKE '{%'", "plain"),
                    "the old rows stay as they were");
            assertTrue(
                    Sql.longValue(
                                    c,
                                    "SELECT COUNT(*) FROM" + Sql.CHECKPOINTS_OF_THREAD + " AND c.header LIKE '[2,%'",
                                    "plain")
                            > 0,
                    "the new rows are compact");
        }
    }

    @Test
    void anEncryptedStoreOfFormat1StillVerifiesItsSeals() throws Exception {
        byte[] key = new byte[32];
        for (int i = 0; i < key.length; i++) {
            key[i] = (byte) i;
        }
        try (JdbcSaver sqlite = SqliteSaver.file(sqliteCopy())) {
            assertContinues(new EncryptedSaver(sqlite, Keyring.of("k1", key)), "sealed", "secret");
        }
    }

    @Test
    void aMemoryThreadOfFormat1ReadsAndContinues() throws Exception {
        MemorySaver saver = new MemorySaver();
        JsonNode stored;
        try (InputStream in = FormatV1MigrationTest.class.getResourceAsStream(FIXTURES + "memory-thread.json")) {
            stored = JSON.readTree(in);
        }
        String head = null;
        for (JsonNode row : stored) {
            Checkpoint cp = CheckpointJson.decode(row.get("header").asString());
            assertEquals(1, cp.formatVersion());
            List<Blob> blobs = new ArrayList<>();
            for (JsonNode b : row.get("blobs")) {
                blobs.add(new Blob(
                        b.get("channel").asString(),
                        b.get("version").asString(),
                        b.get("base").asString(),
                        b.get("previous").asString(),
                        Blob.Kind.valueOf(b.get("kind").asString()),
                        b.get("data").asString().getBytes(StandardCharsets.UTF_8)));
            }
            String parent =
                    row.get("parentId").isNull() ? null : row.get("parentId").asString();
            saver.put(
                    "memory",
                    "",
                    cp,
                    CheckpointJson.decodeMetadata(row.get("metadata").asString()),
                    parent,
                    head,
                    blobs);
            head = cp.id();
        }
        assertContinues(saver, "memory", "hello");
    }

    /** The old thread's state and history read as written, and a new turn builds on them. */
    private static void assertContinues(CheckpointSaver saver, String thread, String input) {
        ChatterGraph graph =
                ChatterGraph.builder(new Chatter(5)).checkpointer(saver).build();
        RunConfig config = RunConfig.thread(thread);
        assertEquals(transcript(input), graph.getState(config).values().messages());
        List<CheckpointTuple> before = saver.list(thread, "", ListOptions.ALL);
        assertEquals(5, before.size());
        assertTrue(before.stream().allMatch(t -> t.checkpoint().formatVersion() == 1));

        List<String> after = graph.invoke(TranscriptUpdate.of().messages(List.of("again")), config)
                .value()
                .messages();
        List<String> expected = new ArrayList<>(transcript(input));
        expected.add("again");
        expected.add("reply 5: the quick brown fox jumps over the lazy dog");
        assertEquals(expected, after);

        List<CheckpointTuple> history = saver.list(thread, "", ListOptions.ALL);
        CheckpointTuple firstNew = history.get(history.size() - before.size() - 1);
        assertEquals(before.get(0).checkpoint().id(), firstNew.parentId());
        assertEquals(Checkpoint.FORMAT_VERSION, firstNew.checkpoint().formatVersion());
        assertEquals(
                transcript(input),
                graph.getState(RunConfig.thread(thread)
                                .withCheckpointId(before.get(0).checkpoint().id()))
                        .values()
                        .messages(),
                "time travel to an old checkpoint");
    }
}
