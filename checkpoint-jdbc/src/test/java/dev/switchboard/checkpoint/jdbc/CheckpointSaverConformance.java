package dev.switchboard.checkpoint.jdbc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.checkpoint.Blob;
import dev.switchboard.runtime.checkpoint.ChannelVersion;
import dev.switchboard.runtime.checkpoint.Checkpoint;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata.Source;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.runtime.checkpoint.CheckpointTuple;
import dev.switchboard.runtime.checkpoint.ConcurrentRunException;
import dev.switchboard.runtime.checkpoint.ListOptions;
import dev.switchboard.runtime.checkpoint.PendingWrite;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The saver-conformance suite: the semantics of {@link CheckpointSaver} that every saver must have
 * exactly, run by one subclass per saver (memory, SQLite, PostgreSQL, encrypted SQLite). Each test
 * uses thread ids of its own, so a subclass may share one store between tests. The rule for keys
 * is in {@link CheckpointKeyConformance}, the thread lifecycle in {@link ThreadLifecycleConformance},
 * a superstep stored in one call in {@link PutStepConformance}, a thread's storage figures in
 * {@link StorageConformance}; this suite runs them all.
 */
abstract class CheckpointSaverConformance
        implements CheckpointKeyConformance, ThreadLifecycleConformance, PutStepConformance, StorageConformance {
    static final Instant T0 = Instant.parse("2025-01-02T03:04:05.123456789Z");

    /** Opens the saver under test. */
    protected abstract CheckpointSaver open() throws Exception;

    /** Closes what {@link #open} opened. */
    protected void close(CheckpointSaver saver) throws Exception {
        if (saver instanceof AutoCloseable c) {
            c.close();
        }
    }

    /** Rows stored for a thread in all the saver's tables, or -1 for a saver without tables. */
    protected long storedRows(String threadId) throws Exception {
        return -1;
    }

    protected CheckpointSaver saver;
    private final String prefix = "t" + UUID.randomUUID().toString().substring(0, 8) + "-";

    @BeforeEach
    void openSaver() throws Exception {
        saver = open();
    }

    @AfterEach
    void closeSaver() throws Exception {
        close(saver);
    }

    // ---------------------------------------------------------------- fixtures

    @Override
    public String thread(String name) {
        return prefix + name;
    }

    @Override
    public CheckpointSaver saver() {
        return saver;
    }

    static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    static ChannelVersion snapshotVersion(String version) {
        return new ChannelVersion(version, version, 10, 0);
    }

    static Checkpoint checkpoint(String id, Map<String, ChannelVersion> channels) {
        return new Checkpoint(
                Checkpoint.FORMAT_VERSION,
                id,
                T0,
                channels,
                Map.of("node", Map.of("value", "0000000000000001.a"), "__interrupt__", Map.of()),
                1);
    }

    static CheckpointMetadata metadata(Source source, int step) {
        return new CheckpointMetadata(source, step, Map.of(), Map.of());
    }

    static Blob snapshot(String channel, String version, String data) {
        return new Blob(channel, version, version, "", Blob.Kind.SNAPSHOT, bytes(data));
    }

    /** A checkpoint holding channel "value" at its own snapshot version {@code id + "-v"}. */
    void putSimple(String threadId, String namespace, String id, String parent, String expectedHead) {
        putSimple(threadId, namespace, id, parent, expectedHead, metadata(Source.LOOP, 0));
    }

    void putSimple(
            String threadId,
            String namespace,
            String id,
            String parent,
            String expectedHead,
            CheckpointMetadata metadata) {
        String v = id + "-v";
        saver.put(
                threadId,
                namespace,
                checkpoint(id, Map.of("value", snapshotVersion(v))),
                metadata,
                parent,
                expectedHead,
                List.of(snapshot("value", v, "value of " + id)));
    }

    static Map<String, Blob> blobsByKey(CheckpointTuple t) {
        Map<String, Blob> m = new TreeMap<>();
        for (Blob b : t.blobs()) {
            m.put(b.channel() + "@" + b.version(), b);
        }
        return m;
    }

    static String text(byte[] b) {
        return new String(b, StandardCharsets.UTF_8);
    }

    static List<String> ids(List<CheckpointTuple> tuples) {
        return tuples.stream().map(t -> t.checkpoint().id()).toList();
    }

    static List<String> writes(CheckpointTuple t) {
        return t.pendingWrites().stream()
                .map(w -> w.taskId() + "/" + w.index() + "/" + w.channel() + "=" + text(w.value()))
                .toList();
    }

    CheckpointTuple tuple(String threadId, String namespace, String id) {
        return saver.getTuple(threadId, namespace, id).orElseThrow(() -> new AssertionError("no checkpoint " + id));
    }

    // ---------------------------------------------------------------- round trip

    @Test
    void roundTripKeepsEverythingUnchanged() {
        String t = thread("round-trip-é");
        byte[] binary = new byte[256];
        for (int i = 0; i < binary.length; i++) {
            binary[i] = (byte) i;
        }
        Map<String, ChannelVersion> channels = new LinkedHashMap<>();
        channels.put("messages", new ChannelVersion("0000000000000002.x", "0000000000000002.x", 256, 0));
        channels.put("empty", new ChannelVersion("0000000000000001.x", "0000000000000001.x", 0, 0));
        channels.put("названия", new ChannelVersion("0000000000000003.x", "0000000000000003.x", 5, 0));
        Checkpoint cp = new Checkpoint(
                Checkpoint.FORMAT_VERSION,
                "1f0a-cp-1",
                T0,
                channels,
                Map.of(
                        "agent",
                        Map.of("messages", "0000000000000002.x", "empty", "0000000000000001.x"),
                        "__interrupt__",
                        Map.of("messages", "0000000000000001.x")),
                1);
        Map<String, Object> extra = new LinkedHashMap<>();
        extra.put("user", "ada");
        extra.put("attempt", 7L);
        extra.put("ratio", 0.25);
        extra.put("urgent", true);
        CheckpointMetadata md = new CheckpointMetadata(Source.LOOP, 3, Map.of("", "outer-cp"), extra);
        List<Blob> blobs = List.of(
                new Blob("messages", "0000000000000002.x", "0000000000000002.x", "", Blob.Kind.SNAPSHOT, binary),
                new Blob("empty", "0000000000000001.x", "0000000000000001.x", "", Blob.Kind.EMPTY, new byte[0]),
                snapshot("названия", "0000000000000003.x", "ünïcødé"));
        saver.put(t, "", cp, md, null, null, blobs);
        saver.putWrites(
                t,
                "",
                cp.id(),
                List.of(
                        new PendingWrite("task-1", 0, "messages", binary),
                        new PendingWrite("task-1", 1, "__error__", bytes("{\"boom\":1}"))));

        for (String id : new String[] {null, cp.id()}) {
            CheckpointTuple got = saver.getTuple(t, "", id).orElseThrow();
            assertEquals(t, got.threadId());
            assertEquals("", got.namespace());
            assertEquals(cp, got.checkpoint());
            assertEquals(md, got.metadata());
            assertEquals(Optional.empty(), got.parent());
            Map<String, Blob> byKey = blobsByKey(got);
            assertEquals(
                    Set.of("messages@0000000000000002.x", "empty@0000000000000001.x", "названия@0000000000000003.x"),
                    byKey.keySet());
            for (Blob want : blobs) {
                Blob have = byKey.get(want.channel() + "@" + want.version());
                assertEquals(want.base(), have.base());
                assertEquals(want.previous(), have.previous());
                assertEquals(want.kind(), have.kind());
                assertArrayEquals(want.data(), have.data());
            }
            assertEquals(2, got.pendingWrites().size());
            PendingWrite w0 = got.pendingWrites().get(0);
            assertEquals("task-1", w0.taskId());
            assertEquals(0, w0.index());
            assertEquals("messages", w0.channel());
            assertArrayEquals(binary, w0.value());
            assertEquals("task-1/1/__error__={\"boom\":1}", writes(got).get(1));
        }
    }

    @Test
    void eachChannelGetsItsWholeDeltaChain() {
        String t = thread("chains");
        String v1 = "0000000000000001.r", v2 = "0000000000000002.r", v3 = "0000000000000003.r";
        String v4 = "0000000000000004.r", c1 = "0000000000000001.c", c3 = "0000000000000003.c";
        saver.put(
                t,
                "",
                checkpoint("cp1", Map.of("messages", snapshotVersion(v1), "count", snapshotVersion(c1))),
                metadata(Source.INPUT, -1),
                null,
                null,
                List.of(snapshot("messages", v1, "[a]"), snapshot("count", c1, "1")));
        saver.put(
                t,
                "",
                checkpoint("cp2", Map.of("messages", new ChannelVersion(v2, v1, 3, 3), "count", snapshotVersion(c1))),
                metadata(Source.LOOP, 0),
                "cp1",
                "cp1",
                List.of(new Blob("messages", v2, v1, v1, Blob.Kind.DELTA, bytes("[b]"))));
        saver.put(
                t,
                "",
                checkpoint("cp3", Map.of("messages", new ChannelVersion(v3, v1, 3, 6), "count", snapshotVersion(c3))),
                metadata(Source.LOOP, 1),
                "cp2",
                "cp2",
                List.of(new Blob("messages", v3, v1, v2, Blob.Kind.DELTA, bytes("[c]")), snapshot("count", c3, "3")));
        saver.put(
                t,
                "",
                checkpoint("cp4", Map.of("messages", snapshotVersion(v4), "count", snapshotVersion(c3))),
                metadata(Source.LOOP, 2),
                "cp3",
                "cp3",
                List.of(snapshot("messages", v4, "[a,b,c,d]")));

        CheckpointTuple cp3 = tuple(t, "", "cp3");
        assertEquals(
                Set.of("messages@" + v1, "messages@" + v2, "messages@" + v3, "count@" + c3),
                blobsByKey(cp3).keySet());
        Blob delta = blobsByKey(cp3).get("messages@" + v3);
        assertEquals(Blob.Kind.DELTA, delta.kind());
        assertEquals(v1, delta.base());
        assertEquals(v2, delta.previous());
        assertEquals("[c]", text(delta.data()));
        // A channel that did not change is found in the blob an earlier checkpoint stored.
        CheckpointTuple cp2 = tuple(t, "", "cp2");
        assertEquals(
                Set.of("messages@" + v1, "messages@" + v2, "messages@" + v3, "count@" + c1),
                blobsByKey(cp2).keySet());
        assertEquals("1", text(blobsByKey(cp2).get("count@" + c1).data()));
        CheckpointTuple cp4 = tuple(t, "", null);
        assertEquals("cp4", cp4.checkpoint().id());
        assertEquals(Set.of("messages@" + v4, "count@" + c3), blobsByKey(cp4).keySet());
        assertEquals("[a,b,c,d]", text(blobsByKey(cp4).get("messages@" + v4).data()));
    }

    @Test
    void emptyChannelMarkerRoundTrips() {
        String t = thread("empty");
        String v = "0000000000000001.e";
        saver.put(
                t,
                "",
                checkpoint("cp1", Map.of("maybe", snapshotVersion(v))),
                metadata(Source.INPUT, -1),
                null,
                null,
                List.of(new Blob("maybe", v, v, "", Blob.Kind.EMPTY, new byte[0])));
        Blob b = tuple(t, "", "cp1").blobs().get(0);
        assertEquals(Blob.Kind.EMPTY, b.kind());
        assertEquals(0, b.data().length);
        assertEquals("", b.previous());
    }

    @Test
    void aBlobWhoseKeyIsStoredAlreadyIsIgnored() {
        String t = thread("dup-blob");
        String v1 = "0000000000000001.d";
        saver.put(
                t,
                "",
                checkpoint("cp1", Map.of("value", snapshotVersion(v1))),
                metadata(Source.INPUT, -1),
                null,
                null,
                List.of(snapshot("value", v1, "first")));
        saver.put(
                t,
                "",
                checkpoint("cp2", Map.of("value", snapshotVersion(v1))),
                metadata(Source.LOOP, 0),
                "cp1",
                "cp1",
                List.of(snapshot("value", v1, "second")));
        CheckpointTuple cp2 = tuple(t, "", "cp2");
        assertEquals(1, cp2.blobs().size());
        assertEquals("first", text(cp2.blobs().get(0).data()));
    }

    // ---------------------------------------------------------------- isolation and lookups

    @Test
    void threadsAndNamespacesAreIsolated() {
        String t1 = thread("iso-1"), t2 = thread("iso-2");
        putSimple(t1, "", "cp1", null, null);
        putSimple(t1, "sub:1", "cp1", null, null); // the same id in another namespace
        putSimple(t2, "", "cp1", null, null);
        putSimple(t1, "", "cp2", "cp1", "cp1");
        saver.putWrites(t1, "sub:1", "cp1", List.of(new PendingWrite("task", 0, "value", bytes("sub write"))));

        assertEquals("cp2", tuple(t1, "", null).checkpoint().id());
        assertEquals("cp1", tuple(t1, "sub:1", null).checkpoint().id());
        assertEquals("cp1", tuple(t2, "", null).checkpoint().id());
        assertEquals(List.of("cp2", "cp1"), ids(saver.list(t1, "", ListOptions.ALL)));
        assertEquals(List.of("cp1"), ids(saver.list(t1, "sub:1", ListOptions.ALL)));
        assertEquals(List.of("cp1"), ids(saver.list(t2, "", ListOptions.ALL)));
        assertEquals(List.of("task/0/value=sub write"), writes(tuple(t1, "sub:1", "cp1")));
        assertEquals(List.of(), tuple(t1, "", "cp1").pendingWrites());
        assertEquals(List.of(), tuple(t2, "", "cp1").pendingWrites());
        // Heads are per namespace: the namespace "" moving did not move "sub:1".
        assertThrows(ConcurrentRunException.class, () -> putSimple(t1, "sub:1", "cp9", "cp1", "cp2"));
        putSimple(t1, "sub:1", "cp3", "cp1", "cp1");
        assertEquals("cp3", tuple(t1, "sub:1", null).checkpoint().id());
        assertEquals("cp2", tuple(t1, "", null).checkpoint().id());
    }

    @Test
    void parentLinksAndTheLatestCheckpoint() {
        String t = thread("parents");
        putSimple(t, "", "cp1", null, null);
        putSimple(t, "", "cp2", "cp1", "cp1");
        putSimple(t, "", "cp3", "cp2", "cp2");
        assertNull(tuple(t, "", "cp1").parentId());
        assertEquals(Optional.empty(), tuple(t, "", "cp1").parent());
        assertEquals(Optional.of("cp1"), tuple(t, "", "cp2").parent());
        assertEquals("cp2", tuple(t, "", "cp3").parentId());
        CheckpointTuple latest = tuple(t, "", null);
        assertEquals("cp3", latest.checkpoint().id());
        assertEquals("value of cp3", text(latest.blobs().get(0).data()));
        // A checkpoint's parent is whatever the caller says, also across a fork.
        putSimple(t, "", "cp4", "cp1", "cp3");
        assertEquals("cp1", tuple(t, "", null).parentId());
    }

    @Test
    void unknownThreadNamespaceOrIdGivesEmpty() {
        String t = thread("known");
        putSimple(t, "", "cp1", null, null);
        assertEquals(Optional.empty(), saver.getTuple(thread("unknown"), "", null));
        assertEquals(Optional.empty(), saver.getTuple(thread("unknown"), "", "cp1"));
        assertEquals(Optional.empty(), saver.getTuple(t, "other-ns", null));
        assertEquals(Optional.empty(), saver.getTuple(t, "other-ns", "cp1"));
        assertEquals(Optional.empty(), saver.getTuple(t, "", "no-such-id"));
        assertEquals(List.of(), saver.list(thread("unknown"), "", ListOptions.ALL));
        assertEquals(List.of(), saver.list(t, "other-ns", ListOptions.ALL));
        saver.deleteThread(thread("unknown"));
        assertEquals("cp1", tuple(t, "", null).checkpoint().id());
    }

    // ---------------------------------------------------------------- pending writes

    @Test
    void pendingWritesAreIdempotentAndKeepTheirOrder() {
        String t = thread("writes");
        putSimple(t, "", "cp1", null, null);
        saver.putWrites(
                t,
                "",
                "cp1",
                List.of(
                        new PendingWrite("task-b", 0, "value", bytes("b0")),
                        new PendingWrite("task-b", 1, "other", bytes("b1"))));
        saver.putWrites(t, "", "cp1", List.of(new PendingWrite("task-a", 0, "value", bytes("a0"))));
        // A retry stores nothing twice, and keeps the first value.
        saver.putWrites(
                t,
                "",
                "cp1",
                List.of(
                        new PendingWrite("task-b", 0, "value", bytes("retried b0")),
                        new PendingWrite("task-b", 1, "other", bytes("retried b1")),
                        new PendingWrite("task-b", 2, "value", bytes("b2"))));
        saver.putWrites(t, "", "cp1", List.of());
        List<String> expected =
                List.of("task-b/0/value=b0", "task-b/1/other=b1", "task-a/0/value=a0", "task-b/2/value=b2");
        assertEquals(expected, writes(tuple(t, "", "cp1")));
        assertEquals(expected, writes(tuple(t, "", null)));
        assertEquals(expected, writes(saver.list(t, "", ListOptions.ALL).get(0)));
    }

    @Test
    void specialWritesWithANegativeIndexAreReplacedInPlace() {
        String t = thread("special-writes");
        putSimple(t, "", "cp1", null, null);
        saver.putWrites(t, "", "cp1", List.of(new PendingWrite("task-a", -1, "__error__", bytes("first failure"))));
        saver.putWrites(t, "", "cp1", List.of(new PendingWrite("task-b", 0, "value", bytes("b0"))));
        // A task's latest error (or pause) replaces the previous one and keeps its place.
        saver.putWrites(
                t,
                "",
                "cp1",
                List.of(
                        new PendingWrite("task-a", -1, "__error__", bytes("second failure")),
                        new PendingWrite("task-b", 0, "value", bytes("retried b0"))));
        List<String> expected = List.of("task-a/-1/__error__=second failure", "task-b/0/value=b0");
        assertEquals(expected, writes(tuple(t, "", "cp1")));
        assertEquals(expected, writes(saver.list(t, "", ListOptions.ALL).get(0)));
    }

    @Test
    void pendingWritesBelongToTheirCheckpoint() {
        String t = thread("writes-per-cp");
        putSimple(t, "", "cp1", null, null);
        saver.putWrites(t, "", "cp1", List.of(new PendingWrite("task", 0, "value", bytes("on cp1"))));
        putSimple(t, "", "cp2", "cp1", "cp1");
        saver.putWrites(t, "", "cp2", List.of(new PendingWrite("task", 0, "value", bytes("on cp2"))));
        assertEquals(List.of("task/0/value=on cp1"), writes(tuple(t, "", "cp1")));
        assertEquals(List.of("task/0/value=on cp2"), writes(tuple(t, "", "cp2")));
        List<CheckpointTuple> all = saver.list(t, "", ListOptions.ALL);
        assertEquals(List.of("task/0/value=on cp2"), writes(all.get(0)));
        assertEquals(List.of("task/0/value=on cp1"), writes(all.get(1)));
    }

    // ---------------------------------------------------------------- list

    /** cp1..cp5: input -1, loop 0, loop 1, update 1, loop 2; user=ada on cp2 and cp4. */
    String fiveCheckpoints() {
        String t = thread("list");
        Map<String, Object> ada = Map.of("user", "ada", "attempt", 1L);
        Map<String, Object> bob = Map.of("user", "bob");
        putSimple(t, "", "cp1", null, null, metadata(Source.INPUT, -1));
        putSimple(t, "", "cp2", "cp1", "cp1", new CheckpointMetadata(Source.LOOP, 0, Map.of(), ada));
        putSimple(t, "", "cp3", "cp2", "cp2", new CheckpointMetadata(Source.LOOP, 1, Map.of(), bob));
        putSimple(t, "", "cp4", "cp3", "cp3", new CheckpointMetadata(Source.UPDATE, 1, Map.of(), ada));
        putSimple(t, "", "cp5", "cp4", "cp4", metadata(Source.LOOP, 2));
        return t;
    }

    @Test
    void listIsNewestFirstWithExclusiveBeforeAndLimit() {
        String t = fiveCheckpoints();
        assertEquals(List.of("cp5", "cp4", "cp3", "cp2", "cp1"), ids(saver.list(t, "", ListOptions.ALL)));
        assertEquals(List.of("cp3", "cp2", "cp1"), ids(saver.list(t, "", ListOptions.ALL.withBefore("cp4"))));
        assertEquals(List.of(), ids(saver.list(t, "", ListOptions.ALL.withBefore("cp1"))));
        assertEquals(List.of("cp5", "cp4"), ids(saver.list(t, "", ListOptions.ALL.withLimit(2))));
        assertEquals(
                List.of("cp4", "cp3"),
                ids(saver.list(t, "", ListOptions.ALL.withBefore("cp5").withLimit(2))));
        assertEquals(List.of(), saver.list(t, "", ListOptions.ALL.withLimit(0)));
        assertEquals(5, saver.list(t, "", ListOptions.ALL.withLimit(-3)).size());
        assertEquals(5, saver.list(t, "", ListOptions.ALL.withLimit(50)).size());
        // A bound that is not a checkpoint of this history bounds everything away, as in MemorySaver.
        assertEquals(List.of(), saver.list(t, "", ListOptions.ALL.withBefore("no-such-id")));
        // Listed tuples are complete: parent, metadata and blobs.
        CheckpointTuple cp3 = saver.list(
                        t, "", ListOptions.ALL.withBefore("cp4").withLimit(1))
                .get(0);
        assertEquals("cp2", cp3.parentId());
        assertEquals(new CheckpointMetadata(Source.LOOP, 1, Map.of(), Map.of("user", "bob")), cp3.metadata());
        assertEquals("value of cp3", text(cp3.blobs().get(0).data()));
    }

    @Test
    void listFiltersByMetadata() {
        String t = fiveCheckpoints();
        assertEquals(List.of("cp5", "cp3", "cp2"), ids(list(t, Map.of("source", "loop"))));
        assertEquals(List.of("cp4", "cp3"), ids(list(t, Map.of("step", 1))));
        assertEquals(List.of("cp4", "cp3"), ids(list(t, Map.of("step", 1L))));
        assertEquals(List.of("cp1"), ids(list(t, Map.of("step", -1))));
        assertEquals(List.of("cp4", "cp2"), ids(list(t, Map.of("user", "ada"))));
        assertEquals(List.of("cp4", "cp2"), ids(list(t, Map.of("attempt", 1))));
        assertEquals(List.of("cp3"), ids(list(t, Map.of("source", "loop", "step", 1))));
        assertEquals(List.of("cp2"), ids(list(t, Map.of("source", "loop", "user", "ada"))));
        assertEquals(List.of("cp4"), ids(list(t, Map.of("source", "update", "step", 1, "user", "ada"))));
        assertEquals(List.of(), ids(list(t, Map.of("source", "fork"))));
        assertEquals(List.of(), ids(list(t, Map.of("user", "carol"))));
        assertEquals(List.of(), ids(list(t, Map.of("no-such-key", "x"))));
        assertEquals(List.of(), ids(list(t, Map.of("step", "1")))); // a string is not a number
        assertEquals(List.of(), ids(list(t, Map.of("source", Source.LOOP)))); // sources match by wire name
        assertEquals(
                List.of("cp2"),
                ids(saver.list(
                        t, "", ListOptions.ALL.withFilter(Map.of("user", "ada")).withBefore("cp4"))));
    }

    @Test
    void limitCountsOnlyCheckpointsThatMatch() {
        String t = fiveCheckpoints();
        assertEquals(
                List.of("cp4"),
                ids(saver.list(
                        t, "", ListOptions.ALL.withFilter(Map.of("user", "ada")).withLimit(1))));
        assertEquals(
                List.of("cp3", "cp2"),
                ids(saver.list(
                        t,
                        "",
                        ListOptions.ALL
                                .withFilter(Map.of("source", "loop"))
                                .withBefore("cp5")
                                .withLimit(2))));
        assertEquals(
                List.of("cp2"),
                ids(saver.list(
                        t,
                        "",
                        ListOptions.ALL
                                .withFilter(Map.of("source", "loop", "user", "ada"))
                                .withLimit(1))));
    }

    private List<CheckpointTuple> list(String t, Map<String, Object> filter) {
        return saver.list(t, "", ListOptions.ALL.withFilter(filter));
    }

    // ---------------------------------------------------------------- delete

    @Test
    void deleteThreadRemovesEverythingOfTheThread() throws Exception {
        String t = thread("delete"), keep = thread("keep");
        putSimple(t, "", "cp1", null, null);
        putSimple(t, "", "cp2", "cp1", "cp1");
        saver.putWrites(t, "", "cp2", List.of(new PendingWrite("task", 0, "value", bytes("w"))));
        putSimple(t, "sub", "cp1", null, null);
        saver.putWrites(t, "sub", "cp1", List.of(new PendingWrite("task", 0, "value", bytes("w"))));
        putSimple(keep, "", "cp1", null, null);
        long keptRows = storedRows(keep);

        saver.deleteThread(t);

        assertEquals(Optional.empty(), saver.getTuple(t, "", null));
        assertEquals(Optional.empty(), saver.getTuple(t, "", "cp1"));
        assertEquals(Optional.empty(), saver.getTuple(t, "sub", null));
        assertEquals(List.of(), saver.list(t, "", ListOptions.ALL));
        assertEquals(List.of(), saver.list(t, "sub", ListOptions.ALL));
        long rows = storedRows(t);
        assertTrue(rows == 0 || rows == -1, "rows left for the deleted thread: " + rows);
        assertEquals(keptRows, storedRows(keep));
        assertEquals("value of cp1", text(tuple(keep, "", null).blobs().get(0).data()));
        // The thread starts over: it has no head, so a put expecting none succeeds.
        assertThrows(ConcurrentRunException.class, () -> putSimple(t, "", "cp3", "cp2", "cp2"));
        putSimple(t, "", "cp1", null, null);
        assertEquals(List.of("cp1"), ids(saver.list(t, "", ListOptions.ALL)));
        assertEquals(List.of(), tuple(t, "", "cp1").pendingWrites());
    }

    // ---------------------------------------------------------------- compare-and-set

    @Test
    void aStaleHeadIsRejectedAndNothingIsStored() {
        String t = thread("cas");
        putSimple(t, "", "cp1", null, null);
        putSimple(t, "", "cp2", "cp1", "cp1");

        for (String stale : new String[] {null, "cp1", "no-such-id"}) {
            ConcurrentRunException e = assertThrows(
                    ConcurrentRunException.class,
                    () -> saver.put(
                            t,
                            "",
                            checkpoint("loser", Map.of("value", snapshotVersion("loser-v"))),
                            metadata(Source.LOOP, 1),
                            "cp1",
                            stale,
                            List.of(snapshot("value", "loser-v", "lost"))));
            assertTrue(e.getMessage().contains(t), e.getMessage());
        }
        assertEquals(Optional.empty(), saver.getTuple(t, "", "loser"));
        assertEquals("cp2", tuple(t, "", null).checkpoint().id());
        assertEquals(List.of("cp2", "cp1"), ids(saver.list(t, "", ListOptions.ALL)));
        // The loser's blob was not stored either: a later checkpoint pointing at its version finds
        // nothing there.
        saver.put(
                t,
                "",
                checkpoint("cp3", Map.of("value", snapshotVersion("loser-v"))),
                metadata(Source.LOOP, 1),
                "cp2",
                "cp2",
                List.of());
        assertEquals(List.of(), tuple(t, "", "cp3").blobs());
    }

    @Test
    void putWritesOnACheckpointThatIsNotTheHeadIsRejected() {
        String t = thread("cas-writes");
        List<PendingWrite> w = List.of(new PendingWrite("task", 0, "value", bytes("late")));
        assertThrows(ConcurrentRunException.class, () -> saver.putWrites(t, "", "cp1", w));
        putSimple(t, "", "cp1", null, null);
        putSimple(t, "", "cp2", "cp1", "cp1");
        assertThrows(ConcurrentRunException.class, () -> saver.putWrites(t, "", "cp1", w));
        assertThrows(ConcurrentRunException.class, () -> saver.putWrites(t, "other-ns", "cp2", w));
        assertEquals(List.of(), tuple(t, "", "cp1").pendingWrites());
        saver.putWrites(t, "", "cp2", w);
        assertEquals(List.of("task/0/value=late"), writes(tuple(t, "", "cp2")));
    }

    @Test
    void storingAnIdTwiceIsRejected() {
        String t = thread("twice");
        putSimple(t, "", "cp1", null, null);
        assertThrows(IllegalArgumentException.class, () -> putSimple(t, "", "cp1", "cp1", "cp1"));
        assertEquals(List.of("cp1"), ids(saver.list(t, "", ListOptions.ALL)));
        assertEquals("cp1", tuple(t, "", null).checkpoint().id());
        assertNull(tuple(t, "", null).parentId());
        putSimple(t, "", "cp2", "cp1", "cp1");
        assertEquals("cp2", tuple(t, "", null).checkpoint().id());
    }

    // ---------------------------------------------------------------- concurrency

    @Test
    void manyThreadsWritingDistinctThreadsKeepAllData() throws Exception {
        int workers = 8, checkpoints = 15;
        ExecutorService pool = Executors.newFixedThreadPool(workers);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int w = 0; w < workers; w++) {
                String t = thread("parallel-" + w);
                done.add(pool.submit(() -> {
                    start.await();
                    String head = null;
                    for (int i = 0; i < checkpoints; i++) {
                        String id = "cp" + i;
                        putSimple(t, "", id, head, head);
                        saver.putWrites(t, "", id, List.of(new PendingWrite("task", 0, "value", bytes(t + "/" + id))));
                        saver.getTuple(t, "", null).orElseThrow();
                        head = id;
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> f : done) {
                f.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        for (int w = 0; w < workers; w++) {
            String t = thread("parallel-" + w);
            List<CheckpointTuple> all = saver.list(t, "", ListOptions.ALL);
            assertEquals(checkpoints, all.size(), t);
            for (int i = 0; i < checkpoints; i++) {
                CheckpointTuple c = all.get(checkpoints - 1 - i);
                assertEquals("cp" + i, c.checkpoint().id());
                assertEquals(i == 0 ? null : "cp" + (i - 1), c.parentId());
                assertEquals("value of cp" + i, text(c.blobs().get(0).data()));
                assertEquals(List.of("task/0/value=" + t + "/cp" + i), writes(c));
            }
        }
    }

    @Test
    void concurrentPutsOnOneThreadNeverFork() throws Exception {
        String t = thread("contended");
        int workers = 8, rounds = 10;
        ExecutorService pool = Executors.newFixedThreadPool(workers);
        AtomicInteger winners = new AtomicInteger(), losers = new AtomicInteger();
        try {
            for (int r = 0; r < rounds; r++) {
                String head = saver.getTuple(t, "", null)
                        .map(x -> x.checkpoint().id())
                        .orElse(null);
                CountDownLatch start = new CountDownLatch(1);
                List<Future<?>> done = new ArrayList<>();
                for (int w = 0; w < workers; w++) {
                    String id = "r" + r + "-w" + w;
                    done.add(pool.submit(() -> {
                        start.await();
                        try {
                            putSimple(t, "", id, head, head);
                            winners.incrementAndGet();
                        } catch (ConcurrentRunException e) {
                            losers.incrementAndGet();
                        }
                        return null;
                    }));
                }
                start.countDown();
                for (Future<?> f : done) {
                    f.get(60, TimeUnit.SECONDS);
                }
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(rounds, winners.get());
        assertEquals(rounds * (workers - 1), losers.get());
        List<CheckpointTuple> all = saver.list(t, "", ListOptions.ALL);
        assertEquals(rounds, all.size());
        for (int i = 0; i < all.size(); i++) {
            String expectedParent =
                    i + 1 < all.size() ? all.get(i + 1).checkpoint().id() : null;
            assertEquals(expectedParent, all.get(i).parentId());
        }
        Set<String> rounds0 = all.stream()
                .map(x -> x.checkpoint().id().substring(0, x.checkpoint().id().indexOf('-')))
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(rounds, rounds0.size());
    }
}
