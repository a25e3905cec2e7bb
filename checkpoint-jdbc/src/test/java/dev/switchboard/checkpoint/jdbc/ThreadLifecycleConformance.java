package dev.switchboard.checkpoint.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.Durability;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StateSnapshot;
import dev.switchboard.runtime.checkpoint.Blob;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.runtime.checkpoint.CheckpointTuple;
import dev.switchboard.runtime.checkpoint.ListOptions;
import dev.switchboard.runtime.checkpoint.PendingWrite;
import dev.switchboard.runtime.checkpoint.ThreadInfo;
import dev.switchboard.runtime.checkpoint.ThreadQuery;
import dev.switchboard.runtime.checkpoint.ThreadSweeper;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The thread lifecycle of {@link CheckpointSaver}, held against every saver of the conformance
 * suite: thread metadata and listing, prune (with delta-stored channels), inactivity expiry and
 * copy, and the argument checks of each.
 */
interface ThreadLifecycleConformance {
    CheckpointSaver saver();

    String thread(String name);

    /** Distinct activity times: the savers keep milliseconds. */
    private static void tick() {
        try {
            Thread.sleep(3);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private List<String> ids(List<ThreadInfo> threads) {
        return threads.stream().map(ThreadInfo::threadId).toList();
    }

    private ChatterGraph chatter(int steps) {
        return ChatterGraph.builder(new Chatter(steps)).checkpointer(saver()).build();
    }

    private static RunConfig config(String threadId, int steps) {
        return RunConfig.thread(threadId).withRecursionLimit(steps + 10);
    }

    @Test
    default void threadMetadataIsMergedAndThreadsAreFoundNewestFirstAPageAtATime() {
        CheckpointSaver s = saver();
        String suite = thread("suite");
        String a = thread("list-a"), b = thread("list-b"), c = thread("list-c");
        chatter(1).invoke(TranscriptUpdate.of().messages(List.of("hi")), config(a, 1));
        for (String t : List.of(a, b, c)) {
            tick();
            s.updateThreadMetadata(t, Map.of("suite", suite, "user", t.equals(b) ? "u2" : "u1", "tier", 1));
        }
        s.updateThreadMetadata(a, Map.of("tier", 2L));

        Map<String, Object> filter = Map.of("suite", suite);
        assertEquals(List.of(a, c, b), ids(s.listThreads(ThreadQuery.ALL.withFilter(filter))));
        assertEquals(
                List.of(a, c), ids(s.listThreads(ThreadQuery.ALL.withFilter(Map.of("suite", suite, "user", "u1")))));
        assertEquals(
                List.of(c),
                ids(s.listThreads(
                        ThreadQuery.ALL.withFilter(filter).withLimit(1).withOffset(1))));
        assertEquals(
                List.of(), ids(s.listThreads(ThreadQuery.ALL.withFilter(filter).withOffset(3))));
        // Numbers match by value, whatever their Java type.
        assertEquals(List.of(a), ids(s.listThreads(ThreadQuery.ALL.withFilter(Map.of("suite", suite, "tier", 2.0)))));

        ThreadInfo info = s.getThread(a).orElseThrow();
        assertEquals(Map.of("suite", suite, "user", "u1", "tier", 2), normalized(info.metadata()));
        assertTrue(!info.updatedAt().isBefore(info.createdAt()));
        assertEquals(Optional.empty(), s.getThread(thread("never")));
        // A later checkpoint makes the thread the most recently active one.
        tick();
        chatter(1).invoke(TranscriptUpdate.of().messages(List.of("hi")), config(b, 1));
        assertEquals(b, s.listThreads(ThreadQuery.ALL.withFilter(filter)).get(0).threadId());
    }

    @Test
    default void threadMetadataGivenToARunIsMergedWithItsFirstCheckpoint() {
        CheckpointSaver s = saver();
        String suite = thread("run-suite");
        String t = thread("run-meta");
        s.updateThreadMetadata(t, Map.of("suite", suite, "user", "old", "kept", true));
        chatter(2)
                .invoke(
                        TranscriptUpdate.of().messages(List.of("hi")),
                        config(t, 2).withThreadMetadata("user", "u7").withThreadMetadata("topic", "billing"));
        assertEquals(
                Map.of("suite", suite, "user", "u7", "kept", true, "topic", "billing"),
                normalized(s.getThread(t).orElseThrow().metadata()));
        tick();
        String fresh = thread("run-meta-fresh");
        chatter(1)
                .invoke(
                        TranscriptUpdate.of().messages(List.of("hi")),
                        config(fresh, 1)
                                .withDurability(Durability.EXIT)
                                .withThreadMetadata("suite", suite)
                                .withThreadMetadata("topic", "billing"));
        assertEquals(
                List.of(fresh, t),
                ids(s.listThreads(ThreadQuery.ALL.withFilter(Map.of("suite", suite, "topic", "billing")))));
        assertEquals(
                "thread metadata values must be strings, numbers or booleans, not [x]",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> RunConfig.thread(fresh).withThreadMetadata("tags", List.of("x")))
                        .getMessage());
    }

    /**
     * Metadata text follows the key rule: a value with an unpaired surrogate (which a database's
     * UTF-8 would store as {@code ?}, so that a filter for one also found the other) or with NUL
     * (which PostgreSQL's jsonb refuses, failing every filtered listing of the database) is refused
     * before anything is stored, in the saver, in a filter and in a run's configuration.
     */
    @Test
    default void metadataTextWithAnUnpairedSurrogateOrNulIsRefusedSoFiltersNeverAlias() {
        CheckpointSaver s = saver();
        String suite = thread("text-suite");
        String plain = thread("text-plain");
        String bad = thread("text-bad");
        s.updateThreadMetadata(plain, Map.of("suite", suite, "user", "u?"));
        for (String value : List.of("u\uD800", "u\uDC00", "u\u0000", "\uDBFF")) {
            IllegalArgumentException e = assertThrows(
                    IllegalArgumentException.class,
                    () -> s.updateThreadMetadata(bad, Map.of("suite", suite, "user", value)));
            assertTrue(e.getMessage().startsWith("metadata['user'] \""), e.getMessage());
            assertThrows(
                    IllegalArgumentException.class,
                    () -> ThreadQuery.ALL.withFilter(Map.of("suite", suite, "user", value)));
            assertThrows(
                    IllegalArgumentException.class, () -> RunConfig.thread(bad).withThreadMetadata("user", value));
            assertThrows(
                    IllegalArgumentException.class, () -> RunConfig.thread(bad).withMetadata("user", value));
        }
        assertEquals(
                "metadata['user'] \"u\\uD800\" holds the unpaired surrogate U+D800 at index 1; metadata text must be"
                        + " well-formed Unicode without NUL, since savers store and filter it as UTF-8 text, where such"
                        + " a value cannot be stored or would match another",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> s.updateThreadMetadata(bad, Map.of("user", "u\uD800")))
                        .getMessage());
        assertEquals(Optional.empty(), s.getThread(bad), "nothing of a refused update is stored");
        assertEquals(
                List.of(plain), ids(s.listThreads(ThreadQuery.ALL.withFilter(Map.of("suite", suite, "user", "u?")))));
        // A surrogate pair is well-formed, and found only by itself.
        String pair = thread("text-pair");
        s.updateThreadMetadata(pair, Map.of("suite", suite, "user", "u\uD83D\uDE00"));
        assertEquals(
                List.of(pair),
                ids(s.listThreads(ThreadQuery.ALL.withFilter(Map.of("suite", suite, "user", "u\uD83D\uDE00")))));
        assertEquals(
                List.of(plain), ids(s.listThreads(ThreadQuery.ALL.withFilter(Map.of("suite", suite, "user", "u?")))));
    }

