package dev.switchboard.checkpoint.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.Durability;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.checkpoint.Blob;
import dev.switchboard.runtime.checkpoint.CheckpointJson;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata;
import dev.switchboard.runtime.checkpoint.CheckpointTuple;
import dev.switchboard.runtime.checkpoint.ListOptions;
import dev.switchboard.runtime.checkpoint.PendingWrite;
import dev.switchboard.runtime.serde.SerdeException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Every stored field of a real thread, corrupted by direct SQL, one at a time: reading it fails as a
 * {@link SerdeException} or {@link CheckpointStoreException} whose message names the field, never
 * as whatever a parser throws, and never by quietly restoring a state the run never had.
 */
class CorruptStoreTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @TempDir
    Path dir;

    /** What a case does to the head checkpoint of its own thread. */
    @FunctionalInterface
    interface Corruption {
        void apply(Connection c, String thread, String head) throws Exception;
    }

    record Case(String label, Class<? extends Exception> type, String names, Corruption corruption) {}

    static List<Case> rowCases() {
        List<Case> cases = new ArrayList<>();
        cases.add(header("header not JSON", "field '(whole document)'", null));
        cases.add(header("header v missing", "field 'v'", h -> h.remove("v")));
        cases.add(header("header v not a number", "field 'v'", h -> h.put("v", "one")));
        cases.add(header("header ts", "field 'ts'", h -> h.put("ts", "yesterday")));
        cases.add(header("header ts number", "field 'ts'", h -> h.put("ts", 12)));
        cases.add(header("header channels", "field 'channels'", h -> h.putArray("channels")));
        cases.add(header(
                "header version",
                "field 'channels.messages.version'",
                h -> messages(h).put("version", 7)));
        cases.add(header(
                "header base",
                "field 'channels.messages.base'",
                h -> messages(h).remove("base")));
        cases.add(header(
                "header baseBytes",
                "field 'channels.messages.baseBytes'",
                h -> messages(h).put("baseBytes", -1)));
        cases.add(header(
                "header chainBytes",
                "field 'channels.messages.chainBytes'",
                h -> messages(h).put("chainBytes", "x")));
        cases.add(header("header versionsSeen", "field 'versionsSeen'", h -> h.put("versionsSeen", "x")));
        cases.add(header(
                "header versionsSeen node",
                "field 'versionsSeen.speak'",
                h -> ((ObjectNode) h.get("versionsSeen")).put("speak", 3)));
        cases.add(header(
                "header versionsSeen version",
                "field 'versionsSeen.speak.messages'",
                h -> ((ObjectNode) h.get("versionsSeen").get("speak")).put("messages", true)));
        cases.add(new Case(
                "header id",
                CheckpointStoreException.class,
                "the stored header names checkpoint someone-else",
                json("header", h -> h.put("id", "someone-else"))));
        cases.add(metadata("metadata not JSON", "field '(whole document)'", null));
        cases.add(metadata("metadata source", "field 'source'", m -> m.put("source", "bogus")));
        cases.add(metadata("metadata source missing", "field 'source'", m -> m.remove("source")));
        cases.add(metadata("metadata step", "field 'step'", m -> m.put("step", "3")));
        cases.add(metadata("metadata step too big", "field 'step'", m -> m.put("step", 1e20)));
        cases.add(metadata("metadata parents", "field 'parents'", m -> m.put("parents", "x")));
        cases.add(metadata(
                "metadata parent id",
                "field 'parents.outer'",
                m -> m.putObject("parents").put("outer", 5)));
        cases.add(metadata("metadata extra", "field 'extra'", m -> m.putArray("extra")));
        cases.add(metadata(
                "metadata extra value",
                "field 'extra.user'",
                m -> m.putObject("extra").putObject("user")));
        cases.add(column("created_at", "not a time", "the stored created_at"));
        cases.add(column("source", "fork", "the stored source"));
        // A history on SQLite reads the text columns joined by \u0001: one holding it is read alone.
        cases.add(column("created_at", "2026-11-28T20:00:00Z\u0001", "the stored created_at"));
        cases.add(column("source", "loop\u0001x", "the stored source"));
        cases.add(column("step", 999, "the stored step"));
        cases.add(new Case(
                "parent_id is itself",
                CheckpointStoreException.class,
                "the stored parent_id",
                (c, t, head) -> update(c, "UPDATE switchboard_checkpoints SET parent_id = checkpoint_id", t, head)));
        cases.add(new Case(
                "blob kind",
                CheckpointStoreException.class,
                "has the unknown kind 7",
                (c, t, head) -> update(c, "UPDATE switchboard_blobs SET kind = 7", t, null)));
        return cases;
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"sqlite", "postgres"})
    void everyCorruptCheckpointFieldFailsNamingTheField(String kind) throws Exception {
        try (Backend backend = Backend.of(kind, dir);
                JdbcSaver saver = backend.open("corrupt");
                Connection c = backend.connect("corrupt")) {
            // The edits are of switchboard_blobs rows, a layout reads still take (RowValuesTest
            // damages values stored in checkpoint rows).
            saver.storeValuesAsRows();
            // The cases edit the self-contained form of format 1, field by field.
            ChatterGraph graph = ChatterGraph.builder(new Chatter(3))
                    .checkpointer(new FormatV1Saver(saver))
                    .build();
            List<String> wrong = new ArrayList<>();
            int n = 0;
            for (Case k : rowCases()) {
                String t = "row-" + n++;
                String head = run(graph, saver, t);
                k.corruption().apply(c, t, head);
                check(wrong, k, () -> saver.getTuple(t, "", head));
                check(wrong, k, () -> saver.getTuple(t, "", null));
                check(wrong, k, () -> saver.list(t, "", ListOptions.ALL));
                check(wrong, k, () -> graph.getState(RunConfig.thread(t)));
            }
            assertEquals(List.of(), wrong);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"sqlite", "postgres"})
    void anExitDurabilityRunWhoseParentWasNeverStoredReadsBack(String kind) throws Exception {
        try (Backend backend = Backend.of(kind, dir);
                JdbcSaver saver = backend.open("exit")) {
            ChatterGraph graph =
                    ChatterGraph.builder(new Chatter(3)).checkpointer(saver).build();
            RunConfig thread = RunConfig.thread("exit").withDurability(Durability.EXIT);
            graph.invoke(TranscriptUpdate.of().messages(List.of("hello")), thread);
            CheckpointTuple head = saver.getTuple("exit", "", null).orElseThrow();
            assertTrue(head.parent().isPresent());
            assertEquals(Optional.empty(), saver.getTuple("exit", "", head.parentId()));
            assertEquals(4, graph.getState(thread).values().messages().size());
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"sqlite", "postgres"})
    void corruptValuesChainsAndPendingWritesFailNamingWhatIsBroken(String kind) throws Exception {
        try (Backend backend = Backend.of(kind, dir);
                JdbcSaver saver = backend.open("corrupt-values");
                Connection c = backend.connect("corrupt-values")) {
            // The edits are of switchboard_blobs rows, a layout reads still take (RowValuesTest
            // damages values stored in checkpoint rows).
            saver.storeValuesAsRows();
            ChatterGraph graph =
                    ChatterGraph.builder(new Chatter(3)).checkpointer(saver).build();
            List<String> wrong = new ArrayList<>();
            int n = 0;
            for (Case k : valueCases(saver)) {
                String t = "value-" + n++;
                String head = run(graph, saver, t);
                Blob delta = headBlob(saver, t);
                assertEquals(Blob.Kind.DELTA, delta.kind(), "the head's messages are a delta");
                k.corruption().apply(c, t, head);
                check(wrong, k, () -> graph.getState(RunConfig.thread(t)));
                if (!k.label().startsWith("pending")) {
                    // A new input restores the channels too (it discards the pending writes).
                    check(
                            wrong,
                            k,
                            () -> graph.invoke(TranscriptUpdate.of().messages(List.of("more")), RunConfig.thread(t)));
                }
            }
            assertEquals(List.of(), wrong);
        }
    }

    static List<Case> valueCases(JdbcSaver saver) {
        List<Case> cases = new ArrayList<>();
        // The delta may be stored as a reference to its step's pending writes: the cases that
        // change its bytes store them in the row (kind 1, a plain delta).
        cases.add(blob(
                "blob data",
                "channel 'messages'",
                (c, t, b) -> setBlob(c, t, b.version(), "kind = 1, writes_of = NULL, data = ?", bytes("{not json"))));
        cases.add(blob(
                "blob data of the snapshot",
                "channel 'messages'",
                (c, t, b) -> setBlob(c, t, b.base(), "kind = 0, data = ?", bytes("{\"a\": 1}"))));
        cases.add(blob(
                "delta previous loops",
                "form a loop",
                (c, t, b) -> setBlob(
                        c,
                        t,
                        b.version(),
                        "prev_counter = ?, prev_suffix = NULL, prev_raw = NULL",
                        VersionKey.of(b.version()).counter())));
        cases.add(blob(
                "delta previous missing",
                "is missing",
                (c, t, b) ->
                        setBlob(c, t, b.version(), "prev_counter = NULL, prev_suffix = NULL, prev_raw = ?", "nope")));
        cases.add(blob(
                "delta previous skips its predecessor",
                "a delta was skipped",
                (c, t, b) -> setBlob(
                        c,
                        t,
                        b.version(),
                        "prev_counter = ?, prev_suffix = NULL, prev_raw = NULL",
                        VersionKey.of(b.base()).counter())));
        cases.add(blob(
                "blob version",
                "is missing",
                (c, t, b) -> setBlob(c, t, b.version(), "counter = -1, suffix = 0, raw = ?", b.version() + "x")));
        cases.add(blob(
                "blob kind snapshot",
                "snapshot base",
                (c, t, b) -> setBlob(c, t, b.version(), "kind = 0, writes_of = NULL, data = ?", b.data())));
        cases.add(new Case(
                "pending write value",
                SerdeException.class,
                "the stored pending write 0 of task task-1 to channel 'messages'",
                (c, t, head) -> saver.putWrites(
                        t, "", head, List.of(new PendingWrite("task-1", 0, "messages", bytes("{oops"))))));
        cases.add(new Case(
                "pending interrupt",
                SerdeException.class,
                "the stored pending write -3 of task task-2 to channel '__interrupt__'",
                (c, t, head) -> saver.putWrites(
                        t, "", head, List.of(new PendingWrite("task-2", -3, "__interrupt__", bytes("{\"id\":{}}"))))));
        return cases;
    }

    // ---------------------------------------------------------------- helpers

    private static String run(ChatterGraph graph, JdbcSaver saver, String t) {
        graph.invoke(TranscriptUpdate.of().messages(List.of("hello")), RunConfig.thread(t));
        return saver.getTuple(t, "", null).orElseThrow().checkpoint().id();
    }

    private static void check(List<String> wrong, Case k, Executable read) {
        try {
            read.execute();
            wrong.add(k.label() + ": nothing thrown");
        } catch (Throwable e) {
            if (!k.type().isInstance(e)
                    || e.getMessage() == null
                    || !e.getMessage().contains(k.names())) {
                wrong.add(k.label() + ": " + e);
            }
        }
    }

    /** The rows of a thread's namespaces (its checkpoints or blobs), after the table's name. */
    private static final String OF_THREAD = " WHERE space IN (SELECT id FROM switchboard_spaces WHERE thread_id = ?)";

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static ObjectNode messages(ObjectNode header) {
        return (ObjectNode) header.get("channels").get("messages");
    }

    private static Case header(String label, String names, Consumer<ObjectNode> edit) {
        return new Case(label, SerdeException.class, "stored checkpoint header: " + names, json("header", edit));
    }

    private static Case metadata(String label, String names, Consumer<ObjectNode> edit) {
        return new Case(label, SerdeException.class, "stored checkpoint metadata: " + names, json("metadata", edit));
    }

    private static Case column(String column, Object value, String names) {
        return new Case(column + " column", CheckpointStoreException.class, names, (c, t, head) -> {
            // Metadata of only a source and a step is stored empty, its columns holding both: stored
            // whole, the document and the columns must agree.
            json("metadata", m -> {}).apply(c, t, head);
            try (PreparedStatement p = c.prepareStatement(
                    "UPDATE switchboard_checkpoints SET " + column + " = ?" + OF_THREAD + " AND checkpoint_id = ?")) {
                p.setObject(1, value);
                p.setString(2, t);
                p.setBytes(3, Sql.id(head));
                assertEquals(1, p.executeUpdate());
            }
        });
    }

    /** Rewrites a JSON column of the head: through {@code edit}, or to a non-object when it is null. */
    private static Corruption json(String column, Consumer<ObjectNode> edit) {
        return (c, t, head) -> {
            String stored;
            try (PreparedStatement p = c.prepareStatement("SELECT " + column + ", source, step FROM"
                    + " switchboard_checkpoints" + OF_THREAD + " AND checkpoint_id = ?")) {
                p.setString(1, t);
                p.setBytes(2, Sql.id(head));
                try (ResultSet r = p.executeQuery()) {
                    assertTrue(r.next());
                    stored = r.getString(1);
                    if (stored.isEmpty()) { // metadata of only a source and a step: its columns hold them
                        stored = CheckpointJson.encode(new CheckpointMetadata(
                                CheckpointMetadata.Source.valueOf(r.getString(2).toUpperCase(java.util.Locale.ROOT)),
                                r.getInt(3),
                                Map.of(),
                                Map.of()));
                    }
                }
            }
            String changed;
            if (edit == null) {
                changed = "[\"not\", \"an object\"";
            } else {
                ObjectNode node = (ObjectNode) JSON.readTree(stored);
                edit.accept(node);
                changed = JSON.writeValueAsString(node);
            }
            try (PreparedStatement p = c.prepareStatement(
                    "UPDATE switchboard_checkpoints SET " + column + " = ?" + OF_THREAD + " AND checkpoint_id = ?")) {
                p.setString(1, changed);
                p.setString(2, t);
                p.setBytes(3, Sql.id(head));
                assertEquals(1, p.executeUpdate());
            }
        };
    }

    private static void update(Connection c, String set, String t, String head) throws SQLException {
        String table = set.contains("switchboard_blobs") ? "" : " AND checkpoint_id = ?";
        try (PreparedStatement p = c.prepareStatement(set + OF_THREAD + table)) {
            p.setString(1, t);
            if (head != null) {
                p.setBytes(2, Sql.id(head));
            }
            assertTrue(p.executeUpdate() >= 1);
        }
    }

    /** What a blob case does to the head's messages delta. */
    @FunctionalInterface
    interface BlobCorruption {
        void apply(Connection c, String thread, Blob delta) throws Exception;
    }

    private static Case blob(String label, String names, BlobCorruption corruption) {
        return new Case(label, SerdeException.class, names, (c, t, head) -> corruption.apply(c, t, BLOB.get()));
    }

    /** The head's messages delta, as read before the case corrupts it. */
    private static final ThreadLocal<Blob> BLOB = new ThreadLocal<>();

    private static Blob headBlob(JdbcSaver saver, String t) {
        CheckpointTuple tuple = saver.getTuple(t, "", null).orElseThrow();
        String version = tuple.checkpoint().channels().get("messages").version();
        Blob b = tuple.blobs().stream()
                .filter(x -> x.channel().equals("messages") && x.version().equals(version))
                .findFirst()
                .orElseThrow();
        BLOB.set(b);
        return b;
    }

    /** Sets columns (one parameter) of the thread's messages blob at a version. */
    private static void setBlob(Connection c, String t, String version, String set, Object value) throws SQLException {
        VersionKey key = VersionKey.of(version);
        try (PreparedStatement p = c.prepareStatement("UPDATE switchboard_blobs SET " + set + OF_THREAD
                + " AND channel = (SELECT id FROM switchboard_channels WHERE name = 'messages')"
                + " AND counter = ? AND suffix = ? AND raw = ?")) {
            if (value instanceof byte[] b) {
                p.setBytes(1, b);
            } else {
                p.setObject(1, value);
            }
            p.setString(2, t);
            p.setLong(3, key.counter());
            p.setLong(4, key.suffix());
            p.setString(5, key.raw());
            assertEquals(1, p.executeUpdate(), "blob " + version);
        }
    }
}
