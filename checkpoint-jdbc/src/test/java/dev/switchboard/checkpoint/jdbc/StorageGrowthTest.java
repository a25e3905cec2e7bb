package dev.switchboard.checkpoint.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StateSnapshot;
import dev.switchboard.runtime.checkpoint.Blob;
import dev.switchboard.runtime.checkpoint.CheckpointTuple;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * DESIGN.md section 5, end to end: a real graph that appends one message per superstep stores
 * bytes linear in the number of supersteps (deltas on top of periodic snapshots, never the whole
 * list per step), and reading its latest state takes a few queries however long it ran.
 */
class StorageGrowthTest {
    static final int N = 1000;

    @TempDir
    Path dir;

    /** What one run left behind. */
    record Run(long rowBytes, long diskBytes, long checkpoints) {}

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"sqlite", "postgres"})
    void storageGrowsLinearlyWithRunLength(String kind) throws Exception {
        try (Backend backend = Backend.of(kind, dir)) {
            Run n = run(backend, "run-n", N, true);
            Run twoN = run(backend, "run-2n", 2 * N, false);
            double ratio = (double) twoN.rowBytes() / n.rowBytes();
            System.out.printf(
                    Locale.ROOT,
                    "[figures] %s storage: %d supersteps -> %d bytes in rows (%d on disk, %d checkpoints);"
                            + " %d supersteps -> %d bytes in rows (%d on disk, %d checkpoints); ratio %.3f"
                            + " (disk ratio %.3f)%n",
                    kind,
                    N,
                    n.rowBytes(),
                    n.diskBytes(),
                    n.checkpoints(),
                    2 * N,
                    twoN.rowBytes(),
                    twoN.diskBytes(),
                    twoN.checkpoints(),
                    ratio,
                    (double) twoN.diskBytes() / n.diskBytes());
            assertTrue(ratio <= 2.2, kind + ": storage grew by " + ratio + " when the run doubled");
            // Whole list per step would be about 65 bytes * N^2 / 2 = 32 MB for N = 1000.
            assertTrue(n.rowBytes() < 4_000L * N, kind + ": " + n.rowBytes() + " bytes for " + N + " steps");
        }
    }

    private Run run(Backend backend, String store, int steps, boolean timeReads) throws Exception {
        AtomicLong statements = new AtomicLong();
        try (JdbcSaver saver = backend.openCounting(store, statements)) {
            ChatterGraph graph =
                    ChatterGraph.builder(new Chatter(steps)).checkpointer(saver).build();
            RunConfig thread = RunConfig.thread("growth").withRecursionLimit(steps + 10);
            List<String> messages = graph.invoke(TranscriptUpdate.of().messages(List.of("hello")), thread)
                    .value()
                    .messages();
            assertEquals(steps + 1, messages.size());
            assertEquals("hello", messages.get(0));
            assertEquals("reply 1: the quick brown fox jumps over the lazy dog", messages.get(1));
            assertEquals("reply " + steps + ": the quick brown fox jumps over the lazy dog", messages.get(steps));
            long checkpoints;
            try (var c = backend.connect(store)) {
                checkpoints = Sql.longValue(c, "SELECT COUNT(*) FROM" + Sql.CHECKPOINTS_OF_THREAD, "growth");
            }
            // The input, the superstep that applies it, then one per superstep of speak.
            assertEquals(steps + 2, checkpoints);

            statements.set(0);
            CheckpointTuple latest = saver.getTuple("growth", "", null).orElseThrow();
            long perRead = statements.get();
            // The checkpoint, its chains' values, the pending writes its deltas are stored as, its
            // own pending writes: however long the run.
            assertTrue(perRead <= 4, "reading the latest checkpoint took " + perRead + " statements");
            long deltas = latest.blobs().stream()
                    .filter(b -> b.kind() == Blob.Kind.DELTA)
                    .count();
            assertTrue(deltas > 0, "the messages channel is stored as deltas on a snapshot");
            if (timeReads) {
                timeGetState(backend.kind, graph, steps, statements);
            }
            return new Run(backend.rowBytes(store, "growth"), backend.diskBytes(store), checkpoints);
        }
    }

    private static void timeGetState(String kind, ChatterGraph graph, int steps, AtomicLong statements) {
        RunConfig thread = RunConfig.thread("growth");
        long cold = System.nanoTime();
        StateSnapshot<Transcript> first = graph.getState(thread);
        cold = System.nanoTime() - cold;
        assertEquals(steps + 1, first.values().messages().size());
        int reads = 30;
        long[] nanos = new long[reads];
        statements.set(0);
        for (int i = 0; i < reads; i++) {
            long t = System.nanoTime();
            StateSnapshot<Transcript> s = graph.getState(thread);
            nanos[i] = System.nanoTime() - t;
            assertEquals(steps + 1, s.values().messages().size());
        }
        Arrays.sort(nanos);
        System.out.printf(
                Locale.ROOT,
                "[figures] %s getState after %d supersteps: median %.2f ms, min %.2f ms, max %.2f ms"
                        + " (first call %.2f ms); %d statements per getState%n",
                kind,
                steps,
                nanos[reads / 2] / 1e6,
                nanos[0] / 1e6,
                nanos[reads - 1] / 1e6,
                cold / 1e6,
                statements.get() / reads);
    }
}