    @Test
    default void aFilterMatchingFewOfManyThreadsPagesOverTheMatchesOnly() {
        CheckpointSaver s = saver();
        String suite = thread("many-suite");
        List<String> picked = new java.util.ArrayList<>();
        for (int i = 0; i < 40; i++) {
            String t = thread("many-" + i);
            tick();
            boolean pick = i % 9 == 4;
            s.updateThreadMetadata(t, Map.of("suite", suite, "pick", pick, "n", i % 2 == 0 ? i : (double) i));
            if (pick) {
                picked.add(0, t);
            }
        }
        Map<String, Object> filter = Map.of("suite", suite, "pick", true);
        assertEquals(4, picked.size());
        assertEquals(picked, ids(s.listThreads(ThreadQuery.ALL.withFilter(filter))));
        assertEquals(
                picked.subList(1, 3),
                ids(s.listThreads(
                        ThreadQuery.ALL.withFilter(filter).withLimit(2).withOffset(1))));
        assertEquals(
                picked.subList(3, 4),
                ids(s.listThreads(
                        ThreadQuery.ALL.withFilter(filter).withLimit(2).withOffset(3))));
        assertEquals(
                List.of(), ids(s.listThreads(ThreadQuery.ALL.withFilter(filter).withOffset(4))));
        assertEquals(
                List.of(thread("many-13")),
                ids(s.listThreads(ThreadQuery.ALL.withFilter(Map.of("suite", suite, "n", 13L)))),
                "numbers match by value: 13 was stored as 13.0");
        assertEquals(
                List.of(thread("many-22")),
                ids(s.listThreads(ThreadQuery.ALL.withFilter(Map.of("suite", suite, "n", 22.0)))));
        assertEquals(
                List.of(),
                ids(s.listThreads(ThreadQuery.ALL.withFilter(Map.of("suite", suite, "n", "22")))),
                "a string never matches a number");
        assertEquals(
                36,
                s.listThreads(ThreadQuery.ALL.withFilter(Map.of("suite", suite, "pick", false)))
                        .size());
    }

