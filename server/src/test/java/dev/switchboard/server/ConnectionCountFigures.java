package dev.switchboard.server;

import dev.switchboard.server.fixtures.Gated;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Counts the PostgreSQL connections one server JVM holds with {@code maxRuns = 16} while 16 runs
 * wait inside a step at once, and the most it held at any moment (sampled from a separate
 * connection, the server's marked by {@code ApplicationName}). A measurement, not a check (its
 * name is outside the test pattern): run it with {@code SWITCHBOARD_POSTGRES_URL} set and {@code
 * -Dtest=ConnectionCountFigures -Dswitchboard.figures=true}; it prints the counts.
 */
@EnabledIfSystemProperty(named = "switchboard.figures", matches = "true")
class ConnectionCountFigures {
    @Test
    void measure() throws Exception {
        String app = "sbcount_" + UUID.randomUUID().toString().substring(0, 8);
        try (TestPostgres db = TestPostgres.schema()) {
            String url = db.url() + "&ApplicationName=" + app;
            SwitchboardServer server = QueueServers.on(db, Duration.ofSeconds(5), Duration.ofSeconds(1))
                    .database(url)
                    .maxRuns(16)
                    .build()
                    .start();
            AtomicInteger peak = new AtomicInteger();
            Thread sampler = new Thread(() -> sample(db.base, app, peak));
            sampler.setDaemon(true);
            sampler.start();
            try {
                Api api = new Api(server.url(), null);
                System.out.println("started, idle: " + count(db.base, app));
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
                System.out.println("16 runs waiting: " + count(db.base, app) + " (peak so far " + peak.get() + ")");
                Gated.GATE.release(16);
                for (String[] r : runs) {
                    api.get("/threads/" + r[0] + "/runs/" + r[1] + "/join").expect(200);
                }
                System.out.println("16 runs done: " + count(db.base, app) + " (peak " + peak.get() + ")");
            } finally {
                server.close();
            }
        }
    }

    private static void sample(String base, String app, AtomicInteger peak) {
        try (Connection c = DriverManager.getConnection(base)) {
            while (true) {
                peak.accumulateAndGet(count(c, app), Math::max);
                Thread.sleep(5);
            }
        } catch (Exception e) {
            // the measurement ends with the JVM
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
