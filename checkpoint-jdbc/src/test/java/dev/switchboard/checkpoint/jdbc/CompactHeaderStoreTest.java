package dev.switchboard.checkpoint.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.checkpoint.Checkpoint;
import dev.switchboard.runtime.checkpoint.EncryptedSaver;
import dev.switchboard.runtime.checkpoint.Keyring;
import dev.switchboard.runtime.serde.SerdeException;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Compact (format 2) headers in a real store: a header holds no names, the dictionary of names is
 * stored once for every thread of the graph, and a dictionary that is missing or edited, or a
 * compact header that is edited, fails naming what is wrong (under encryption, the seal catches a
 * header swapped for another).
 */
class CompactHeaderStoreTest {
    @TempDir
    Path dir;

    private static void run(JdbcSaver saver, String thread) {
        ChatterGraph.builder(new Chatter(3))
                .checkpointer(saver)
                .build()
                .invoke(TranscriptUpdate.of().messages(List.of("hello")), RunConfig.thread(thread));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"sqlite", "postgres"})
    void namesAreStoredOncePerGraphNotPerCheckpoint(String kind) throws Exception {
        try (Backend backend = Backend.of(kind, dir);
                JdbcSaver saver = backend.open("names");
                Connection c = backend.connect("names")) {
            run(saver, "a");
            long names = Sql.longValue(c, "SELECT COUNT(*) FROM switchboard_names", null);
            run(saver, "b");
            assertEquals(names, Sql.longValue(c, "SELECT COUNT(*) FROM switchboard_names", null));
            assertEquals(
                    0,
                    Sql.longValue(
                            c,
                            "SELECT COUNT(*) FROM switchboard_checkpoints WHERE header LIKE '%messages%'"
                                    + " OR header NOT LIKE '[2,%'",
                            null),
                    "every header is compact and names no channel");
            Checkpoint head = saver.getTuple("b", "", null).orElseThrow().checkpoint();
            assertEquals(Checkpoint.FORMAT_VERSION, head.formatVersion());
            assertTrue(head.channels().containsKey("messages"), head.toString());
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"sqlite", "postgres"})
    void missingOrEditedNamesAndEditedHeadersFailNamingThem(String kind) throws Exception {
        try (Backend backend = Backend.of(kind, dir);
                Connection c = backend.connect("broken")) {
            try (JdbcSaver saver = backend.open("broken")) {
                run(saver, "t");
            }
            c.createStatement()
                    .executeUpdate("UPDATE switchboard_names SET names = REPLACE(names, 'messages', 'massages')");
            assertFails(backend, "stored checkpoint names: field '", "does not match its digest");
            c.createStatement().executeUpdate("DELETE FROM switchboard_names");
            assertFails(backend, "stored checkpoint names: field '", "is missing");
            c.createStatement().executeUpdate("UPDATE switchboard_checkpoints SET header = '[2,\"x\"]'");
            assertFails(backend, "stored checkpoint header: field '(whole document)'", "format 2 has 5");
        }
    }

    /** Read by a fresh saver, which has not seen the store's names yet. */
    private static void assertFails(Backend backend, String field, String problem) throws Exception {
        try (JdbcSaver saver = backend.open("broken")) {
            SerdeException e = assertThrows(SerdeException.class, () -> saver.getTuple("t", "", null));
            assertTrue(e.getMessage().contains(field) && e.getMessage().contains(problem), e.getMessage());
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"sqlite"})
    void aCompactHeaderSwappedUnderEncryptionBreaksTheSeal(String kind) throws Exception {
        try (Backend backend = Backend.of(kind, dir);
                JdbcSaver store = backend.open("sealed");
                Connection c = backend.connect("sealed")) {
            EncryptedSaver saver = new EncryptedSaver(store, Keyring.of("k1", Keyring.randomKey()));
            ChatterGraph.builder(new Chatter(3))
                    .checkpointer(saver)
                    .build()
                    .invoke(TranscriptUpdate.of().messages(List.of("hello")), RunConfig.thread("t"));
            String head =
                    saver.getTuple("t", "", null).orElseThrow().checkpoint().id();
            String parent = saver.getTuple("t", "", null).orElseThrow().parentId();
            assertEquals(
                    1,
                    Sql.update(
                            c,
                            "UPDATE switchboard_checkpoints SET header = (SELECT header FROM switchboard_checkpoints"
                                    + " WHERE checkpoint_id = ?) WHERE checkpoint_id = ?",
                            Sql.id(parent),
                            Sql.id(head)));
            SerdeException e = assertThrows(SerdeException.class, () -> saver.getTuple("t", "", null));
            assertTrue(e.getMessage().contains("seal"), e.getMessage());
        }
    }
}