    private static Map<String, Object> normalized(Map<String, Object> m) {
        Map<String, Object> out = new LinkedHashMap<>();
        m.forEach((k, v) -> out.put(k, v instanceof Number n ? (Object) n.intValue() : v));
        return out;
    }

    @Test
    default void badThreadArgumentsAreRejectedNamingTheArgument() {
        CheckpointSaver s = saver();
        assertEquals(
                "limit must be at least 0, was -1",
                assertThrows(IllegalArgumentException.class, () -> ThreadQuery.ALL.withLimit(-1))
                        .getMessage());
        assertEquals(
                "offset must be at least 0, was -2",
                assertThrows(IllegalArgumentException.class, () -> ThreadQuery.ALL.withOffset(-2))
                        .getMessage());
        assertEquals(
                "keepLatest must be at least 1 (1 keeps only the head), was 0",
                assertThrows(IllegalArgumentException.class, () -> s.prune(thread("p"), 0))
                        .getMessage());
        String t = thread("bad-meta");
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> s.updateThreadMetadata(t, Map.of("tags", List.of("x"))));
        assertEquals("metadata['tags'] must be a string, number or boolean, not [x]", e.getMessage());
        assertEquals(Optional.empty(), s.getThread(t), "nothing of the rejected call was stored");
        assertEquals(
                "ttl must be positive, was PT0S",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> ThreadSweeper.start(s, Duration.ZERO, Duration.ofSeconds(1)))
                        .getMessage());
        assertEquals(
                "interval must be positive, was PT-1S",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> ThreadSweeper.start(s, Duration.ofSeconds(1), Duration.ofSeconds(-1)))
                        .getMessage());
    }

    /**
     * Prune on a run whose transcript is stored as deltas on periodic snapshots: every kept
     * checkpoint restores exactly the state it had before, and the thread runs on afterwards.
     */
    @Test
    default void pruneKeepsTheNewestCheckpointsAndEachStillRestoresExactly() {
        int steps = 130;
        String t = thread("prune");
        ChatterGraph graph = chatter(steps);
        graph.invoke(TranscriptUpdate.of().messages(List.of("hello")), config(t, steps));
        String other = thread("prune-other");
        graph.invoke(TranscriptUpdate.of().messages(List.of("hello")), config(other, steps));
        List<StateSnapshot<Transcript>> before = graph.getStateHistory(RunConfig.thread(t));
        assertTrue(saver().getTuple(t, "", null).orElseThrow().blobs().stream()
                .anyMatch(b -> b.kind() == Blob.Kind.DELTA));

        assertEquals(before.size() - 60, saver().prune(t, 60));
        assertRestores(graph, t, before.subList(0, 60));
        assertEquals(59, saver().prune(t, 1));
        assertRestores(graph, t, before.subList(0, 1));
        assertEquals(0, saver().prune(t, 1));
        assertEquals(
                before.size(), graph.getStateHistory(RunConfig.thread(other)).size(), "other threads untouched");

        List<String> had = before.get(0).values().messages();
        List<String> more = graph.invoke(TranscriptUpdate.of().messages(List.of("again")), config(t, steps + 5))
                .value()
                .messages();
        assertEquals(had, more.subList(0, had.size()));
        assertEquals("again", more.get(had.size()));
    }

    private static void assertRestores(ChatterGraph graph, String t, List<StateSnapshot<Transcript>> kept) {
        List<StateSnapshot<Transcript>> after = graph.getStateHistory(RunConfig.thread(t));
        assertEquals(kept.size(), after.size());
        for (int i = 0; i < kept.size(); i++) {
            assertEquals(kept.get(i).values(), after.get(i).values(), "checkpoint " + i);
            String id = kept.get(i).config().checkpointId().orElseThrow();
            assertEquals(
                    kept.get(i).values(),
                    graph.getState(RunConfig.thread(t).withCheckpointId(id)).values());
        }
    }

    @Test
    default void threadsInactiveSinceTheCutoffAreDeletedAndActiveOnesKept() {
        CheckpointSaver s = saver();
        String old = thread("ttl-old"), fresh = thread("ttl-fresh"), metaOnly = thread("ttl-meta");
        chatter(1).invoke(TranscriptUpdate.of().messages(List.of("hi")), config(old, 1));
        s.updateThreadMetadata(metaOnly, Map.of("k", "v"));
        tick();
        Instant cutoff = Instant.now();
        tick();
        chatter(1).invoke(TranscriptUpdate.of().messages(List.of("hi")), config(fresh, 1));

        int deleted = s.deleteThreadsInactiveSince(cutoff);

        assertTrue(deleted >= 2, "deleted " + deleted);
        assertEquals(Optional.empty(), s.getThread(old));
        assertEquals(Optional.empty(), s.getTuple(old, "", null));
        assertEquals(List.of(), s.namespaces(old));
        assertEquals(Optional.empty(), s.getThread(metaOnly));
        assertTrue(s.getThread(fresh).isPresent());
        assertTrue(s.getTuple(fresh, "", null).isPresent());
    }

    @Test
    default void aSweeperDeletesExpiredThreadsUntilClosed() throws Exception {
        CheckpointSaver s = saver();
        String t = thread("sweep");
        s.updateThreadMetadata(t, Map.of("k", "v"));
        try (ThreadSweeper sweeper = ThreadSweeper.start(s, Duration.ofMillis(1), Duration.ofHours(1))) {
            tick();
            assertTrue(sweeper.sweepNow() >= 1);
            assertEquals(Optional.empty(), s.getThread(t));
            sweeper.close();
            assertEquals(
                    "this ThreadSweeper is closed",
                    assertThrows(IllegalStateException.class, sweeper::sweepNow).getMessage());
        }
        String expired = thread("sweep-scheduled");
        s.updateThreadMetadata(expired, Map.of("k", "v"));
        try (ThreadSweeper sweeper = ThreadSweeper.start(s, Duration.ofMillis(1), Duration.ofMillis(5))) {
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (s.getThread(expired).isPresent() && System.nanoTime() < deadline) {
                tick();
            }
            assertEquals(Optional.empty(), s.getThread(expired), "the scheduled sweep deleted the expired thread");
        }
        String kept = thread("sweep-kept");
        s.updateThreadMetadata(kept, Map.of("k", "v"));
        try (ThreadSweeper sweeper = ThreadSweeper.start(s, Duration.ofHours(1), Duration.ofMillis(5))) {
            tick();
            tick();
            assertTrue(s.getThread(kept).isPresent(), "a thread active within the TTL is kept");
        }
    }

    @Test
    default void copyThreadCopiesEveryNamespaceWithItsPendingWritesAndMetadata() {
        CheckpointSaver s = saver();
        String from = thread("copy-raw"), to = thread("copy-raw-to");
        for (String ns : List.of("", "sub:1")) {
            put(s, from, ns, "cp1", null);
            put(s, from, ns, "cp2", "cp1");
            s.putWrites(from, ns, "cp2", List.of(new PendingWrite("task", 0, "value", "w".getBytes())));
            s.putWrites(from, ns, "cp2", List.of(new PendingWrite("task", -1, "__error__", "e".getBytes())));
        }
        s.updateThreadMetadata(from, Map.of("user", "u1"));

        s.copyThread(from, to);

        assertEquals(List.of("", "sub:1"), s.namespaces(to));
        for (String ns : List.of("", "sub:1")) {
            assertEquals(describe(s.list(from, ns, ListOptions.ALL)), describe(s.list(to, ns, ListOptions.ALL)));
        }
        assertEquals(Map.of("user", "u1"), s.getThread(to).orElseThrow().metadata());
        // The copy has its own head: a put on it leaves the source where it was.
        put(s, to, "", "cp3", "cp2");
        assertEquals(
                "cp2", s.getTuple(from, "", null).orElseThrow().checkpoint().id());
    }

    private static void put(CheckpointSaver s, String threadId, String ns, String id, String parent) {
        String v = id + "-v";
        s.put(
                threadId,
                ns,
                CheckpointSaverConformance.checkpoint(
                        id, Map.of("value", CheckpointSaverConformance.snapshotVersion(v))),
                CheckpointSaverConformance.metadata(
                        dev.switchboard.runtime.checkpoint.CheckpointMetadata.Source.LOOP, id.length()),
                parent,
                parent,
                List.of(CheckpointSaverConformance.snapshot("value", v, "value of " + id)));
    }

    /** Everything of a listing that a copy must keep, in comparable form. */
    private static List<String> describe(List<CheckpointTuple> tuples) {
        return tuples.stream()
                .map(t -> t.checkpoint().id() + " parent=" + t.parentId() + " meta=" + t.metadata() + " blobs="
                        + t.blobs().stream()
                                .map(b -> b.channel() + "@" + b.version() + "=" + new String(b.data()))
                                .toList()
                        + " writes="
                        + t.pendingWrites().stream()
                                .map(w ->
                                        w.taskId() + "/" + w.index() + "/" + w.channel() + "=" + new String(w.value()))
                                .toList())
                .toList();
    }

    @Test
    default void aCopiedThreadBranchesTheWholeConversation() {
        CheckpointSaver s = saver();
        String from = thread("copy-from"), to = thread("copy-to");
        ChatterGraph graph = chatter(12);
        graph.invoke(TranscriptUpdate.of().messages(List.of("hello")), config(from, 12));

        s.copyThread(from, to);

        List<StateSnapshot<Transcript>> source = graph.getStateHistory(RunConfig.thread(from));
        List<StateSnapshot<Transcript>> copy = graph.getStateHistory(RunConfig.thread(to));
        assertEquals(
                source.stream().map(StateSnapshot::values).toList(),
                copy.stream().map(StateSnapshot::values).toList());
        List<String> branched = graph.invoke(TranscriptUpdate.of().messages(List.of("branch")), config(to, 30))
                .value()
                .messages();
        assertEquals("branch", branched.get(13));
        assertEquals(
                source.size(), graph.getStateHistory(RunConfig.thread(from)).size(), "the source is unchanged");

        assertEquals(
                "target thread '" + to + "' already exists; delete it first or copy to a new id",
                assertThrows(IllegalArgumentException.class, () -> s.copyThread(from, to))
                        .getMessage());
        String missing = thread("copy-missing");
        assertEquals(
                "source thread '" + missing + "' does not exist",
                assertThrows(IllegalArgumentException.class, () -> s.copyThread(missing, thread("copy-x")))
                        .getMessage());
        assertEquals(Optional.empty(), s.getThread(thread("copy-x")));
    }
}
