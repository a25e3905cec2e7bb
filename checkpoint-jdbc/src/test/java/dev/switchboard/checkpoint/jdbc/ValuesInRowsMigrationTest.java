package dev.switchboard.checkpoint.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.checkpoint.CheckpointTuple;
import dev.switchboard.runtime.checkpoint.ListOptions;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Schema version 7 stores a superstep's values in its checkpoint's row ({@link RowValues}); a store
 * written before keeps them as rows of {@code switchboard_blobs}. {@code fixtures/schema-v6} is a
 * SQLite store written by the saver of schema version 6 ({@link SchemaV3Fixture#main} run with the
 * runtime and saver of main at 5ee3a22), with what that saver read of it. Opened by today's saver (the SQLite file as it is; on PostgreSQL its rows copied, row numbers
 * and all, into tables of version 6), the store migrates, reads every thread as the old saver did,
 * goes on in the new layout, and then reads its mixed threads right: the old checkpoints exactly as
 * before, each checkpoint alone as in a listing (its chains found through other rows and the old
 * table), after a prune too.
 */
class ValuesInRowsMigrationTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String FIXTURES = "/fixtures/schema-v6/";

    /** The tables of version 6 that hold the fixture's rows, in an order their foreign keys accept. */
    private static final List<String> TABLES = List.of(
            "switchboard_checkpoints",
            "switchboard_spaces",
            "switchboard_channels",
            "switchboard_blobs",
            "switchboard_writes",
            "switchboard_threads",
            "switchboard_names");

    /** Their columns numbered by the database, whose numbering must go on after the copied rows. */
    private static final Map<String, String> NUMBERED = Map.of(
            "switchboard_checkpoints", "seq",
            "switchboard_spaces", "id",
            "switchboard_channels", "id",
            "switchboard_writes", "seq");

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"sqlite", "postgres"})
    void aStoreOfVersion6ReadsAsBeforeAndItsThreadsGoOnInTheNewLayout(String kind) throws Exception {
        JsonNode expected;
        try (InputStream in = getClass().getResourceAsStream(FIXTURES + "threads.json")) {
            expected = JSON.readTree(in);
        }
        Path fixture = dir.resolve("threads-v6.db");
        try (InputStream in = getClass().getResourceAsStream(FIXTURES + "threads.db")) {
            Files.copy(in, fixture);
        }
        try (Backend backend = Backend.of(kind, dir)) {
            if (backend.postgres()) {
                backend.createAtVersion("old", 6);
                try (Connection from = DriverManager.getConnection("jdbc:sqlite:" + fixture);
                        Connection to = backend.connect("old")) {
                    copy(from, to);
                }
            }
            try (JdbcSaver saver = backend.postgres() ? backend.open("old") : SqliteSaver.file(fixture);
                    Connection c = backend.postgres()
                            ? backend.connect("old")
                            : DriverManager.getConnection("jdbc:sqlite:" + fixture)) {
                assertEquals(7, saver.schemaVersion());
                assertEquals(0, rowsWithValues(c), "the migration leaves the stored rows as they were");
                assertSame(expected, SchemaV3Fixture.dump(saver), 0);

                SchemaV3MigrationTest.continues(saver);
                assertTrue(rowsWithValues(c) > 0, "the threads went on with values in their checkpoints' rows");
                // The old checkpoints still read as before, after the new ones.
                assertSame(expected, SchemaV3Fixture.dump(saver), -1);
                for (String thread : List.of("chatter", "paused", "fork")) {
                    eachCheckpointAloneReadsAsListed(saver, thread);
                }

                Map<String, ObjectNode> before = chains(saver, "chatter", 3);
                saver.prune("chatter", 3);
                assertEquals(before, chains(saver, "chatter", 3), "the kept checkpoints read as before the prune");
                eachCheckpointAloneReadsAsListed(saver, "chatter");
            }
        }
    }

    /**
     * Each thread of {@code actual} holds {@code expected}'s, as the old saver read them: the same,
     * or, with {@code newer} = -1, any number of newer checkpoints before them.
     */
    private static void assertSame(JsonNode expected, JsonNode actual, int newer) {
        assertEquals(expected.size(), actual.size());
        for (int i = 0; i < expected.size(); i++) {
            String thread = "thread " + expected.get(i).get("thread");
            for (var ns : expected.get(i).get("namespaces").properties()) {
                JsonNode was = ns.getValue();
                JsonNode is = actual.get(i).get("namespaces").get(ns.getKey());
                JsonNode history = was.get("history");
                JsonNode now = is.get("history");
                int extra = now.size() - history.size();
                assertTrue(newer < 0 ? extra >= 0 : extra == newer, thread + ": " + extra + " newer checkpoints");
                for (int k = 0; k < history.size(); k++) {
                    JsonNode want = history.get(k);
                    if (k == 0 && extra > 0) {
                        // The old head's pending writes may have grown (a resume's value).
                        want = ((ObjectNode) want.deepCopy())
                                .set("writes", now.get(extra).get("writes"));
                    }
                    assertEquals(
                            "", SchemaV3MigrationTest.difference(thread + " [" + k + "]", want, now.get(k + extra)));
                }
                for (var blob : was.get("blobs").properties()) {
                    assertEquals(
                            "",
                            SchemaV3MigrationTest.difference(
                                    thread + " blob " + blob.getKey(),
                                    blob.getValue(),
                                    is.get("blobs").get(blob.getKey())));
                }
            }
        }
    }

    /** Every checkpoint read alone (its chains found in other rows) reads as the listing read it. */
    private static void eachCheckpointAloneReadsAsListed(JdbcSaver saver, String thread) {
        for (String ns : saver.namespaces(thread)) {
            for (CheckpointTuple listed : saver.list(thread, ns, ListOptions.ALL)) {
                CheckpointTuple alone =
                        saver.getTuple(thread, ns, listed.checkpoint().id()).orElseThrow();
                assertEquals(
                        SchemaV3Fixture.tuple(listed, new HashMap<>()),
                        SchemaV3Fixture.tuple(alone, new HashMap<>()),
                        thread + " " + listed.checkpoint().id());
            }
        }
    }

    /** The newest checkpoints of a thread's root namespace as the fixture dumps them, by id. */
    private static Map<String, ObjectNode> chains(JdbcSaver saver, String thread, int newest) {
        Map<String, ObjectNode> out = new HashMap<>();
        Map<String, ObjectNode> blobs = new HashMap<>();
        for (CheckpointTuple t : saver.list(thread, "", ListOptions.ALL.withLimit(newest))) {
            ObjectNode dumped = SchemaV3Fixture.tuple(t, blobs);
            out.put(t.checkpoint().id(), dumped);
        }
        ArrayNode values = JSON.createArrayNode();
        blobs.keySet().stream().sorted().forEach(k -> values.add(blobs.get(k)));
        ObjectNode all = JSON.createObjectNode();
        all.set("all", values);
        out.put("values", all);
        return out;
    }

    private static long rowsWithValues(Connection c) throws Exception {
        try (PreparedStatement p =
                        c.prepareStatement("SELECT COUNT(*) FROM switchboard_checkpoints WHERE blobs IS NOT NULL");
                ResultSet r = p.executeQuery()) {
            r.next();
            return r.getLong(1);
        }
    }

    /** Copies the fixture's rows, row numbers included (pending writes name their checkpoint by it). */
    private static void copy(Connection from, Connection to) throws Exception {
        to.setAutoCommit(false);
        for (String table : TABLES) {
            try (PreparedStatement read = from.prepareStatement("SELECT * FROM " + table);
                    ResultSet r = read.executeQuery()) {
                ResultSetMetaData m = r.getMetaData();
                List<String> names = new ArrayList<>();
                for (int i = 1; i <= m.getColumnCount(); i++) {
                    names.add(m.getColumnName(i));
                }
                try (PreparedStatement p = to.prepareStatement("INSERT INTO " + table + " (" + String.join(", ", names)
                        + ") VALUES (" + "?, ".repeat(names.size() - 1) + "?)")) {
                    while (r.next()) {
                        for (int k = 1; k <= names.size(); k++) {
                            Object v = r.getObject(k);
                            if (v instanceof Long n && n >= Integer.MIN_VALUE && n <= Integer.MAX_VALUE) {
                                v = (int) (long) n;
                            }
                            p.setObject(k, v);
                        }
                        p.addBatch();
                    }
                    p.executeBatch();
                }
            }
            String numbered = NUMBERED.get(table);
            if (numbered != null) {
                Dialect.POSTGRES.continueNumbering(to, table, numbered);
            }
        }
        to.commit();
        to.setAutoCommit(true);
    }
}
