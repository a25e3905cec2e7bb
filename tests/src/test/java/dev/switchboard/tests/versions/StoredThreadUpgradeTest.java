package dev.switchboard.tests.versions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.error.ErrorCode;
import dev.switchboard.runtime.error.GraphException;
import dev.switchboard.tests.versions.VersionDriver.Outcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Threads stored by one version of a graph, read and resumed by the next, on every store: the
 * versions are compiled here from {@code versions/support/v*} with the real processor, one after
 * the other against one schema directory, as a project's releases would be. Version 2 renames a
 * component and a node, widens a number and adds an optional component; version 3 turns a string
 * into a record with a {@code @Migration}. A task that finished beside the paused one keeps its
 * pending writes through renames (it does not run again) and runs again after a migration, whose
 * state its writes no longer match. Another version 3 also migrates version 1 on its own
 * (returning version 2's state, from which the chain goes on); another version 2 removes the node
 * a thread waits for. Versions 2 and 3 also fork from a checkpoint version 1 paused at.
 */
class StoredThreadUpgradeTest {
    private static VersionDriver v1;
    private static VersionDriver v2;
    private static VersionDriver v3;
    private static VersionDriver v3WithChain;
    private static VersionDriver v2WithoutReview;

    @TempDir
    static Path build;

    @TempDir
    Path data;

    @BeforeAll
    static void compileTheVersions() throws Exception {
        Path schemas = build.resolve("schemas");
        v1 = GraphVersions.compile("versions/support/v1", schemas, build.resolve("v1"));
        Path otherHistory = build.resolve("other-schemas/upgrade.Support");
        Files.createDirectories(otherHistory);
        Files.copy(schemas.resolve("upgrade.Support/1.json"), otherHistory.resolve("1.json"));
        v2 = GraphVersions.compile("versions/support/v2", schemas, build.resolve("v2"));
        v3 = GraphVersions.compile("versions/support/v3", schemas, build.resolve("v3"));
        v3WithChain = GraphVersions.compile("versions/support/v3-chain", schemas, build.resolve("v3-chain"));
        v2WithoutReview = GraphVersions.compile(
                "versions/support/v2-removed", build.resolve("other-schemas"), build.resolve("v2-removed"));
    }

    @ParameterizedTest
    @EnumSource(Stores.Kind.class)
    void aThreadPausedByVersion1ResumesUnderVersion2(Stores.Kind kind) throws Exception {
        try (Stores store = new Stores(kind, data)) {
            Outcome paused = v1.say(store.open(), "t", "I want a refund");
            assertEquals(List.of("review"), paused.next());
            Outcome read = v2.state(store.open(), "t");
            assertEquals(
                    Map.of(
                            "messages", "[I want a refund, audited by v1]",
                            "subject", "billing",
                            "turns", "1",
                            "mood", "Optional.empty"),
                    read.values());
            assertEquals(List.of("approve"), read.next());
            assertEquals(
                    List.of("approve billing?"), List.copyOf(read.interrupts().values()));
            for (Map<String, Object> values : v2.history(store.open(), "t")) {
                assertTrue(values.containsKey("subject"), values.toString());
            }
            String id = read.interrupts().keySet().iterator().next();
            Outcome done = v2.resume(store.open(), "t", Map.of(id, "yes"));
            assertEquals(List.of(), done.next());
            assertEquals(
                    "[I want a refund, approved: yes, audited by v1, reply on billing, mood unknown]",
                    done.values().get("messages"));
            assertEquals("2", done.values().get("turns"));
            // Read again by a fresh saver: the new checkpoints stand on their own.
            assertEquals(done.values(), v2.state(store.open(), "t").values());
            assertEquals(5, v2.history(store.open(), "t").size());
        }
    }

    @ParameterizedTest
    @EnumSource(Stores.Kind.class)
    void anUpdateUnderVersion2StoresWhatItReadFromVersion1(Stores.Kind kind) throws Exception {
        try (Stores store = new Stores(kind, data)) {
            v1.say(store.open(), "t", "I want a refund");
            String forked = v2.update(store.open(), "t", "a note", "audit");
            Outcome after = v2.state(store.open(), "t");
            assertEquals(forked, after.checkpointId());
            // The update's checkpoint is version 2's: its renamed channel is stored under the new
            // name, so a fresh saver reads it without going through version 1's names.
            assertEquals("billing", after.values().get("subject"));
            // Like any update (LangGraph.js's rule), it starts a new step from the stored values:
            // the paused step's pending writes (the audit's) are not applied.
            assertEquals("[I want a refund, a note]", after.values().get("messages"));
            for (Map<String, Object> values : v2.history(store.open(), "t")) {
                assertTrue(values.containsKey("subject"), values.toString());
            }
            // Version 2 wrote the update's checkpoint, so version 1 can no longer read the thread.
            GraphException e = assertThrows(GraphException.class, () -> v1.state(store.open(), "t"));
            assertEquals(ErrorCode.SCHEMA_TOO_NEW, e.code().orElseThrow());
        }
    }

    @ParameterizedTest
    @EnumSource(Stores.Kind.class)
    void aForkFromACheckpointOfVersion1RunsUnderTheNewVersions(Stores.Kind kind) throws Exception {
        try (Stores store = new Stores(kind, data)) {
            Outcome paused = v1.say(store.open(), "t", "I want a refund");
            Outcome done = v1.resume(store.open(), "t", "yes");
            // A step's writes apply in the order of its tasks' names: audit before review.
            assertEquals(
                    "[I want a refund, audited by v1, reviewed: yes, reply on billing]",
                    done.values().get("messages"));
            // Version 2 forks from the checkpoint where version 1 paused, through its renames (the
            // interrupt of "review" is resumed at "approve"); a fork starts the paused step again
            // (LangGraph's rule: its stored writes are not reused), so the audit runs under version 2.
            Outcome two = v2.resumeFrom(store.open(), "t", paused.checkpointId(), "no");
            assertEquals(List.of(), two.next());
            assertEquals(
                    "[I want a refund, approved: no, audited by v2, reply on billing, mood unknown]",
                    two.values().get("messages"));
            // The branch version 1 finished is still in the history, read through version 2.
            assertTrue(
                    v2.history(store.open(), "t").stream()
                            .anyMatch(values -> done.values().get("messages").equals(values.get("messages"))
                                    && "billing".equals(values.get("subject"))),
                    "version 1's own branch is gone from the history");
            // Version 3 forks from the same checkpoint, through the renames and its migration.
            Outcome three = v3.resumeFrom(store.open(), "t", paused.checkpointId(), "maybe");
            assertEquals(List.of(), three.next());
            assertEquals(
                    "[I want a refund, approved: maybe, audited by v3, reply on urgent billing, mood unknown]",
                    three.values().get("messages"));
        }
    }

    @ParameterizedTest
    @EnumSource(Stores.Kind.class)
    void version3MigratesThreadsOfVersions1And2(Stores.Kind kind) throws Exception {
        try (Stores store = new Stores(kind, data)) {
            v1.say(store.open(), "one", "I want a refund");
            v2.say(store.open(), "two", "hello");
            Outcome one = v3.state(store.open(), "one");
            assertEquals("Topic[name=billing, urgent=true]", one.values().get("subject"));
            // The audit finished under version 1, from state a migration has converted since: it runs again.
            assertEquals(List.of("approve", "audit"), one.next());
            assertEquals("[I want a refund]", one.values().get("messages"));
            assertEquals(
                    "Topic[name=general, urgent=false]",
                    v3.state(store.open(), "two").values().get("subject"));
            for (Map<String, Object> values : v3.history(store.open(), "one")) {
                assertTrue(values.containsKey("subject"), values.toString());
            }
            assertEquals(
                    "[I want a refund, approved: ok, audited by v3, reply on urgent billing, mood unknown]",
                    v3.resume(store.open(), "one", "ok").values().get("messages"));
            assertEquals(
                    "[hello, approved: ok, audited by v3, reply on general, mood unknown]",
                    v3.resume(store.open(), "two", "ok").values().get("messages"));
        }
    }

    @ParameterizedTest
    @EnumSource(Stores.Kind.class)
    void aMigrationOfAnOlderVersionHandsItsResultToTheNextStep(Stores.Kind kind) throws Exception {
        try (Stores store = new Stores(kind, data)) {
            v1.say(store.open(), "one", "I want a refund");
            v2.say(store.open(), "two", "I want a refund");
            Outcome one = v3WithChain.state(store.open(), "one");
            assertEquals("Topic[name=BILLING, urgent=false]", one.values().get("subject"));
            assertEquals("Optional[migrated]", one.values().get("mood"));
            assertEquals(List.of("approve", "audit"), one.next());
            assertEquals(
                    "Topic[name=billing, urgent=true]",
                    v3WithChain.state(store.open(), "two").values().get("subject"));
            assertEquals(
                    "[I want a refund, approved: fine, audited by v3, reply on BILLING, mood migrated]",
                    v3WithChain.resume(store.open(), "one", "fine").values().get("messages"));
        }
    }

    @ParameterizedTest
    @EnumSource(Stores.Kind.class)
    void aThreadStoredByANewerVersionIsRefusedAndLeftAsItWas(Stores.Kind kind) throws Exception {
        try (Stores store = new Stores(kind, data)) {
            v2.say(store.open(), "t", "I want a refund");
            int checkpoints = v2.history(store.open(), "t").size();
            for (Runnable older : List.<Runnable>of(
                    () -> v1.state(store.open(), "t"),
                    () -> v1.resume(store.open(), "t", "yes"),
                    () -> v1.say(store.open(), "t", "more"))) {
                GraphException e = assertThrows(GraphException.class, older::run);
                assertEquals(ErrorCode.SCHEMA_TOO_NEW, e.code().orElseThrow());
                assertTrue(
                        e.getMessage().contains("version 2") && e.getMessage().contains("version 1"), e.getMessage());
            }
            assertEquals(checkpoints, v2.history(store.open(), "t").size());
            assertEquals(
                    "[I want a refund, approved: yes, audited by v2, reply on billing, mood unknown]",
                    v2.resume(store.open(), "t", "yes").values().get("messages"));
        }
    }

    @ParameterizedTest
    @EnumSource(Stores.Kind.class)
    void aThreadWaitingForARemovedNodeIsNotResumedPastIt(Stores.Kind kind) throws Exception {
        try (Stores store = new Stores(kind, data)) {
            v1.say(store.open(), "t", "I want a refund");
            int checkpoints = v1.history(store.open(), "t").size();
            GraphException e =
                    assertThrows(GraphException.class, () -> v2WithoutReview.resume(store.open(), "t", "yes"));
            assertEquals(ErrorCode.SCHEMA_NODE_REMOVED, e.code().orElseThrow());
            assertTrue(e.getMessage().contains("waits for node review"), e.getMessage());
            assertEquals(checkpoints, v2WithoutReview.history(store.open(), "t").size());
            assertEquals(List.of(), v2WithoutReview.state(store.open(), "t").next());
            // Dropping the waiting work is an update, after which the thread runs again.
            v2WithoutReview.update(store.open(), "t", "skipped review", "classify");
            assertEquals(
                    "[I want a refund, skipped review, audited by v2, reply on billing]",
                    v2WithoutReview.resume(store.open(), "t", "go").values().get("messages"));
        }
    }
}
