package dev.switchboard.checkpoint.jdbc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StateSnapshot;
import dev.switchboard.runtime.checkpoint.Blob;
import dev.switchboard.runtime.checkpoint.ChannelVersion;
import dev.switchboard.runtime.checkpoint.Checkpoint;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata;
import dev.switchboard.runtime.checkpoint.CheckpointTuple;
import dev.switchboard.runtime.checkpoint.ListOptions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The saver's own schema and the checkpoint format: tables created and versioned on first open,
 * kept on reopen, a newer schema refused, concurrent first opens serialized, and a checkpoint
 * written in format version 0 read back (by the saver and by a real graph) in the current format.
 */
class SchemaTest {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"sqlite", "postgres"})
    void aFreshDatabaseGetsTheCurrentSchemaAndKeepsItsDataOnReopen(String kind) throws Exception {
        try (Backend backend = Backend.of(kind, dir)) {
            try (JdbcSaver saver = backend.open("fresh")) {
                saver.put(
                        "t",
                        "",
                        CheckpointSaverConformance.checkpoint("cp1", Map.of()),
                        CheckpointSaverConformance.metadata(CheckpointMetadata.Source.INPUT, -1),
                        null,
                        null,
                        List.of());
            }
            try (Connection c = backend.connect("fresh")) {
                assertEquals(1, Sql.longValue(c, "SELECT COUNT(*) FROM switchboard_schema", null));
                assertEquals(
                        JdbcSaver.SCHEMA_VERSION, Sql.longValue(c, "SELECT version FROM switchboard_schema", null));
                for (String table : Sql.TABLES) {
                    Sql.longValue(c, "SELECT COUNT(*) FROM " + table, null); // exists
                }
            }
            try (JdbcSaver saver = backend.open("fresh")) {
                assertEquals(
                        "cp1",
                        saver.getTuple("t", "", null).orElseThrow().checkpoint().id());
            }
            try (Connection c = backend.connect("fresh")) {
                assertEquals(1, Sql.longValue(c, "SELECT COUNT(*) FROM switchboard_schema", null));
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"sqlite", "postgres"})
    void eachCheckpointRecordsTheGraphsSchemaVersionInAColumn(String kind) throws Exception {
        try (Backend backend = Backend.of(kind, dir)) {
            try (JdbcSaver saver = backend.open("versions")) {
                Checkpoint first = CheckpointSaverConformance.checkpoint("cp1", Map.of());
                Checkpoint third = new Checkpoint(
                        first.formatVersion(), "cp2", first.timestamp(), Map.of(), first.versionsSeen(), 3);
                CheckpointMetadata md = CheckpointSaverConformance.metadata(CheckpointMetadata.Source.INPUT, -1);
                saver.put("t", "", first, md, null, null, List.of());
                saver.put("t", "", third, md, "cp1", "cp1", List.of());
                assertEquals(
                        3,
                        saver.getTuple("t", "", null).orElseThrow().checkpoint().schemaVersion());
            }
            try (Connection c = backend.connect("versions")) {
                assertEquals(
                        1,
                        Sql.longValueOfId(
                                c,
                                "SELECT schema_version FROM switchboard_checkpoints WHERE checkpoint_id = ?",
                                "cp1"));
                assertEquals(
                        3,
                        Sql.longValueOfId(
                                c,
                                "SELECT schema_version FROM switchboard_checkpoints WHERE checkpoint_id = ?",
                                "cp2"));
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"sqlite", "postgres"})
    void aNewerSchemaIsRefusedWithAClearMessage(String kind) throws Exception {
        try (Backend backend = Backend.of(kind, dir)) {
            backend.open("newer").close();
            try (Connection c = backend.connect("newer");
                    Statement s = c.createStatement()) {
                s.executeUpdate("UPDATE switchboard_schema SET version = 99");
            }
            CheckpointStoreException e = assertThrows(CheckpointStoreException.class, () -> backend.open("newer"));
            assertTrue(e.getMessage().contains("schema version 99"), e.getMessage());
            assertTrue(e.getMessage().contains("up to " + JdbcSaver.SCHEMA_VERSION), e.getMessage());
            assertTrue(e.getMessage().contains("Upgrade Switchboard"), e.getMessage());
            try (Connection c = backend.connect("newer")) {
                assertEquals(99, Sql.longValue(c, "SELECT version FROM switchboard_schema", null));
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"sqlite", "postgres"})
    void concurrentFirstOpensMigrateOnce(String kind) throws Exception {
        try (Backend backend = Backend.of(kind, dir)) {
            backend.connect("race").close(); // creates the PostgreSQL schema up front
            int openers = 6;
            ExecutorService pool = Executors.newFixedThreadPool(openers);
            CountDownLatch start = new CountDownLatch(1);
            List<Future<JdbcSaver>> opened = new ArrayList<>();
            try {
                for (int i = 0; i < openers; i++) {
                    opened.add(pool.submit(() -> {
                        start.await();
                        return backend.open("race");
                    }));
                }
                start.countDown();
                for (Future<JdbcSaver> f : opened) {
                    f.get(60, TimeUnit.SECONDS).close();
                }
            } finally {
                pool.shutdownNow();
            }
            try (Connection c = backend.connect("race")) {
                assertEquals(1, Sql.longValue(c, "SELECT COUNT(*) FROM switchboard_schema", null));
                assertEquals(
                        JdbcSaver.SCHEMA_VERSION, Sql.longValue(c, "SELECT version FROM switchboard_schema", null));
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"sqlite", "postgres"})
    void aVersion0CheckpointIsReadInTheCurrentFormat(String kind) throws Exception {
        String header = "{\"v\":0,\"id\":\"cp-v0\",\"ts\":\"2024-05-01T10:00:00Z\","
                + "\"channel_versions\":{\"total\":3},\"versions_seen\":{\"bump\":{\"total\":2}}}";
        String metadata = "{\"source\":\"loop\",\"step\":4,\"parents\":{},\"extra\":{\"user\":\"ada\"}}";
        try (Backend backend = Backend.of(kind, dir)) {
            // Rows as schema version 3 stored them; the saver migrates them when it opens the store.
            backend.createAtVersion("v0", 3);
            try (Connection c = backend.connect("v0")) {
                insert(
                        c,
                        "INSERT INTO switchboard_checkpoints (thread_id, namespace, checkpoint_id, parent_id,"
                                + " created_at, source, step, header, metadata) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        "old",
                        "",
                        "cp-v0",
                        null,
                        "2024-05-01T10:00:00Z",
                        "loop",
                        4,
                        header,
                        metadata);
                insert(
                        c,
                        "INSERT INTO switchboard_blobs (thread_id, namespace, channel, version, base, previous,"
                                + " kind, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                        "old",
                        "",
                        "total",
                        "3",
                        "3",
                        "",
                        "SNAPSHOT",
                        "42".getBytes(StandardCharsets.UTF_8));
                insert(
                        c,
                        "INSERT INTO switchboard_heads (thread_id, namespace, checkpoint_id) VALUES (?, ?, ?)",
                        "old",
                        "",
                        "cp-v0");
            }
            try (JdbcSaver saver = backend.open("v0")) {
                readsAndContinues(saver);
            }
        }
    }

    private static void readsAndContinues(JdbcSaver saver) {
        CheckpointTuple t = saver.getTuple("old", "", null).orElseThrow();
        Checkpoint cp = t.checkpoint();
        assertEquals(Checkpoint.FORMAT_VERSION, cp.formatVersion());
        assertEquals("cp-v0", cp.id());
        assertEquals(Instant.parse("2024-05-01T10:00:00Z"), cp.timestamp());
        assertEquals(Map.of("total", new ChannelVersion("3", "3", 0, 0)), cp.channels());
        assertEquals(Map.of("bump", Map.of("total", ChannelVersion.format(2, ""))), cp.versionsSeen());
        assertEquals(
                new CheckpointMetadata(CheckpointMetadata.Source.LOOP, 4, Map.of(), Map.of("user", "ada")),
                t.metadata());
        assertEquals(1, t.blobs().size());
        Blob b = t.blobs().get(0);
        assertEquals("3", b.version());
        assertEquals(Blob.Kind.SNAPSHOT, b.kind());
        assertArrayEquals("42".getBytes(StandardCharsets.UTF_8), b.data());
        assertEquals(saver.getTuple("old", "", "cp-v0").orElseThrow().checkpoint(), cp);

        // A real graph reads the migrated state and continues the thread in the current format.
        BumperGraph graph =
                BumperGraph.builder(new Bumper()).checkpointer(saver).build();
        RunConfig thread = RunConfig.thread("old");
        StateSnapshot<Total> state = graph.getState(thread);
        assertEquals(42, state.values().total());
        assertEquals("cp-v0", state.checkpointId().orElseThrow());
        assertEquals(53, graph.invoke(TotalUpdate.of().total(1), thread).value().total());
        assertEquals(53, graph.getState(thread).values().total());
        List<CheckpointTuple> history = saver.list("old", "", ListOptions.ALL);
        assertEquals("cp-v0", history.get(history.size() - 1).checkpoint().id());
        assertEquals("cp-v0", history.get(history.size() - 2).parentId(), "the new checkpoints follow the old one");
    }

    private static void insert(Connection c, String sql, Object... values) throws Exception {
        try (PreparedStatement p = c.prepareStatement(sql)) {
            for (int i = 0; i < values.length; i++) {
                p.setObject(i + 1, values[i]);
            }
            assertEquals(1, p.executeUpdate());
        }
    }
}
