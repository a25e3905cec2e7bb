package dev.switchboard.checkpoint.jdbc;

import static dev.switchboard.checkpoint.jdbc.CheckpointSaverConformance.bytes;
import static dev.switchboard.checkpoint.jdbc.CheckpointSaverConformance.checkpoint;
import static dev.switchboard.checkpoint.jdbc.CheckpointSaverConformance.metadata;
import static dev.switchboard.checkpoint.jdbc.CheckpointSaverConformance.snapshot;
import static dev.switchboard.checkpoint.jdbc.CheckpointSaverConformance.snapshotVersion;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.switchboard.runtime.checkpoint.Blob;
import dev.switchboard.runtime.checkpoint.ChannelVersion;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata.Source;
import dev.switchboard.runtime.checkpoint.CheckpointTuple;
import dev.switchboard.runtime.checkpoint.ListOptions;
import dev.switchboard.runtime.checkpoint.PendingWrite;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * How a history is read: a long listing is three statements, none of which sorts
 * its rows or loops over a scan (the database streams them, the saver orders what needs ordering); and the delta chains of a forked channel, whose versions
 * interleave in that order, still reach each checkpoint whole and in version order.
 */
class HistoryReadTest {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"sqlite", "postgres"})
    void listingALongHistoryIsThreeStatementsThatNeitherSortNorLoop(String kind) throws Exception {
        List<String> statements = new ArrayList<>();
        try (Backend backend = Backend.of(kind, dir).withoutCommitFlush();
                JdbcSaver saver = backend.openRecording("plan", statements::add)) {
            // More chains than the per-chain queries take, and writes in more than one batch.
            int checkpoints = 1_050;
            String head = null;
            for (int i = 0; i < checkpoints; i++) {
                String id = String.format("cp%05d", i);
                String v = ChannelVersion.format(i + 1, "s");
                saver.put(
                        "t",
                        "",
                        checkpoint(id, Map.of("value", snapshotVersion(v))),
                        metadata(Source.LOOP, i),
                        head,
                        head,
                        List.of(snapshot("value", v, "value " + i)));
                saver.putWrites("t", "", id, List.of(new PendingWrite("task", 0, "value", bytes("w" + i))));
                head = id;
            }
            statements.clear();
            assertEquals(checkpoints, saver.list("t", "", ListOptions.ALL).size());
            // The checkpoints, all of the thread's blobs, and the writes of the listed checkpoints
            // (in one join on SQLite; on PostgreSQL all of the namespace's, with no join to plan badly).
            assertEquals(3, statements.size(), statements::toString);
            try (Connection c = backend.connect("plan")) {
                for (String sql : statements) {
                    String plan = plan(c, sql, backend.postgres());
                    // PostgreSQL compares text by collation: its sort of the blobs was most of a read.
                    // (On a table it has not analyzed, it sorts the history's row numbers rather than
                    // read their index backwards: integers, a small part of the read.)
                    String sorts = plan.replace("Sort Key: c.seq DESC", "").replace("Sort  (", "(");
                    assertFalse(sorts.contains(backend.postgres() ? "Sort" : "TEMP B-TREE"), sql + " sorts: " + plan);
                    // On tables not yet analyzed PostgreSQL guesses one row for a thread: a join
                    // then loops over a scan of the other table per row (280 ms, not 11, for a
                    // 1,000-step thread until autovacuum analyzed the tables).
                    assertFalse(plan.contains("Nested Loop"), sql + " loops: " + plan);
                }
            }
        }
    }

    private static String plan(Connection c, String sql, boolean postgres) throws SQLException {
        try (PreparedStatement p = c.prepareStatement((postgres ? "EXPLAIN " : "EXPLAIN QUERY PLAN ") + sql)) {
            for (int i = 1; i <= p.getParameterMetaData().getParameterCount(); i++) {
                // Untyped on PostgreSQL, so that it fits the text and the number parameters alike;
                // an array parameter (the writes' checkpoints) as an array of one.
                boolean array = postgres
                        && p.getParameterMetaData().getParameterTypeName(i).startsWith("_");
                p.setObject(i, array ? "{1}" : "1", postgres ? Types.OTHER : Types.VARCHAR);
            }
            StringBuilder plan = new StringBuilder();
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    plan.append(r.getString(postgres ? 1 : 4)).append("; ");
                }
            }
            return plan.toString();
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"sqlite", "postgres"})
    void interleavedChainsOfAForkedChannelReachEachCheckpointWhole(String kind) throws Exception {
        try (Backend backend = Backend.of(kind, dir);
                JdbcSaver saver = backend.open("fork")) {
            // Two runs' chains of "log" (suffixes a and b), their versions alternating by counter.
            String head = null;
            for (int i = 1; i <= 6; i++) {
                String run = i % 2 == 1 ? "a" : "b";
                String v = ChannelVersion.format(i, run);
                String base = ChannelVersion.format(i <= 2 ? i : i % 2 == 1 ? 1 : 2, run);
                Blob blob = v.equals(base)
                        ? snapshot("log", v, "[" + i + "]")
                        : new Blob("log", v, base, ChannelVersion.format(i - 2, run), Blob.Kind.DELTA, bytes("+" + i));
                String id = "cp" + i;
                saver.put(
                        "t",
                        "",
                        checkpoint(id, Map.of("log", new ChannelVersion(v, base, 1, 1))),
                        metadata(Source.LOOP, i),
                        head,
                        head,
                        List.of(blob));
                head = id;
            }
            List<CheckpointTuple> listed = saver.list("t", "", ListOptions.ALL);
            assertEquals(6, listed.size());
            for (CheckpointTuple t : listed) {
                // The whole chain of the checkpoint's base, later blobs included.
                int i = Integer.parseInt(t.checkpoint().id().substring(2));
                assertEquals(i % 2 == 1 ? List.of("1.a", "3.a", "5.a") : List.of("2.b", "4.b", "6.b"), versions(t));
                CheckpointTuple alone =
                        saver.getTuple("t", "", t.checkpoint().id()).orElseThrow();
                assertEquals(versions(alone), versions(t));
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"sqlite", "postgres"})
    void aFilteredListingPairsEachCheckpointWithItsOwnWrites(String kind) throws Exception {
        try (Backend backend = Backend.of(kind, dir);
                JdbcSaver saver = backend.open("filtered")) {
            String head = null;
            for (int i = 0; i < 12; i++) {
                String id = String.format("cp%02d", i);
                String v = ChannelVersion.format(i + 1, "s");
                saver.put(
                        "t",
                        "",
                        checkpoint(id, Map.of("value", snapshotVersion(v))),
                        new CheckpointMetadata(Source.LOOP, i, Map.of(), Map.of("parity", i % 3 == 0 ? "even" : "odd")),
                        head,
                        head,
                        List.of(snapshot("value", v, "value " + i)));
                // Two tasks stored out of their ids' order, so the writes' order is the store's.
                saver.putWrites("t", "", id, List.of(new PendingWrite("task-b", 0, "value", bytes("b" + i))));
                saver.putWrites("t", "", id, List.of(new PendingWrite("task-a", 0, "value", bytes("a" + i))));
                head = id;
            }
            // Filtered in Java (an extra key), bounded, and from before a checkpoint; and filtered
            // only: the writes query reads the writes of checkpoints the filter drops (the whole
            // history's), which must go nowhere.
            ListOptions even = ListOptions.ALL.withFilter(Map.of("parity", "even"));
            Map<ListOptions, List<String>> expected = Map.of(
                    even.withBefore("cp10").withLimit(3),
                    List.of("cp09", "cp06", "cp03"),
                    even,
                    List.of("cp09", "cp06", "cp03", "cp00"));
            for (Map.Entry<ListOptions, List<String>> e : expected.entrySet()) {
                List<CheckpointTuple> listed = saver.list("t", "", e.getKey());
                assertEquals(
                        e.getValue(),
                        listed.stream().map(t -> t.checkpoint().id()).toList());
                for (CheckpointTuple t : listed) {
                    String i =
                            String.valueOf(Integer.parseInt(t.checkpoint().id().substring(2)));
                    assertEquals(
                            List.of("task-b/0/value=b" + i, "task-a/0/value=a" + i),
                            CheckpointSaverConformance.writes(t));
                }
            }
        }
    }

    /** The tuple's blob versions, in order, without their zero padding. */
    private static List<String> versions(CheckpointTuple t) {
        return t.blobs().stream()
                .map(b -> ChannelVersion.counter(b.version())
                        + b.version().substring(b.version().indexOf('.')))
                .toList();
    }
}
