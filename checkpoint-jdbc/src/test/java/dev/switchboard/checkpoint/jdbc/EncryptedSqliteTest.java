package dev.switchboard.checkpoint.jdbc;

import static dev.switchboard.checkpoint.jdbc.CheckpointSaverConformance.bytes;
import static dev.switchboard.checkpoint.jdbc.CheckpointSaverConformance.checkpoint;
import static dev.switchboard.checkpoint.jdbc.CheckpointSaverConformance.metadata;
import static dev.switchboard.checkpoint.jdbc.CheckpointSaverConformance.snapshot;
import static dev.switchboard.checkpoint.jdbc.CheckpointSaverConformance.snapshotVersion;
import static dev.switchboard.checkpoint.jdbc.CheckpointSaverConformance.text;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.checkpoint.CheckpointMetadata.Source;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.runtime.checkpoint.CheckpointTuple;
import dev.switchboard.runtime.checkpoint.EncryptedSaver;
import dev.switchboard.runtime.checkpoint.Keyring;
import dev.switchboard.runtime.checkpoint.ListOptions;
import dev.switchboard.runtime.checkpoint.PendingWrite;
import dev.switchboard.runtime.serde.SerdeException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Encryption at rest on a SQLite file, checked from the outside: what the file holds is sealed,
 * rows tampered with by direct SQL fail loudly, plaintext rows are refused, and rotated keys still
 * read old rows.
 */
class EncryptedSqliteTest {
    static final String SECRET = "the launch code is 0000";

    @TempDir
    Path dir;

    private Path file;
    private JdbcSaver sqlite;
    private final byte[] key1 = Keyring.randomKey();
    private final Keyring keyring = Keyring.of("k1", key1);

    @BeforeEach
    void open() {
        file = dir.resolve("sealed.db");
        sqlite = SqliteSaver.file(file);
    }

    @AfterEach
    void close() {
        sqlite.close();
    }

    private Connection raw() throws SQLException {
        return DriverManager.getConnection("jdbc:sqlite:" + file);
    }

    private static void putSecret(CheckpointSaver saver, String thread, String id, String parent, String data) {
        saver.put(
                thread,
                "",
                checkpoint(id, Map.of("value", snapshotVersion(id + "-v"))),
                metadata(Source.LOOP, 0),
                parent,
                parent,
                List.of(snapshot("value", id + "-v", data)));
    }

    private byte[] storedBlob(String thread, String version) throws SQLException {
        try (Connection c = raw();
                PreparedStatement p = c.prepareStatement("SELECT data FROM switchboard_blobs WHERE space IN"
                        + " (SELECT id FROM switchboard_spaces WHERE thread_id = ?) AND raw = ?")) {
            p.setString(1, thread);
            p.setString(2, version);
            try (ResultSet r = p.executeQuery()) {
                assertTrue(r.next(), "no blob " + version);
                return r.getBytes(1);
            }
        }
    }

