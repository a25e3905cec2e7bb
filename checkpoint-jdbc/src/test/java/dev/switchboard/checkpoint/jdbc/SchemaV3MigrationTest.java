package dev.switchboard.checkpoint.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.checkpoint.EncryptedSaver;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A store of schema version 3 ({@code fixtures/schema-v3}, written by the saver of that version;
 * see {@link SchemaV3Fixture}) migrates to the current schema and reads exactly as that saver read
 * it: every thread's metadata, every namespace's history, each checkpoint's header, metadata,
 * parent, delta chains and pending writes. So does the same store as version 4 left it (version
 * 3's rows with a column of each checkpoint's graph schema version, one thread's set to 2, which
 * the migration keeps). On PostgreSQL the fixture's rows are copied into tables of the version
 * first. Then the threads go on: a paused review resumes, a conversation continues.
 */
class SchemaV3MigrationTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** The tables of version 3 in an order that their foreign keys accept. */
    private static final List<String> V3_TABLES = List.of(
            "switchboard_checkpoints",
            "switchboard_blobs",
            "switchboard_writes",
            "switchboard_heads",
            "switchboard_threads",
            "switchboard_names");

    @TempDir
    Path dir;

    private Path fixtureCopy() throws Exception {
        Path file = dir.resolve("threads-v3.db");
        try (InputStream in =
                SchemaV3MigrationTest.class.getResourceAsStream(SchemaV3Fixture.FIXTURES + "threads.db")) {
            Files.copy(in, file);
        }
        return file;
    }

    @ParameterizedTest(name = "{0} from version {1}")
    @CsvSource({"sqlite, 3", "sqlite, 4", "postgres, 3", "postgres, 4"})
    void aStoreOfVersion3Or4ReadsAsThatSaverReadItAndContinues(String kind, int version) throws Exception {
        JsonNode expected;
        try (InputStream in =
                SchemaV3MigrationTest.class.getResourceAsStream(SchemaV3Fixture.FIXTURES + "threads.json")) {
            expected = JSON.readTree(in);
        }
        Path fixture = fixtureCopy();
        try (Backend backend = Backend.of(kind, dir)) {
            JdbcSaver saver;
            if (backend.postgres()) {
                backend.createAtVersion("old", version);
                try (Connection from = DriverManager.getConnection("jdbc:sqlite:" + fixture);
                        Connection to = backend.connect("old")) {
                    copy(from, to);
                    markRaw(to, version);
                }
                saver = backend.open("old");
            } else {
                try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + fixture)) {
                    upgradeTo(c, version);
                    markRaw(c, version);
                }
                saver = SqliteSaver.file(fixture);
            }
            try (saver) {
                JsonNode actual = SchemaV3Fixture.dump(saver);
                assertEquals(expected.size(), actual.size());
                for (int i = 0; i < expected.size(); i++) {
                    assertEquals(
                            "", difference("thread " + expected.get(i).get("thread"), expected.get(i), actual.get(i)));
                }
                // Version 4's column of each checkpoint's graph schema version is carried over.
                try (Connection c = backend.postgres()
                        ? backend.connect("old")
                        : DriverManager.getConnection("jdbc:sqlite:" + fixture)) {
                    assertEquals(
                            version == 4 ? 2 : 1,
                            Sql.longValue(c, "SELECT MIN(c.schema_version) FROM" + Sql.CHECKPOINTS_OF_THREAD, "raw"));
                    assertEquals(
                            1,
                            Sql.longValue(
                                    c, "SELECT MAX(c.schema_version) FROM" + Sql.CHECKPOINTS_OF_THREAD, "chatter"));
                }
                continues(saver);
            }
        }
    }

    /** The first place where two JSON trees differ, with both values there; empty if they are equal. */
    static String difference(String path, JsonNode expected, JsonNode actual) {
        if (expected.equals(actual)) {
            return "";
        }
        if (expected.isString() && actual.isString() && expected.asString().startsWith("{")) {
            // An encoded header or metadata: the same document, whatever the order of its keys.
            return difference(path, JSON.readTree(expected.asString()), JSON.readTree(actual.asString()));
        }
        if (expected.isObject() && actual.isObject()) {
            for (String name : expected.propertyNames()) {
                String d = difference(path + "." + name, expected.get(name), actual.path(name));
                if (!d.isEmpty()) {
                    return d;
                }
            }
            if (expected.size() == actual.size()) {
                return "";
            }
        } else if (expected.isArray() && actual.isArray() && expected.size() == actual.size()) {
            for (int i = 0; i < expected.size(); i++) {
                String d = difference(path + "[" + i + "]", expected.get(i), actual.get(i));
                if (!d.isEmpty()) {
                    return d;
                }
            }
            return "";
        }
        return path + ": expected " + expected + " but read " + actual;
    }

    /** The migrated threads go on: the paused review resumes, the conversation takes more turns. */
    static void continues(JdbcSaver saver) {
        ReviewerGraph reviewer =
                ReviewerGraph.builder(new Reviewer()).checkpointer(saver).build();
        Review done = reviewer.invoke(Command.resume("no"), RunConfig.thread("paused"))
                .value();
        assertEquals("no", done.decision());
        // The two tasks that finished beside the pause kept their writes: they did not run again.
        assertEquals(List.of("submitted", "drafted", "checked", "approved: no"), sorted(done.log()));

        RunConfig chatter = RunConfig.thread("chatter").withRecursionLimit(100);
        List<String> before = ChatterGraph.builder(new Chatter(1))
                .checkpointer(saver)
                .build()
                .getState(chatter)
                .values()
                .messages();
        List<String> messages = ChatterGraph.builder(new Chatter(2))
                .checkpointer(saver)
                .build()
                .invoke(TranscriptUpdate.of().messages(List.of("more")), chatter)
                .value()
                .messages();
        assertEquals(before, messages.subList(0, before.size()));
        assertEquals("more", messages.get(before.size()));
        assertEquals(true, messages.size() > before.size() + 1, "the conversation went on: " + messages);

        List<String> sealed = ChatterGraph.builder(new Chatter(1))
                .checkpointer(new EncryptedSaver(saver, SchemaV3Fixture.keyring()))
                .build()
                .getState(RunConfig.thread("sealed"))
                .values()
                .messages();
        assertEquals("secret", sealed.get(0));
    }

    private static List<String> sorted(List<String> log) {
        List<String> out = new ArrayList<>(log);
        out.sort((a, b) -> Integer.compare(order(a), order(b)));
        return out;
    }

    private static int order(String entry) {
        return entry.equals("submitted") ? 0 : entry.equals("drafted") ? 1 : entry.equals("checked") ? 2 : 3;
    }

    /**
     * Takes the version-3 fixture file to a later version as the saver of that version did when it
     * opened it: the migrations up to it, in one transaction.
     */
    private static void upgradeTo(Connection c, int version) throws Exception {
        c.setAutoCommit(false);
        for (int v = 3; v < version; v++) {
            Dialect.SQLITE.migrations().get(v).apply(c, Dialect.SQLITE);
        }
        try (PreparedStatement p = c.prepareStatement("UPDATE switchboard_schema SET version = ?")) {
            p.setInt(1, version);
            p.executeUpdate();
        }
        c.commit();
        c.setAutoCommit(true);
    }

    /**
     * In a store of version 4, marks the {@code raw} thread's checkpoints as written by version 2 of
     * their graph's schema (the column only: their headers stay version 1, as written).
     */
    private static void markRaw(Connection c, int version) throws Exception {
        if (version == 4) {
            try (PreparedStatement p = c.prepareStatement(
                    "UPDATE switchboard_checkpoints SET schema_version = 2 WHERE thread_id = 'raw'")) {
                p.executeUpdate();
            }
            if (!c.getAutoCommit()) {
                c.commit();
            }
        }
    }

    /** Copies every row of the version-3 tables, in the order they were stored, without their row numbers. */
    private static void copy(Connection from, Connection to) throws Exception {
        to.setAutoCommit(false);
        for (String table : V3_TABLES) {
            try (PreparedStatement read = from.prepareStatement("SELECT * FROM " + table + " ORDER BY rowid");
                    ResultSet r = read.executeQuery()) {
                ResultSetMetaData m = r.getMetaData();
                List<Integer> columns = new ArrayList<>();
                List<String> names = new ArrayList<>();
                for (int i = 1; i <= m.getColumnCount(); i++) {
                    if (!m.getColumnName(i).equals("seq")) {
                        columns.add(i);
                        names.add(m.getColumnName(i));
                    }
                }
                try (PreparedStatement p = to.prepareStatement("INSERT INTO " + table + " (" + String.join(", ", names)
                        + ") VALUES (" + "?, ".repeat(names.size() - 1) + "?)")) {
                    while (r.next()) {
                        for (int k = 0; k < columns.size(); k++) {
                            Object v = r.getObject(columns.get(k));
                            if (v instanceof Integer n) {
                                p.setInt(k + 1, n);
                            } else if (v instanceof Long n && n >= Integer.MIN_VALUE && n <= Integer.MAX_VALUE) {
                                p.setInt(k + 1, (int) (long) n);
                            } else {
                                p.setObject(k + 1, v);
                            }
                        }
                        p.addBatch();
                    }
                    p.executeBatch();
                }
            }
        }
        to.commit();
    }
}
