package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.checkpoint.jdbc.JdbcSaver;
import dev.switchboard.checkpoint.jdbc.SqliteSaver;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.server.fixtures.Chain;
import dev.switchboard.server.fixtures.ChainGraph;
import dev.switchboard.server.fixtures.TrailUpdate;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the server adds to a run of a small graph on the embedded default (SQLite): the median of
 * {@code POST /threads/{id}/runs/wait} (HTTP, JSON, run bookkeeping, the thread's state read after
 * the run) minus the median of the same graph invoked directly on the same saver. Printed as a
 * figure; the bound asserted is loose (a shared 2-core machine), the figure is the point.
 */
class ServerOverheadTest {
    private static final int RUNS = 300;

    @Test
    void overheadPerRunOverTheGraphItself(@TempDir Path tmp) throws Exception {
        // the server keeps checkpoints, threads and runs in its own file, as by default
        try (JdbcSaver saver = SqliteSaver.file(tmp.resolve("direct.db"));
                SwitchboardServer server = SwitchboardServer.builder()
                        .graph("chain", ChainGraph.builder(new Chain()), TrailUpdate::of)
                        .database("jdbc:sqlite:" + tmp.resolve("server.db"))
                        .port(0)
                        .build()
                        .start()) {
            ChainGraph direct =
                    ChainGraph.builder(new Chain()).checkpointer(saver).build();
            Api api = new Api(server.url(), null);
            String body = "{\"assistant_id\":\"chain\",\"input\":{\"trail\":[\"in\"]}}";
            long[] viaServer = new long[RUNS];
            long[] invoked = new long[RUNS];
            for (int round = 0; round < 2; round++) { // the first round warms up
                for (int i = 0; i < RUNS; i++) {
                    String tid = api.newThread();
                    long t0 = System.nanoTime();
                    api.post("/threads/" + tid + "/runs/wait", body).expect(200);
                    viaServer[i] = System.nanoTime() - t0;
                    t0 = System.nanoTime();
                    direct.invoke(
                            TrailUpdate.of().trail(List.of("in")),
                            RunConfig.thread(UUID.randomUUID().toString()));
                    invoked[i] = System.nanoTime() - t0;
                }
            }
            double server50 = median(viaServer) / 1e6;
            double direct50 = median(invoked) / 1e6;
            System.out.printf(
                    "[figures] chain (3 steps, SQLite): runs/wait p50 %.3f ms, direct invoke p50 %.3f ms,"
                            + " server overhead %.3f ms per run%n",
                    server50, direct50, server50 - direct50);
            assertTrue(server50 - direct50 < 10, "server overhead per run " + (server50 - direct50) + " ms");
        }
    }

    private static long median(long[] xs) {
        long[] copy = xs.clone();
        Arrays.sort(copy);
        return copy[copy.length / 2];
    }
}
