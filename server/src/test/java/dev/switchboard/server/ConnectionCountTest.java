package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.server.fixtures.Gated;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The PostgreSQL connections one server JVM holds with {@code maxRuns = 16}: once started, while
 * 16 runs wait inside a step at once and the API is read from 8 threads, and while the 16 finish
 * together, counted in {@code pg_stat_activity} by the server's {@code ApplicationName} from a
 * separate connection every couple of milliseconds. The server's pool has {@link
 * ServerDatabase#poolSize}{@code (16)} = 3 + ceil(16 / 4) = 7 connections and its worker one more
 * to LISTEN and renew leases on: never more than 8, the most the sizing promises. The counts are
 * printed (the README's "Connections per JVM" quotes them).
 */
class ConnectionCountTest {
    @Test
    void aServerWithSixteenRunsHoldsAtMostEightConnections() throws Exception {
        assertEquals(7, ServerDatabase.poolSize(16));
        assertEquals(5, ServerDatabase.poolSize(8));
        assertEquals(4, ServerDatabase.poolSize(1));
        String app = "sbcount_" + UUID.randomUUID().toString().substring(0, 8);
        Gated.GATE.drainPermits(); // what other tests left would let the runs through the gate
        try (TestPostgres db = TestPostgres.schema()) {
            SwitchboardServer server = QueueServers.on(db, Duration.ofSeconds(5), Duration.ofSeconds(1))
                    .database(db.url() + "&ApplicationName=" + app)
                    .maxRuns(16)
                    .build()
                    .start();
            AtomicInteger peak = new AtomicInteger();
            AtomicBoolean sampling = new AtomicBoolean(true);
            Thread sampler = new Thread(() -> sample(db.base, app, peak, sampling));
            sampler.start();
            ExecutorService readers = Executors.newFixedThreadPool(8);
            try {
                Api api = new Api(server.url(), null);
                int idle = count(db.base, app);
                List<String[]> runs = new ArrayList<>();
                for (int i = 0; i < 16; i++) {
                    String tid = api.newThread();
                    String run = api.post(
                                    "/threads/" + tid + "/runs",
                                    "{\"assistant_id\":\"gated\",\"input\":{\"trail\":[\"A\"]}}")
                            .expect(200)
                            .json()
                            .get("run_id")
                            .asString();
                    runs.add(new String[] {tid, run});
                }
                for (String[] r : runs) {
                    api.poll(
                            "/threads/" + r[0] + "/state",
                            s -> s.path("values").path("trail").size() == 2);
                }
                List<Future<?>> reads = new ArrayList<>();
                for (int i = 0; i < 8; i++) {
                    reads.add(readers.submit(() -> {
                        for (String[] r : runs) {
                            api.get("/threads/" + r[0] + "/state").expect(200);
                            api.get("/threads/" + r[0] + "/runs/" + r[1]).expect(200);
                        }
                        return null;
                    }));
                }
                for (Future<?> f : reads) {
                    f.get();
                }
                int waiting = count(db.base, app);
                int peakWaiting = peak.get();
                Gated.GATE.release(16);
                for (String[] r : runs) {
                    assertEquals(
                            "[\"A\",1,2]",
                            api.get("/threads/" + r[0] + "/runs/" + r[1] + "/join")
                                    .expect(200)
                                    .json()
                                    .get("trail")
                                    .toString());
                }
                int done = count(db.base, app);
                System.out.printf(
                        "[connections] maxRuns 16: %d once started, %d with 16 runs waiting (peak %d),"
                                + " %d after they finished; peak %d%n",
                        idle, waiting, peakWaiting, done, peak.get());
                // the LISTEN connection, and what the claimer, the cron tick and the sweeps borrowed at once
                assertTrue(idle >= 1 && idle <= 4, "once started: " + idle);
                assertTrue(done <= 8, "after the runs: " + done);
                assertTrue(peak.get() <= 8, "at most the pool's 7 and the LISTEN connection: " + peak.get());
            } finally {
                readers.shutdownNow();
                Gated.GATE.release(100); // a run left behind by a failure ends; drained below
                sampling.set(false);
                sampler.join();
                server.close();
            }
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (count(db.base, app) > 0 && System.nanoTime() < deadline) {
                Thread.sleep(20); // a backend leaves pg_stat_activity a moment after its client closed it
            }
            assertEquals(0, count(db.base, app), "connections left after close()");
            Gated.GATE.drainPermits();
        }
    }

    private static void sample(String base, String app, AtomicInteger peak, AtomicBoolean sampling) {
        try (Connection c = DriverManager.getConnection(base)) {
            while (sampling.get()) {
                peak.accumulateAndGet(count(c, app), Math::max);
                Thread.sleep(2);
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static int count(String base, String app) throws Exception {
        try (Connection c = DriverManager.getConnection(base)) {
            return count(c, app);
        }
    }

    private static int count(Connection c, String app) throws Exception {
        try (PreparedStatement p = c.prepareStatement("SELECT count(*) FROM pg_stat_activity"
                + " WHERE datname = current_database() AND application_name = ?")) {
            p.setString(1, app);
            try (ResultSet r = p.executeQuery()) {
                r.next();
                return r.getInt(1);
            }
        }
    }
}
