package dev.switchboard.checkpoint.jdbc;

import static dev.switchboard.checkpoint.jdbc.CheckpointSaverConformance.bytes;
import static dev.switchboard.checkpoint.jdbc.CheckpointSaverConformance.checkpoint;
import static dev.switchboard.checkpoint.jdbc.CheckpointSaverConformance.metadata;
import static dev.switchboard.checkpoint.jdbc.CheckpointSaverConformance.snapshot;
import static dev.switchboard.checkpoint.jdbc.CheckpointSaverConformance.snapshotVersion;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.checkpoint.Blob;
import dev.switchboard.runtime.checkpoint.ChannelVersion;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata.Source;
import dev.switchboard.runtime.checkpoint.CheckpointTuple;
import dev.switchboard.runtime.checkpoint.ListOptions;
import dev.switchboard.runtime.checkpoint.PendingWrite;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Listing a long history: every listed checkpoint carries exactly the blobs and writes that
 * {@code getTuple} gives it, whether the blobs come in batches of chains or in one query for the
 * whole thread, and the number of statements grows with the batches, not with the blobs.
 */
class LongHistoryTest {
    static final int CHECKPOINTS = 1200;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"sqlite", "postgres"})
    void listedCheckpointsEqualTheirGetTuple(String kind) throws Exception {
        AtomicLong statements = new AtomicLong();
        try (Backend backend = Backend.of(kind, dir).withoutCommitFlush();
                JdbcSaver saver = backend.openCounting("long", statements)) {
            // "log" is a delta chain restarted every 50 checkpoints; "value" a snapshot each time.
            String head = null, base = null, previous = null;
            for (int i = 0; i < CHECKPOINTS; i++) {
                String id = String.format("cp%05d", i);
                String v = ChannelVersion.format(i + 1, "s");
                List<Blob> blobs = new ArrayList<>();
                blobs.add(snapshot("value", v, "value " + i));
                if (i % 50 == 0) {
                    base = v;
                    blobs.add(snapshot("log", v, "[" + i + "]"));
                } else {
                    blobs.add(new Blob("log", v, base, previous, Blob.Kind.DELTA, bytes("[" + i + "]")));
                }
                previous = v;
                saver.put(
                        "t",
                        "",
                        checkpoint(id, Map.of("value", snapshotVersion(v), "log", new ChannelVersion(v, base, 1, 1))),
                        metadata(Source.LOOP, i),
                        head,
                        head,
                        blobs);
                if (i % 7 == 0) {
                    saver.putWrites("t", "", id, List.of(new PendingWrite("task", 0, "value", bytes("w" + i))));
                }
                head = id;
            }

            statements.set(0);
            List<CheckpointTuple> all = saver.list("t", "", ListOptions.ALL);
            long listAll = statements.get();
            statements.set(0);
            List<CheckpointTuple> some = saver.list("t", "", ListOptions.ALL.withLimit(450));
            long listSome = statements.get();
            System.out.printf(
                    "[figures] %s list of %d checkpoints: %d statements; of 450: %d statements%n",
                    kind, CHECKPOINTS, listAll, listSome);
            assertEquals(CHECKPOINTS, all.size());
            assertEquals(450, some.size());
            // 1 checkpoint query + 1 query for all blobs (2,400 chains) + 1 for the writes.
            assertTrue(listAll <= 3, "statements to list everything: " + listAll);
            // 1 + 3 batches of 200 chains (474 chains) + 1 for the writes (1 batch of ids).
            assertTrue(listSome <= 5, "statements to list 450: " + listSome);

            for (List<CheckpointTuple> listed : List.of(all, some)) {
                for (CheckpointTuple t : listed) {
                    CheckpointTuple alone =
                            saver.getTuple("t", "", t.checkpoint().id()).orElseThrow();
                    assertEquals(alone.checkpoint(), t.checkpoint());
                    assertEquals(alone.parentId(), t.parentId());
                    assertEquals(
                            CheckpointSaverConformance.blobsByKey(alone).keySet(),
                            CheckpointSaverConformance.blobsByKey(t).keySet());
                    assertEquals(CheckpointSaverConformance.writes(alone), CheckpointSaverConformance.writes(t));
                }
            }
            CheckpointTuple last = all.get(0);
            assertEquals(
                    String.format("cp%05d", CHECKPOINTS - 1), last.checkpoint().id());
            // The last checkpoint's log chain: the snapshot at 1150 and the 49 deltas after it.
            assertEquals(
                    50,
                    last.blobs().stream().filter(b -> b.channel().equals("log")).count());
        }
    }
}
