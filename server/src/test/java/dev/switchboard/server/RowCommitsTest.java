package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.switchboard.checkpoint.jdbc.JdbcSaver;
import dev.switchboard.checkpoint.jdbc.SqliteSaver;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.server.fixtures.Chain;
import dev.switchboard.server.fixtures.ChainGraph;
import dev.switchboard.server.fixtures.ConformanceGraphs;
import dev.switchboard.server.fixtures.TrailUpdate;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The commits a run costs the server's SQLite database beyond those of its graph (counted in the
 * file's write-ahead log): a run on a thread commits its row, the thread's status and metadata once
 * when created and its outcome with the thread's once when finished; a stateless run commits
 * nothing of its own.
 */
class RowCommitsTest {
    @TempDir
    Path dir;

    private Path db;
    private SwitchboardServer server;
    private Api api;

    @BeforeEach
    void start() throws Exception {
        db = dir.resolve("server.db");
        server = ConformanceGraphs.graphs()
                .database("jdbc:sqlite:" + db)
                .port(0)
                .build()
                .start();
        api = new Api(server.url(), null);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aRunOnAThreadCommitsTwiceBeyondItsGraph() throws Exception {
        String tid = api.newThread();
        waitOn(tid); // its first run: the graph's first checkpoint of the thread, metadata first set
        int before = WalCommits.count(db);
        waitOn(tid);
        assertEquals(graphsOwnCommits(false) + 2, WalCommits.count(db) - before);
    }

    @Test
    void aStatelessRunCommitsNothingBeyondItsGraphAndItsThreadsDeletion() throws Exception {
        stateless(); // warms the server's tables up
        int graphs = graphsOwnCommits(true);
        int before = WalCommits.count(db);
        stateless();
        long end = System.currentTimeMillis() + 5_000; // the thread is deleted right after the answer
        while (WalCommits.count(db) - before < graphs && System.currentTimeMillis() < end) {
            Thread.sleep(5);
        }
        Thread.sleep(50); // a commit more would show now
        assertEquals(graphs, WalCommits.count(db) - before);
    }

    private void waitOn(String tid) throws Exception {
        api.post("/threads/" + tid + "/runs/wait", "{\"assistant_id\":\"chain\",\"input\":{\"trail\":[\"x\"]}}")
                .expect(200);
    }

    private void stateless() throws Exception {
        api.post("/runs/wait", "{\"assistant_id\":\"chain\",\"input\":{\"trail\":[\"x\"]}}")
                .expect(200);
    }

    /**
     * The commits of the chain's second run on a thread (or of a run on a fresh thread deleted
     * afterwards), invoked directly with a SQLite saver of its own.
     */
    private int graphsOwnCommits(boolean deleted) throws Exception {
        Path file = dir.resolve("direct-" + deleted + ".db");
        try (JdbcSaver saver = SqliteSaver.file(file)) {
            var graph = ChainGraph.builder(new Chain()).checkpointer(saver).build();
            if (!deleted) {
                graph.invoke(TrailUpdate.of().trail(List.of("x")), RunConfig.thread("t"));
            }
            int before = WalCommits.count(file);
            graph.invoke(TrailUpdate.of().trail(List.of("x")), RunConfig.thread("t"));
            if (deleted) {
                saver.deleteThread("t");
            }
            return WalCommits.count(file) - before;
        }
    }
}
