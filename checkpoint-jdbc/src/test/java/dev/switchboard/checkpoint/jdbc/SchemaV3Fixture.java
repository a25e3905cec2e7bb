package dev.switchboard.checkpoint.jdbc;

import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.checkpoint.Blob;
import dev.switchboard.runtime.checkpoint.ChannelVersion;
import dev.switchboard.runtime.checkpoint.Checkpoint;
import dev.switchboard.runtime.checkpoint.CheckpointJson;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.runtime.checkpoint.CheckpointTuple;
import dev.switchboard.runtime.checkpoint.EncryptedSaver;
import dev.switchboard.runtime.checkpoint.Keyring;
import dev.switchboard.runtime.checkpoint.ListOptions;
import dev.switchboard.runtime.checkpoint.PendingWrite;
import dev.switchboard.runtime.reducer.Append;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** A review: what was done, and the reviewer's decision. */
record Review(@Reducer(Append.class) List<String> log, String decision) {}

/**
 * Three tasks in one superstep: two finish, the third pauses for a decision, so the finished ones'
 * writes are stored as pending writes beside the pause.
 */
class Reviewer {
    @Node
    @Edge(from = START)
    ReviewUpdate draft(Review s) {
        return ReviewUpdate.of().log(List.of("drafted"));
    }

    @Node
    @Edge(from = START)
    ReviewUpdate check(Review s) {
        return ReviewUpdate.of().log(List.of("checked"));
    }

    @Node
    @Edge(from = START)
    ReviewUpdate approve(Review s, NodeContext ctx) {
        String decision = ctx.interrupt("approve?", String.class);
        return ReviewUpdate.of().decision(decision).log(List.of("approved: " + decision));
    }
}

/**
 * The store of {@code fixtures/schema-v3}: a SQLite file written by the JDBC saver of schema
 * version 3 (text keys in every row, every delta stored as bytes), and {@code threads.json}, what
 * that saver read back from it. {@link SchemaV3MigrationTest} opens a copy with the current saver
 * and compares. {@link #main} wrote both with the code of commit 77aa339; run with today's code it
 * would write today's schema, so the committed files are the record.
 *
 * <p>The threads: {@code chatter} (two runs of a growing transcript: snapshots and delta chains
 * across runs, and thread metadata), {@code fork} (an update of an older checkpoint and a run on
 * that branch), {@code paused} and {@code resumed} (a superstep whose finished tasks' writes wait
 * beside an interrupt, then the resume), {@code sealed} (an EncryptedSaver thread, key bytes 0 to
 * 31 under id {@code k1}), {@code pruned} (a long run pruned to its three newest checkpoints) and
 * {@code raw} (written through the saver API alone: two namespaces, ids and versions that are not
 * the runtime's, metadata with parents and extras, pending writes of special channels).
 */
final class SchemaV3Fixture {
    static final List<String> THREADS = List.of("chatter", "fork", "paused", "resumed", "sealed", "pruned", "raw");
    static final String FIXTURES = "/fixtures/schema-v3/";

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private SchemaV3Fixture() {}

    static Keyring keyring() {
        byte[] key = new byte[32];
        for (int i = 0; i < key.length; i++) {
            key[i] = (byte) i;
        }
        return Keyring.of("k1", key);
    }

