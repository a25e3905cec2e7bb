package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.server.fixtures.Counted;
import dev.switchboard.server.fixtures.CountedGraph;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The commits a run costs the PostgreSQL queue beyond its graph's checkpoints and its events,
 * counted through a {@link CountingDataSource}: one transaction when it is created (its row, its
 * claim when the server has room, its thread's metadata and status), one statement and commit
 * when it ends (its outcome, its thread's row, its last events, its NOTIFYs). Nothing else writes a
 * run's or a thread's row of the server, and nothing commits one statement at a time. A run's
 * events ride on its checkpoints and its outcome when no other JVM streams it: no transaction
 * stores events alone (the writer waits {@code EventLog.UNREAD_LINGER}, a second, for such runs'
 * events, far longer than these steps).
 */
class QueueCommitsTest {
    private static final int RUNS = 4;

    @Test
    void aRunCommitsItsRowsOnceWhenCreatedAndOnceWhenItEnds() throws Exception {
        long sleep = Counted.sleepMs;
        Counted.sleepMs = 0;
        try (TestPostgres db = TestPostgres.schema()) {
            CountingDataSource counting = new CountingDataSource(db.url());
            try (SwitchboardServer server = SwitchboardServer.builder()
                    .graph("counted", CountedGraph.builder(new Counted()))
                    .database(counting)
                    .lease(Duration.ofMinutes(2), Duration.ofMinutes(1)) // no renewal while it counts
                    .port(0)
                    .build()
                    .start()) {
                Api api = new Api(server.url(), null);
                run(api, api.newThread()); // warm-up: names, channel ids
                String[] threads = new String[RUNS];
                for (int i = 0; i < RUNS; i++) {
                    threads[i] = api.newThread();
                }
                counting.reset();
                for (String tid : threads) {
                    run(api, tid);
                }
                Map<String, Long> txs = counting.transactions();
                long rows = 0;
                long auto = 0;
                for (Map.Entry<String, Long> tx : txs.entrySet()) {
                    String shape = tx.getKey();
                    if (shape.startsWith("(auto)") && writes(shape)) {
                        auto += tx.getValue();
                    }
                    if (!shape.startsWith("(auto)") && writesServerRows(shape)) {
                        rows += tx.getValue();
                    }
                }
                assertEquals(0, auto, () -> "statements committed alone: " + txs);
                assertEquals(2 * RUNS, rows, () -> "transactions writing the server's rows: " + txs);
                long eventsAlone = txs.entrySet().stream()
                        .filter(tx -> tx.getKey().startsWith("INSERT INTO switchboard_server_events"))
                        .mapToLong(Map.Entry::getValue)
                        .sum();
                assertEquals(0, eventsAlone, () -> "events committed alone, though no JVM streams the runs: " + txs);
            }
        } finally {
            Counted.sleepMs = sleep;
        }
    }

    /**
     * A worker whose every slot is busy claims the next run in the transaction that stores the end
     * of the last (one commit for both): with one slot and runs created while the first runs, each
     * later run is claimed by its predecessor's end, exactly once, and every run ends.
     */
    @Test
    void aWorkerWithNoFreeSlotClaimsTheNextRunWithTheEndOfTheLast() throws Exception {
        long sleep = Counted.sleepMs;
        Counted.sleepMs = 300; // 0.9 s a run: the later runs are created while the first one runs
        try (TestPostgres db = TestPostgres.schema()) {
            CountingDataSource counting = new CountingDataSource(db.url());
            try (SwitchboardServer server = SwitchboardServer.builder()
                    .graph("counted", CountedGraph.builder(new Counted()))
                    .database(counting)
                    .lease(Duration.ofMinutes(2), Duration.ofMinutes(1))
                    .maxRuns(1)
                    .port(0)
                    .build()
                    .start()) {
                Api api = new Api(server.url(), null);
                String[] threads = {api.newThread(), api.newThread(), api.newThread()};
                counting.reset();
                String[] runs = new String[threads.length];
                for (int i = 0; i < threads.length; i++) {
                    runs[i] = api.post(
                                    "/threads/" + threads[i] + "/runs",
                                    "{\"assistant_id\":\"counted\",\"input\":{\"trail\":[\"" + threads[i] + "\"]}}")
                            .expect(200)
                            .json()
                            .get("run_id")
                            .asString();
                }
                for (int i = 0; i < threads.length; i++) {
                    api.get("/threads/" + threads[i] + "/runs/" + runs[i] + "/join")
                            .expect(200);
                }
                Map<String, Long> txs = counting.transactions();
                long endAndClaim = txs.entrySet().stream()
                        .filter(tx -> tx.getKey().startsWith("WITH e AS (INSERT INTO switchboard_server_events")
                                && tx.getKey().contains(" | WITH c AS (UPDATE switchboard_server_runs"))
                        .mapToLong(Map.Entry::getValue)
                        .sum();
                assertTrue(endAndClaim >= 2, () -> "the later runs were not claimed with an end: " + txs);
                try (Connection c = db.connect();
                        Statement st = c.createStatement();
                        ResultSet r = st.executeQuery("SELECT count(*), count(DISTINCT run_id), max(attempt)"
                                + " FROM switchboard_server_claims")) {
                    r.next();
                    assertEquals(3, r.getInt(1), "each run claimed once");
                    assertEquals(3, r.getInt(2));
                    assertEquals(1, r.getInt(3));
                }
                try (Connection c = db.connect();
                        Statement st = c.createStatement();
                        ResultSet r = st.executeQuery("SELECT count(*) FROM switchboard_server_runs"
                                + " WHERE queue_status = 'done' AND row_json::jsonb ->> 'status' = 'success'")) {
                    r.next();
                    assertEquals(3, r.getInt(1));
                }
            }
        } finally {
            Counted.sleepMs = sleep;
        }
    }

    private static void run(Api api, String tid) throws Exception {
        api.post(
                        "/threads/" + tid + "/runs/wait",
                        "{\"assistant_id\":\"counted\",\"input\":{\"trail\":[\"" + tid + "\"]}}")
                .expect(200);
    }

    private static boolean writes(String shape) {
        String s = shape.substring("(auto) ".length());
        return s.startsWith("INSERT") || s.startsWith("UPDATE") || s.startsWith("DELETE") || s.startsWith("WITH");
    }

    /**
     * A transaction whose statements change a run's or a thread's row of the server, checkpoints
     * (which may carry events; their first statement begins with the claim's guard) and the
     * claimer's claims (which find nothing as often as not, by timing) aside.
     */
    private static boolean writesServerRows(String shape) {
        if (shape.contains("switchboard_spaces")
                || shape.startsWith("WITH guard AS")
                || shape.startsWith("WITH c AS")) {
            return false;
        }
        for (String statement : shape.split(" \\| ")) {
            if (statement.startsWith("INSERT INTO switchboard_server_runs")
                    || statement.startsWith("UPDATE switchboard_server_runs")
                    || statement.startsWith("UPDATE switchboard_server_threads")
                    || statement.startsWith("WITH")) {
                return true;
            }
        }
        return false;
    }
}
