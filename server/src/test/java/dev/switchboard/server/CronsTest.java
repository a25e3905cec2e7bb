package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.server.wire.Json;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Crons on PostgreSQL: two servers on one schema fire one every-second cron on a thread, and each
 * due time runs exactly once (no second gone missing, none twice); with every server down, the
 * times missed run once when a server starts again. The cron's runs carry its id and the time each
 * was due ({@code cron_due} in their metadata).
 */
class CronsTest {
    private static TestPostgres db;

    @BeforeAll
    static void schema() throws Exception {
        db = TestPostgres.schema();
    }

    @AfterAll
    static void drop() throws Exception {
        if (db != null) {
            db.close();
        }
    }

    private static SwitchboardServer server() throws Exception {
        return QueueServers.on(db, Duration.ofSeconds(5), Duration.ofSeconds(1))
                .cronTick(Duration.ofMillis(50))
                .build()
                .start();
    }

    /** The due times of the thread's cron runs, in order, once every run has finished. */
    private static List<Instant> dues(Api api, String tid) throws Exception {
        JsonNode runs = api.poll("/threads/" + tid + "/runs?limit=1000", rs -> {
            for (JsonNode r : rs) {
                if (!r.get("status").asString().equals("success")) {
                    return false;
                }
            }
            return true;
        });
        List<Instant> out = new ArrayList<>();
        runs.forEach(
                r -> out.add(Instant.parse(r.path("metadata").path("cron_due").asString())));
        out.sort(null);
        return out;
    }

    /** The cron's next due time as the table holds it, read with no server running. */
    private static Instant pendingDue(String cronId) throws Exception {
        try (Connection c = db.connect();
                PreparedStatement p =
                        c.prepareStatement("SELECT row_json FROM switchboard_server_crons WHERE cron_id = ?")) {
            p.setString(1, cronId);
            try (ResultSet r = p.executeQuery()) {
                assertTrue(r.next(), "no cron row");
                return Instant.parse(
                        Json.parse(r.getString(1)).get("next_run_date").asString());
            }
        }
    }

    @Test
    void eachDueTimeRunsOnceAcrossServersAndTimesMissedWhileDownRunOnce() throws Exception {
        SwitchboardServer one = server();
        SwitchboardServer two = server();
        Api api = new Api(one.url(), null);
        String tid = api.newThread();
        JsonNode cron = api.post(
                        "/threads/" + tid + "/runs/crons",
                        "{\"assistant_id\":\"chain\",\"schedule\":\"* * * * * *\",\"input\":{\"trail\":[\"c\"]},"
                                + "\"multitask_strategy\":\"enqueue\"}")
                .expect(200)
                .json();
        String cronId = cron.get("cron_id").asString();
        assertEquals(tid, cron.get("thread_id").asString());
        api.poll("/threads/" + tid + "/runs?limit=1000", rs -> rs.size() >= 4);
        new Api(two.url(), null)
                .patch("/runs/crons/" + cronId, "{\"enabled\":false}")
                .expect(200);
        List<Instant> before = dues(api, tid);
        assertTrue(before.size() >= 4, () -> "fired " + before);
        for (int i = 1; i < before.size(); i++) {
            assertEquals(before.get(i - 1).plusSeconds(1), before.get(i), () -> "each second once, got " + before);
        }

        api.patch("/runs/crons/" + cronId, "{\"enabled\":true}").expect(200);
        two.close();
        one.close();
        Instant pending = pendingDue(cronId); // due when every server stopped: not fired yet
        Thread.sleep(2_500); // every server down: at least two due times pass
        Instant restart = Instant.now();
        SwitchboardServer three = server();
        try {
            Api again = new Api(three.url(), null);
            again.poll("/threads/" + tid + "/runs?limit=1000", rs -> rs.size() >= before.size() + 3);
            again.patch("/runs/crons/" + cronId, "{\"enabled\":false}").expect(200);
            List<Instant> after = new ArrayList<>(dues(again, tid));
            List<Instant> missed = after.stream()
                    .filter(d -> !d.isBefore(pending) && d.isBefore(restart))
                    .toList();
            assertEquals(List.of(pending), missed, () -> "times missed while down run once: " + after);
            assertEquals(after.size(), after.stream().distinct().count(), () -> "no time twice: " + after);
            assertEquals(
                    0,
                    again.post("/runs/crons/count", "{\"enabled\":true}")
                            .expect(200)
                            .json()
                            .asInt());
        } finally {
            three.close();
        }
    }
}