    /**
     * Writes the fixture into a directory.
     *
     * @param args the directory
     * @throws Exception if it cannot be written
     */
    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        Files.createDirectories(dir);
        Path file = dir.resolve("threads.db");
        try (JdbcSaver saver = SqliteSaver.file(file)) {
            write(saver);
            Files.writeString(
                    dir.resolve("threads.json"),
                    JSON.writerWithDefaultPrettyPrinter().writeValueAsString(dump(saver)),
                    StandardCharsets.UTF_8);
        }
    }

    private static void write(JdbcSaver saver) {
        RunConfig chatter = RunConfig.thread("chatter").withRecursionLimit(100);
        ChatterGraph.builder(new Chatter(20))
                .checkpointer(saver)
                .build()
                .invoke(TranscriptUpdate.of().messages(List.of("hello")), chatter);
        ChatterGraph.builder(new Chatter(30))
                .checkpointer(saver)
                .build()
                .invoke(TranscriptUpdate.of().messages(List.of("again")), chatter);
        saver.updateThreadMetadata("chatter", Map.of("user", "ada", "turns", 2));

        ChatterGraph forked =
                ChatterGraph.builder(new Chatter(8)).checkpointer(saver).build();
        RunConfig fork = RunConfig.thread("fork");
        forked.invoke(TranscriptUpdate.of().messages(List.of("start")), fork);
        List<CheckpointTuple> history = saver.list("fork", "", ListOptions.ALL);
        RunConfig branch = forked.updateState(
                fork.withCheckpointId(history.get(4).checkpoint().id()),
                TranscriptUpdate.of().messages(List.of("edited")));
        forked.resume(branch);

        ReviewerGraph reviewer =
                ReviewerGraph.builder(new Reviewer()).checkpointer(saver).build();
        reviewer.invoke(ReviewUpdate.of().log(List.of("submitted")), RunConfig.thread("paused"));
        RunConfig resumed = RunConfig.thread("resumed");
        reviewer.invoke(ReviewUpdate.of().log(List.of("submitted")), resumed);
        reviewer.invoke(Command.resume("yes"), resumed);

        ChatterGraph.builder(new Chatter(6))
                .checkpointer(new EncryptedSaver(saver, keyring()))
                .build()
                .invoke(TranscriptUpdate.of().messages(List.of("secret")), RunConfig.thread("sealed"));

        ChatterGraph.builder(new Chatter(30))
                .checkpointer(saver)
                .build()
                .invoke(
                        TranscriptUpdate.of().messages(List.of("long")),
                        RunConfig.thread("pruned").withRecursionLimit(100));
        saver.prune("pruned", 3);

        writeRaw(saver);
    }

    /** A thread written through the saver API with keys and versions the runtime never makes. */
    private static void writeRaw(CheckpointSaver saver) {
        Instant at = Instant.parse("2024-05-01T10:00:00.123Z");
        CheckpointMetadata input = new CheckpointMetadata(CheckpointMetadata.Source.INPUT, -1, Map.of(), Map.of());
        saver.put(
                "raw",
                "",
                new Checkpoint(
                        Checkpoint.FORMAT_VERSION,
                        "cp-1",
                        at,
                        Map.of("items", new ChannelVersion("3", "3", 2, 0), "flag", new ChannelVersion("1", "1", 0, 0)),
                        Map.of(),
                        1),
                input,
                null,
                null,
                List.of(
                        new Blob("items", "3", "3", "", Blob.Kind.SNAPSHOT, bytes("[]")),
                        new Blob("flag", "1", "1", "", Blob.Kind.EMPTY, new byte[0])));
        saver.putWrites(
                "raw",
                "",
                "cp-1",
                List.of(
                        new PendingWrite("task-a", 0, "items", bytes("[\"a\"]")),
                        new PendingWrite("task-a", -3, "__error__", bytes("{\"message\":\"boom\"}")),
                        new PendingWrite("task-b", 0, "items", bytes("[\"b\"]"))));
        CheckpointMetadata loop = new CheckpointMetadata(
                CheckpointMetadata.Source.LOOP, 0, Map.of("sub:task-1", "cp-9"), Map.of("run_id", "r-1", "score", 0.5));
        saver.put(
                "raw",
                "",
                new Checkpoint(
                        Checkpoint.FORMAT_VERSION,
                        "cp-2",
                        at.plusSeconds(1),
                        Map.of(
                                "items",
                                new ChannelVersion("v4.x", "3", 2, 11),
                                "flag",
                                new ChannelVersion(
                                        ChannelVersion.format(7, "run"), ChannelVersion.format(7, "run"), 4, 0)),
                        Map.of("node", Map.of("items", "3")),
                        1),
                loop,
                "cp-1",
                "cp-1",
                List.of(
                        new Blob("items", "v4.x", "3", "3", Blob.Kind.DELTA, bytes("[[\"a\",\"b\"]]")),
                        new Blob(
                                "flag",
                                ChannelVersion.format(7, "run"),
                                ChannelVersion.format(7, "run"),
                                "",
                                Blob.Kind.SNAPSHOT,
                                bytes("true"))));
        saver.put(
                "raw",
                "sub:task-1",
                new Checkpoint(
                        Checkpoint.FORMAT_VERSION,
                        "cp-9",
                        at.plusSeconds(2),
                        Map.of(
                                "inner",
                                new ChannelVersion(
                                        "00000000000000000000000000000001.0.1",
                                        "00000000000000000000000000000001.0.1",
                                        4,
                                        0)),
                        Map.of(),
                        1),
                input,
                null,
                null,
                List.of(new Blob(
                        "inner",
                        "00000000000000000000000000000001.0.1",
                        "00000000000000000000000000000001.0.1",
                        "",
                        Blob.Kind.SNAPSHOT,
                        bytes("\"in\""))));
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * What the saver reads of every fixture thread: per namespace, its history newest first, and
     * the blobs of every channel's chain at each checkpoint (the ones a read uses, whatever else
     * the saver returns), each blob once.
     */
    static ArrayNode dump(JdbcSaver saver) {
        ArrayNode out = JSON.createArrayNode();
        for (String thread : THREADS) {
            ObjectNode t = out.addObject();
            t.put("thread", thread);
            t.set(
                    "metadata",
                    JSON.valueToTree(saver.getThread(thread).orElseThrow().metadata()));
            ObjectNode namespaces = t.putObject("namespaces");
            for (String ns : saver.namespaces(thread)) {
                ObjectNode n = namespaces.putObject(ns);
                ArrayNode tuples = n.putArray("history");
                Map<String, ObjectNode> blobs = new TreeMap<>();
                for (CheckpointTuple tuple : saver.list(thread, ns, ListOptions.ALL)) {
                    tuples.add(tuple(tuple, blobs));
                }
                ObjectNode stored = n.putObject("blobs");
                blobs.forEach(stored::set);
            }
        }
        return out;
    }

    /** A tuple as stored: header, metadata, parent, its channels' chains (by blob key), its pending writes. */
    static ObjectNode tuple(CheckpointTuple t, Map<String, ObjectNode> blobs) {
        ObjectNode out = JSON.createObjectNode();
        out.put("checkpoint", CheckpointJson.encode(t.checkpoint()));
        out.put("metadata", CheckpointJson.encode(t.metadata()));
        out.put("parent", t.parentId());
        Map<String, Blob> byKey = new HashMap<>();
        for (Blob b : t.blobs()) {
            byKey.put(b.channel() + " @ " + b.version(), b);
        }
        ArrayNode chains = out.putArray("chains");
        for (String channel : new TreeSet<>(t.checkpoint().channels().keySet())) {
            String key =
                    channel + " @ " + t.checkpoint().channels().get(channel).version();
            while (true) {
                Blob b = byKey.get(key);
                chains.add(key);
                blobs.put(
                        key,
                        JSON.createObjectNode()
                                .put("base", b.base())
                                .put("previous", b.previous())
                                .put("kind", b.kind().name())
                                .put("data", Base64.getEncoder().encodeToString(b.data())));
                if (b.kind() != Blob.Kind.DELTA) {
                    break;
                }
                key = channel + " @ " + b.previous();
            }
        }
        ArrayNode writes = out.putArray("writes");
        for (PendingWrite w : t.pendingWrites()) {
            writes.addObject()
                    .put("task", w.taskId())
                    .put("idx", w.index())
                    .put("channel", w.channel())
                    .put("value", Base64.getEncoder().encodeToString(w.value()));
        }
        return out;
    }
}
