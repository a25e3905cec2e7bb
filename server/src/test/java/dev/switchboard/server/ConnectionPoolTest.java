package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.server.fixtures.ConformanceGraphs;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A server on PostgreSQL holds a bounded number of connections, whatever the load: one pool shared
 * by the checkpoint saver, the Store, the thread and run rows, the run queue and its events, of
 * {@code ServerDatabase.connectionsFor} connections for its {@code maxRuns}. Sixty
 * concurrent requests (runs, state and history reads, store searches) against a server with {@code
 * maxRuns(2)} never see more of its connections in {@code pg_stat_activity} than that (each part's
 * own pool used to open up to 8 of its own beside the others'), and every request is answered.
 */
class ConnectionPoolTest {
    private static final String APP = "switchboard-pool-test";

    @Test
    void concurrentRequestsUseAtMostThePoolsConnections() throws Exception {
        try (TestPostgres db = TestPostgres.schema()) {
            int bound = ServerDatabase.connectionsFor(2);
            assertEquals(8, bound, "the documented formula: 6 + min(maxRuns, 10)");
            try (SwitchboardServer server = ConformanceGraphs.graphs()
                    .database(db.url() + "&ApplicationName=" + APP)
                    .maxRuns(2)
                    .port(0)
                    .build()
                    .start()) {
                Api api = new Api(server.url(), null);
                List<String> threads = new ArrayList<>();
                for (int i = 0; i < 6; i++) {
                    threads.add(api.newThread());
                }
                AtomicBoolean done = new AtomicBoolean();
                AtomicInteger most = new AtomicInteger();
                Thread watch = new Thread(() -> {
                    try (Connection c = DriverManager.getConnection(db.base);
                            PreparedStatement q = c.prepareStatement(
                                    "SELECT count(*) FROM pg_stat_activity WHERE application_name = ?")) {
                        q.setString(1, APP);
                        while (!done.get()) {
                            try (ResultSet r = q.executeQuery()) {
                                r.next();
                                most.accumulateAndGet(r.getInt(1), Math::max);
                            }
                        }
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                });
                watch.start();
                ExecutorService pool = Executors.newFixedThreadPool(30);
                try {
                    List<Future<Integer>> answers = new ArrayList<>();
                    for (int i = 0; i < 60; i++) {
                        String t = threads.get(i % threads.size());
                        int kind = i % 4;
                        answers.add(pool.submit(() -> switch (kind) {
                            case 0 ->
                                api.post(
                                                "/threads/" + t + "/runs",
                                                "{\"assistant_id\":\"chain\",\"input\":{\"trail\":[\"x\"]},"
                                                        + "\"multitask_strategy\":\"enqueue\"}")
                                        .status();
                            case 1 -> api.get("/threads/" + t + "/state").status();
                            case 2 ->
                                api.post("/threads/" + t + "/history", "{}").status();
                            default ->
                                api.post("/store/items/search", "{\"namespace_prefix\":[\"a\"]}")
                                        .status();
                        }));
                    }
                    for (Future<Integer> a : answers) {
                        int status = a.get();
                        assertTrue(status == 200, "a request answered " + status);
                    }
                    for (String t : threads) {
                        api.get("/threads/" + t + "/runs?limit=100").expect(200);
                    }
                } finally {
                    pool.shutdown();
                    done.set(true);
                    watch.join();
                }
                assertTrue(most.get() > 0, "the server's connections were seen");
                assertTrue(most.get() <= bound, "the server held " + most.get() + " connections, more than " + bound);
            }
        }
    }
}
