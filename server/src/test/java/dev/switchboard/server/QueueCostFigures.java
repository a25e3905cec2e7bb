package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.server.fixtures.Counted;
import dev.switchboard.server.fixtures.CountedGraph;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * What one run costs the PostgreSQL database on the queue's path, counted, not timed: commits (and
 * the writing ones, each a WAL flush), round trips and row-locking statements per run, and every
 * statement by its SQL, for the 3-node {@code counted} graph created over HTTP on one server JVM
 * (front and worker in one) through a {@link CountingDataSource}. A figure, not a check (its name is
 * outside the test pattern; {@code QueueCostTest} asserts the budget): run it with {@code
 * SWITCHBOARD_POSTGRES_URL} and {@code -Dtest=QueueCostFigures -Dswitchboard.figures=true}; {@code
 * -Dswitchboard.figures.sleepMs=20} sleeps that long in each node, so that runs queue for a slot.
 */
@EnabledIfSystemProperty(named = "switchboard.figures", matches = "true")
class QueueCostFigures {
    private static final int RUNS = Integer.getInteger("switchboard.figures.runs", 40);

    @Test
    void perRun() throws Exception {
        QueueCost.Figures f = QueueCost.measure(RUNS);
        System.out.println("[queue-cost] " + f);
        f.transactions().forEach((tx, n) -> System.out.printf("[queue-cost] tx %6.2f  %s%n", n / (double) RUNS, tx));
        f.statements().forEach((sql, n) -> System.out.printf("[queue-cost] %6.2f  %s%n", n / (double) RUNS, sql));
    }

    /** The measurement, shared with {@code QueueCostTest}. */
    static final class QueueCost {
        private QueueCost() {}

        record Figures(
                int runs,
                double commits,
                double writingCommits,
                double roundTrips,
                double lockingStatements,
                Map<String, Long> statements,
                Map<String, Long> transactions) {
            @Override
            public String toString() {
                return String.format(
                        "%d runs of 3 nodes: per run %.2f commits (%.2f writing), %.2f round trips,"
                                + " %.2f row-locking statements",
                        runs, commits, writingCommits, roundTrips, lockingStatements);
            }
        }

        static Figures measure(int runs) throws Exception {
            long sleep = Counted.sleepMs;
            // with a sleep per node the runs outlast their creation, so most wait for a slot and are
            // claimed by the worker (with a run's end), not by their create
            Counted.sleepMs = Long.getLong("switchboard.figures.sleepMs", 0);
            try (TestPostgres db = TestPostgres.schema()) {
                CountingDataSource counting = new CountingDataSource(db.url());
                try (SwitchboardServer server = SwitchboardServer.builder()
                        .graph("counted", CountedGraph.builder(new Counted()))
                        .database(counting)
                        // no lease renewal while it counts: a beat is per JVM, not per run
                        .lease(Duration.ofMinutes(2), Duration.ofMinutes(1))
                        .maxRuns(8)
                        .port(0)
                        .build()
                        .start()) {
                    Api api = new Api(server.url(), null);
                    List<String> threads = new ArrayList<>();
                    for (int i = 0; i < runs + 2; i++) {
                        threads.add(api.newThread());
                    }
                    create(api, threads.subList(0, 2)); // warm-up: names, channel ids, statements
                    await(db);
                    counting.reset();
                    create(api, threads.subList(2, threads.size()));
                    await(db);
                    Thread.sleep(50); // the last run's finish returns after its row says done
                    Figures f = new Figures(
                            runs,
                            counting.commits.get() / (double) runs,
                            counting.writingCommits.get() / (double) runs,
                            counting.roundTrips.get() / (double) runs,
                            counting.lockingStatements.get() / (double) runs,
                            counting.statements(),
                            counting.transactions());
                    assertEquals(runs + 2, done(db));
                    return f;
                }
            } finally {
                Counted.sleepMs = sleep;
            }
        }

        private static void create(Api api, List<String> threads) throws Exception {
            for (String tid : threads) {
                api.post(
                                "/threads/" + tid + "/runs",
                                "{\"assistant_id\":\"counted\",\"input\":{\"trail\":[\"" + tid + "\"]}}")
                        .expect(200);
            }
        }

        private static void await(TestPostgres db) throws Exception {
            long end = System.nanoTime() + Duration.ofMinutes(2).toNanos();
            try (Connection c = db.connect();
                    Statement s = c.createStatement()) {
                while (true) {
                    try (ResultSet r = s.executeQuery(
                            "SELECT count(*) FROM switchboard_server_runs WHERE queue_status <> 'done'")) {
                        r.next();
                        if (r.getInt(1) == 0) {
                            return;
                        }
                    }
                    assertTrue(System.nanoTime() < end, "runs still unfinished after 2 minutes");
                    Thread.sleep(10);
                }
            }
        }

        private static int done(TestPostgres db) throws Exception {
            try (Connection c = db.connect();
                    Statement s = c.createStatement();
                    ResultSet r = s.executeQuery("SELECT count(*) FROM switchboard_server_runs"
                            + " WHERE row_json::jsonb ->> 'status' = 'success'")) {
                r.next();
                return r.getInt(1);
            }
        }
    }
}
