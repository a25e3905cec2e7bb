package dev.switchboard.checkpoint.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.checkpoint.Blob;
import dev.switchboard.runtime.checkpoint.EncryptedSaver;
import dev.switchboard.runtime.checkpoint.Keyring;
import dev.switchboard.runtime.checkpoint.ListOptions;
import dev.switchboard.runtime.serde.SerdeException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@link EncryptedSaver} authenticates whole checkpoints: on a real multi-step thread, every edit
 * of a kind that would roll state back or drop entries (a header replaced by another of the same
 * thread, a channel's version in a header changed, a delta's predecessor, snapshot base or kind
 * changed) is enumerated, applied alone, and must fail the read of the checkpoint it touches.
 */
class EncryptedTamperTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @TempDir
    Path dir;

    private record CheckpointRow(String id, String header, String metadata) {}

    /** A stored value as the tests see it: its row's fields as the saver reads them, and its bytes. */
    private record BlobRow(
            String channel,
            String version,
            String base,
            String previous,
            String kind,
            long space,
            long channelId,
            byte[] data) {}

    /** The messages channel's number, in SQL. */
    private static final String MESSAGES = "(SELECT id FROM switchboard_channels WHERE name = 'messages')";

    private JdbcSaver sqlite;
    private ChatterGraph graph;
    private Connection c;
    private final List<String> undetected = new ArrayList<>();
    private int edits;

    @Test
    void everyEditOfHeadersAndDeltaChainsIsDetected() throws Exception {
        Path file = dir.resolve("sealed.db");
        try (JdbcSaver store = SqliteSaver.file(file);
                Connection raw = DriverManager.getConnection("jdbc:sqlite:" + file)) {
            sqlite = store;
            c = raw;
            store.storeValuesAsRows(); // the edits are of switchboard_blobs rows, a layout reads still take
            EncryptedSaver saver = new EncryptedSaver(store, Keyring.of("k1", Keyring.randomKey()));
            // The edits work on the self-contained form of format 1, field by field.
            graph = ChatterGraph.builder(new Chatter(6))
                    .checkpointer(new FormatV1Saver(saver))
                    .build();
            graph.invoke(TranscriptUpdate.of().messages(List.of("hello")), RunConfig.thread("t"));
            List<CheckpointRow> rows = checkpoints();
            List<BlobRow> blobs = blobs();
            assertTrue(rows.size() >= 8, "checkpoints: " + rows.size());
            assertTrue(blobs.stream().filter(b -> b.kind().equals("DELTA")).count() >= 3, "deltas: " + blobs);

            for (CheckpointRow h : rows) {
                for (CheckpointRow o : rows) {
                    if (h != o) {
                        replaceHeader(h, o);
                    }
                }
            }
            for (BlobRow b : blobs) {
                editBlob(b, blobs);
            }
            System.out.printf(
                    "[figures] encrypted thread: %d tampering edits, %d undetected%n", edits, undetected.size());
            assertEquals(List.of(), undetected);
            // Everything was put back: the untouched thread reads whole.
            assertEquals(rows.size(), saver.list("t", "", ListOptions.ALL).size());
            assertEquals(
                    7, graph.getState(RunConfig.thread("t")).values().messages().size());
        }
    }

    @Test
    void checkpointsAndValuesOfTheEarlierFormatAreRefusedSayingSo() throws Exception {
        Path file = dir.resolve("legacy.db");
        try (JdbcSaver store = SqliteSaver.file(file);
                Connection raw = DriverManager.getConnection("jdbc:sqlite:" + file)) {
            store.storeValuesAsRows(); // the edits are of switchboard_blobs rows, a layout reads still take
            EncryptedSaver saver = new EncryptedSaver(store, Keyring.of("k1", Keyring.randomKey()));
            ChatterGraph g =
                    ChatterGraph.builder(new Chatter(1)).checkpointer(saver).build();
            g.invoke(TranscriptUpdate.of().messages(List.of("hello")), RunConfig.thread("t"));
            raw.createStatement()
                    .executeUpdate("UPDATE switchboard_blobs SET data = X'5342453102"
                            + "6b31000000000000000000000000' WHERE channel = " + MESSAGES);
            SerdeException value = assertThrows(SerdeException.class, () -> saver.getTuple("t", "", null));
            assertTrue(
                    value.getMessage().contains("sealed in format SBE1 by an earlier EncryptedSaver"),
                    value.getMessage());
            raw.createStatement()
                    .executeUpdate("UPDATE switchboard_blobs SET data = X'5342453202"
                            + "6b31000000000000000000000000' WHERE channel = " + MESSAGES);
            SerdeException truncated = assertThrows(SerdeException.class, () -> saver.getTuple("t", "", null));
            assertTrue(truncated.getMessage().contains("truncated"), truncated.getMessage());
            raw.createStatement()
                    .executeUpdate("UPDATE switchboard_checkpoints SET metadata = REPLACE(metadata,"
                            + " '__switchboard_seal__', 'was_sealed')");
            SerdeException header = assertThrows(SerdeException.class, () -> saver.getTuple("t", "", null));
            assertTrue(header.getMessage().contains("has no seal over its header"), header.getMessage());
        }
    }

    // ---------------------------------------------------------------- edits

    private void replaceHeader(CheckpointRow h, CheckpointRow o) throws Exception {
        String rewritten = withId(o.header(), h.id());
        edit("header of " + h.id() + " := header of " + o.id(), h.id(), "header", o.header(), h.header());
        edit("header of " + h.id() + " := header of " + o.id() + " renamed", h.id(), "header", rewritten, h.header());
        // Both documents of the other checkpoint, its seal included.
        setCheckpoint(h.id(), "metadata", o.metadata());
        edit("header and metadata of " + h.id() + " := those of " + o.id(), h.id(), "header", rewritten, h.header());
        setCheckpoint(h.id(), "metadata", h.metadata());
        // Each channel version of the other header, one at a time.
        ObjectNode mine = (ObjectNode) JSON.readTree(h.header());
        ObjectNode theirs = (ObjectNode) JSON.readTree(o.header());
        for (var channel : theirs.get("channels").properties()) {
            if (!channel.getValue().equals(mine.get("channels").get(channel.getKey()))) {
                ObjectNode edited = mine.deepCopy();
                ((ObjectNode) edited.get("channels")).set(channel.getKey(), channel.getValue());
                edit(
                        "channel " + channel.getKey() + " of " + h.id() + " := that of " + o.id(),
                        h.id(),
                        "header",
                        JSON.writeValueAsString(edited),
                        h.header());
            }
        }
    }

    private void editBlob(BlobRow b, List<BlobRow> all) throws Exception {
        String owner = owner(b);
        for (String kind : List.of("SNAPSHOT", "DELTA", "EMPTY")) {
            if (!kind.equals(b.kind())) {
                editBlob(b, owner, "kind", kind, b.kind());
            }
        }
        if (!b.kind().equals("DELTA")) {
            return;
        }
        List<String> others = new ArrayList<>(List.of("", "nowhere"));
        all.stream()
                .filter(x -> x.channel().equals(b.channel()) && !x.version().equals(b.previous()))
                .forEach(x -> others.add(x.version()));
        for (String previous : others) {
            editBlob(b, owner, "previous", previous, b.previous());
        }
        all.stream()
                .filter(x -> x.channel().equals(b.channel()) && !x.base().equals(b.base()))
                .map(BlobRow::base)
                .distinct()
                .forEach(base -> editBlob(b, owner, "base", base, b.base()));
    }

    private void editBlob(BlobRow b, String owner, String column, String value, String original) {
        edits++;
        try {
            setBlob(b, column, value);
            if (!detected(owner)) {
                undetected.add("blob " + b.channel() + "@" + b.version() + " " + column + " := " + value);
            }
            setBlob(b, column, original);
        } catch (SQLException e) {
            throw new AssertionError(e);
        }
    }

    private void edit(String what, String id, String column, String value, String original) throws SQLException {
        edits++;
        setCheckpoint(id, column, value);
        if (!detected(id)) {
            undetected.add(what);
        }
        setCheckpoint(id, column, original);
    }

    /** Whether reading the checkpoint, as a run resuming from it would, fails as tampered. */
    private boolean detected(String id) {
        try {
            graph.getState(RunConfig.thread("t").withCheckpointId(id));
            return false;
        } catch (SerdeException | CheckpointStoreException e) {
            return true;
        }
    }

    // ---------------------------------------------------------------- SQL

    /** The checkpoint whose header holds the blob's channel at the blob's version. */
    private String owner(BlobRow b) {
        return sqlite.list("t", "", ListOptions.ALL).stream()
                .filter(t -> {
                    var v = t.checkpoint().channels().get(b.channel());
                    return v != null && v.version().equals(b.version());
                })
                .reduce((newer, older) -> older)
                .orElseThrow()
                .checkpoint()
                .id();
    }

    private static String withId(String header, String id) throws Exception {
        ObjectNode node = (ObjectNode) JSON.readTree(header);
        node.put("id", id);
        return JSON.writeValueAsString(node);
    }

    private List<CheckpointRow> checkpoints() throws SQLException {
        List<CheckpointRow> rows = new ArrayList<>();
        try (ResultSet r = c.createStatement()
                .executeQuery("SELECT checkpoint_id, header, metadata FROM switchboard_checkpoints ORDER BY seq")) {
            while (r.next()) {
                rows.add(new CheckpointRow(StoredIds.text(r.getBytes(1)), r.getString(2), r.getString(3)));
            }
        }
        return rows;
    }

    private List<BlobRow> blobs() throws SQLException {
        List<BlobRow> rows = new ArrayList<>();
        try (ResultSet r = c.createStatement()
                .executeQuery("SELECT b.space, n.name, b." + BlobRows.COLUMNS.replace(", ", ", b.")
                        + " FROM switchboard_blobs b JOIN switchboard_channels n ON n.id = b.channel")) {
            while (r.next()) {
                BlobRows.Row row = BlobRows.read(r, 3, r.getString(2));
                Blob b = row.blob();
                rows.add(new BlobRow(
                        b.channel(),
                        b.version(),
                        b.base(),
                        b.previous(),
                        b.kind().name(),
                        r.getLong(1),
                        row.channelId(),
                        b.data()));
            }
        }
        return rows;
    }

    private void setCheckpoint(String id, String column, String value) throws SQLException {
        try (PreparedStatement p =
                c.prepareStatement("UPDATE switchboard_checkpoints SET " + column + " = ? WHERE checkpoint_id = ?")) {
            p.setString(1, value);
            p.setBytes(2, StoredIds.bytes(id));
            assertEquals(1, p.executeUpdate());
        }
    }

    /** Stores the blob's row again with one field (kind, previous or base) changed. */
    private void setBlob(BlobRow b, String column, String value) throws SQLException {
        VersionKey key = VersionKey.of(b.version());
        try (PreparedStatement p = c.prepareStatement("DELETE FROM switchboard_blobs"
                + " WHERE space = ? AND channel = ? AND counter = ? AND suffix = ? AND raw = ?")) {
            p.setLong(1, b.space());
            p.setLong(2, b.channelId());
            p.setLong(3, key.counter());
            p.setLong(4, key.suffix());
            p.setString(5, key.raw());
            assertEquals(1, p.executeUpdate());
        }
        Blob edited = new Blob(
                b.channel(),
                b.version(),
                column.equals("base") ? value : b.base(),
                column.equals("previous") ? value : b.previous(),
                Blob.Kind.valueOf(column.equals("kind") ? value : b.kind()),
                b.data());
        try (PreparedStatement p = c.prepareStatement(BlobRows.insertSql())) {
            BlobRows.bind(p, b.space(), b.channelId(), edited, null);
            assertEquals(1, p.executeUpdate());
        }
    }
}
