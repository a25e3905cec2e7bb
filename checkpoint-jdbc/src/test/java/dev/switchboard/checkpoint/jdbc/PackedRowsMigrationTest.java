package dev.switchboard.checkpoint.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.checkpoint.ListOptions;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Schema version 8 stores a checkpoint's header, metadata, ids, time and its superstep's pending
 * writes in one packed column ({@link PackedRow}); a store written before keeps its columns and
 * its writes as rows. {@code fixtures/schema-v7} is a SQLite store written by the saver of schema
 * version 7 ({@link SchemaV3Fixture#main} run with the runtime and saver of main at e55aa5a), with
 * what that saver read of it. Opened by today's saver (the SQLite file as it is; on PostgreSQL its
 * rows copied, row numbers and all, into tables of version 7), the store migrates without
 * rewriting a row, reads every thread exactly as the old saver did, goes on in the packed layout,
 * and then reads its mixed threads right: the old checkpoints as before (an old head's pending
 * writes joined by those its next, packed, row holds), each checkpoint alone as in a listing, after
 * a prune too.
 */
class PackedRowsMigrationTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String FIXTURES = "/fixtures/schema-v7/";

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"sqlite", "postgres"})
    void aStoreOfVersion7ReadsAsBeforeAndItsThreadsGoOnPacked(String kind) throws Exception {
        JsonNode expected;
        try (InputStream in = getClass().getResourceAsStream(FIXTURES + "threads.json")) {
            expected = JSON.readTree(in);
        }
        Path fixture = dir.resolve("threads-v7.db");
        try (InputStream in = getClass().getResourceAsStream(FIXTURES + "threads.db")) {
            Files.copy(in, fixture);
        }
        try (Backend backend = Backend.of(kind, dir)) {
            if (backend.postgres()) {
                backend.createAtVersion("old", 7);
                try (Connection from = DriverManager.getConnection("jdbc:sqlite:" + fixture);
                        Connection to = backend.connect("old")) {
                    ValuesInRowsMigrationTest.copy(from, to);
                }
            }
            try (JdbcSaver saver = backend.postgres() ? backend.open("old") : SqliteSaver.file(fixture);
                    Connection c = backend.postgres()
                            ? backend.connect("old")
                            : DriverManager.getConnection("jdbc:sqlite:" + fixture)) {
                assertEquals(8, saver.schemaVersion());
                assertEquals(0, packedRows(c), "the migration leaves the stored rows as they were");
                ValuesInRowsMigrationTest.assertSame(expected, SchemaV3Fixture.dump(saver), 0);

                long writeRows = writeRows(c);
                SchemaV3MigrationTest.continues(saver);
                assertTrue(packedRows(c) > 0, "the threads went on with packed rows");
                assertTrue(
                        packedRows(c, "packed IS NOT NULL AND header = '' AND metadata = ''") == packedRows(c),
                        "a packed row's header and metadata are stored once, in the packed column");
                assertTrue(
                        writeRows(c) - writeRows < packedRows(c),
                        "the supersteps' writes went in their checkpoints' rows: " + (writeRows(c) - writeRows)
                                + " new rows of switchboard_writes");
                // The old checkpoints still read as before, after the new ones.
                ValuesInRowsMigrationTest.assertSame(expected, SchemaV3Fixture.dump(saver), -1);
                for (String thread : List.of("chatter", "paused", "resumed", "fork", "raw")) {
                    ValuesInRowsMigrationTest.eachCheckpointAloneReadsAsListed(saver, thread);
                }

                Map<String, ObjectNode> before = ValuesInRowsMigrationTest.chains(saver, "chatter", 3);
                saver.prune("chatter", 3);
                assertEquals(
                        before,
                        ValuesInRowsMigrationTest.chains(saver, "chatter", 3),
                        "the kept checkpoints read as before the prune");
                assertEquals(3, saver.list("chatter", "", ListOptions.ALL).size());
                ValuesInRowsMigrationTest.eachCheckpointAloneReadsAsListed(saver, "chatter");
            }
        }
    }

    private static long packedRows(Connection c) throws Exception {
        return packedRows(c, "packed IS NOT NULL");
    }

    private static long packedRows(Connection c, String where) throws Exception {
        try (PreparedStatement p = c.prepareStatement("SELECT COUNT(*) FROM switchboard_checkpoints WHERE " + where);
                ResultSet r = p.executeQuery()) {
            r.next();
            return r.getLong(1);
        }
    }

    private static long writeRows(Connection c) throws Exception {
        try (PreparedStatement p = c.prepareStatement("SELECT COUNT(*) FROM switchboard_writes");
                ResultSet r = p.executeQuery()) {
            r.next();
            return r.getLong(1);
        }
    }
}