    private static boolean contains(byte[] haystack, byte[] needle) {
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            if (Arrays.equals(haystack, i, i + needle.length, needle, 0, needle.length)) {
                return true;
            }
        }
        return false;
    }

    @Test
    void theDatabaseHoldsNoPlaintext() throws Exception {
        EncryptedSaver saver = new EncryptedSaver(sqlite, keyring);
        putSecret(saver, "t", "cp1", null, SECRET);
        saver.putWrites("t", "", "cp1", List.of(new PendingWrite("task", 0, "value", bytes(SECRET + " (write)"))));

        byte[] plain = SECRET.getBytes(StandardCharsets.UTF_8);
        byte[] blob = storedBlob("t", "cp1-v");
        assertFalse(contains(blob, plain), "the stored blob contains the plaintext");
        assertEquals("SBE2", new String(blob, 0, 4, StandardCharsets.US_ASCII));
        assertTrue(blob.length >= plain.length + 4 + 1 + 2 + 12 + 16, "sealed form has nonce and tag");
        byte[] write;
        try (Connection c = raw();
                PreparedStatement p = c.prepareStatement("SELECT value FROM switchboard_writes");
                ResultSet r = p.executeQuery()) {
            assertTrue(r.next());
            write = r.getBytes(1);
        }
        assertFalse(contains(write, plain), "the stored write contains the plaintext");
        assertEquals("SBE2", new String(write, 0, 4, StandardCharsets.US_ASCII));
        // And nowhere else in the file either (header, metadata and ids are not secret, values are).
        try (Connection c = raw()) {
            c.createStatement().execute("PRAGMA wal_checkpoint(TRUNCATE)");
        }
        assertFalse(contains(Files.readAllBytes(file), plain), "the file contains the plaintext");

        CheckpointTuple back = saver.getTuple("t", "", null).orElseThrow();
        assertEquals(SECRET, text(back.blobs().get(0).data()));
        assertEquals(SECRET + " (write)", text(back.pendingWrites().get(0).value()));
    }

    @Test
    void aCiphertextMovedToAnotherRowFailsLoudly() throws Exception {
        EncryptedSaver saver = new EncryptedSaver(sqlite, keyring);
        putSecret(saver, "t", "cp1", null, "alpha");
        putSecret(saver, "t", "cp2", "cp1", "bravo");
        byte[] a = storedBlob("t", "cp1-v");
        byte[] b = storedBlob("t", "cp2-v");
        try (Connection c = raw();
                PreparedStatement p = c.prepareStatement("UPDATE switchboard_blobs SET data = ? WHERE space IN"
                        + " (SELECT id FROM switchboard_spaces WHERE thread_id = ?) AND raw = ?")) {
            p.setBytes(1, b);
            p.setString(2, "t");
            p.setString(3, "cp1-v");
            assertEquals(1, p.executeUpdate());
            p.setBytes(1, a);
            p.setString(2, "t");
            p.setString(3, "cp2-v");
            assertEquals(1, p.executeUpdate());
        }
        for (String id : new String[] {"cp1", "cp2"}) {
            SerdeException e = assertThrows(SerdeException.class, () -> saver.getTuple("t", "", id));
            assertTrue(e.getMessage().contains("integrity check"), e.getMessage());
        }
        assertThrows(SerdeException.class, () -> saver.list("t", "", ListOptions.ALL));
        // The raw store still has both rows: only the sealed values are refused.
        assertArrayEquals(
                b, sqlite.getTuple("t", "", "cp1").orElseThrow().blobs().get(0).data());
    }

    @Test
    void aWriteMovedToAnotherTaskFailsLoudly() throws Exception {
        EncryptedSaver saver = new EncryptedSaver(sqlite, keyring);
        putSecret(saver, "t", "cp1", null, "alpha");
        saver.putWrites("t", "", "cp1", List.of(new PendingWrite("task-a", 0, "value", bytes("approve"))));
        try (Connection c = raw()) {
            assertEquals(1, Sql.update(c, "UPDATE switchboard_writes SET task_id = ?", Sql.id("task-b")));
        }
        SerdeException e = assertThrows(SerdeException.class, () -> saver.getTuple("t", "", null));
        assertTrue(e.getMessage().contains("integrity check"), e.getMessage());
    }

    @Test
    void aPlaintextRowIsRefused() {
        putSecret(sqlite, "t", "cp1", null, "written without encryption");
        EncryptedSaver saver = new EncryptedSaver(sqlite, keyring);
        SerdeException e = assertThrows(SerdeException.class, () -> saver.getTuple("t", "", null));
        assertTrue(e.getMessage().contains("has no seal over its header"), e.getMessage());
        assertThrows(SerdeException.class, () -> saver.list("t", "", ListOptions.ALL));
    }

    @Test
    void rotatedKeysStillReadOldRows() throws Exception {
        putSecret(new EncryptedSaver(sqlite, keyring), "t", "cp1", null, "sealed with k1");
        byte[] key2 = Keyring.randomKey();
        EncryptedSaver rotated = new EncryptedSaver(sqlite, keyring.rotateTo("k2", key2));
        putSecret(rotated, "t", "cp2", "cp1", "sealed with k2");

        assertEquals("k1", keyId(storedBlob("t", "cp1-v")));
        assertEquals("k2", keyId(storedBlob("t", "cp2-v")));
        assertEquals(
                "sealed with k1",
                text(rotated.getTuple("t", "", "cp1")
                        .orElseThrow()
                        .blobs()
                        .get(0)
                        .data()));
        assertEquals(
                "sealed with k2",
                text(rotated.getTuple("t", "", "cp2")
                        .orElseThrow()
                        .blobs()
                        .get(0)
                        .data()));

        // After reopening the file, with the keys rebuilt from their material.
        sqlite.close();
        sqlite = SqliteSaver.file(file);
        EncryptedSaver reopened =
                new EncryptedSaver(sqlite, Keyring.of("k1", key1).rotateTo("k2", key2));
        assertEquals(
                List.of("sealed with k2", "sealed with k1"),
                reopened.list("t", "", ListOptions.ALL).stream()
                        .map(x -> text(x.blobs().get(0).data()))
                        .toList());
        // Without the old key the old row is refused, naming the key it needs.
        EncryptedSaver onlyK2 = new EncryptedSaver(sqlite, Keyring.of("k2", key2));
        SerdeException e = assertThrows(SerdeException.class, () -> onlyK2.getTuple("t", "", "cp1"));
        assertTrue(e.getMessage().contains("'k1'"), e.getMessage());
        assertEquals(
                "sealed with k2",
                text(onlyK2.getTuple("t", "", "cp2")
                        .orElseThrow()
                        .blobs()
                        .get(0)
                        .data()));
    }

    /** The key id in the sealed form: after the 4-byte magic, a length byte and the UTF-8 id. */
    private static String keyId(byte[] sealed) {
        return new String(sealed, 5, sealed[4], StandardCharsets.UTF_8);
    }
}
