package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import dev.switchboard.server.fixtures.ConformanceGraphs;
import dev.switchboard.server.wire.Json;
import dev.switchboard.server.wire.WebhookPolicy;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The platform's promises across a server's death on PostgreSQL, with real JVMs killed with
 * SIGKILL: a webhook call waiting for its retry is made by another server of the database (once
 * more, with the run id as its idempotency key); a stateless cron's firings that were running when
 * their server died are finished by another server, once each, and their threads deleted after. The
 * receiver listens on 127.0.0.1, which every
 * server here allows explicitly (HTTP, that host, internal addresses).
 */
class DurablePlatformTest {
    private static TestPostgres db;
    private static Path logs;
    private static HttpServer receiver;
    private static String hook;
    /** What the receiver got: each call's idempotency key and body. */
    private static final List<String[]> calls = new CopyOnWriteArrayList<>();

    private static final AtomicBoolean accepting = new AtomicBoolean();

    @BeforeAll
    static void start() throws Exception {
        db = TestPostgres.schema();
        logs = Files.createTempDirectory("switchboard-durable");
        receiver = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        receiver.createContext("/hook", ex -> {
            String body = new String(ex.getRequestBody().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            calls.add(new String[] {ex.getRequestHeaders().getFirst("Idempotency-Key"), body});
            ex.sendResponseHeaders(accepting.get() ? 200 : 503, -1);
            ex.close();
        });
        receiver.start();
        hook = "http://127.0.0.1:" + receiver.getAddress().getPort() + "/hook";
    }

    @AfterAll
    static void stop() throws Exception {
        if (receiver != null) {
            receiver.stop(0);
        }
        if (db != null) {
            db.close();
        }
    }

    /** A server JVM on the schema: webhook retries after {@code retryMs}, crons looked at every 100 ms. */
    private static ServerJvm jvm(String name, long retryMs) throws Exception {
        return ServerJvm.start(
                logs.resolve(name + ".log"),
                PlatformServerMain.class,
                List.of("-Xmx256m"),
                db.url(),
                Long.toString(retryMs),
                "100");
    }

    /** A server in this JVM on the schema, allowing the receiver. */
    private static SwitchboardServer here(Duration retry) throws Exception {
        return ConformanceGraphs.graphs()
                .database(db.url())
                .webhooks(WebhookPolicy.builder()
                        .allowHttp()
                        .allowHosts("127.0.0.1")
                        .allowPrivateNetworks()
                        .build())
                .webhookRetry(retry)
                .lease(Duration.ofSeconds(2), Duration.ofMillis(500))
                .port(0)
                .build()
                .start();
    }

    private static long rows(String sql) throws Exception {
        try (Connection c = db.connect();
                Statement s = c.createStatement();
                ResultSet r = s.executeQuery(sql)) {
            r.next();
            return r.getLong(1);
        }
    }

    private static void await(String what, java.util.function.BooleanSupplier done) throws Exception {
        long end = System.currentTimeMillis() + 30_000;
        while (!done.getAsBoolean()) {
            assertTrue(System.currentTimeMillis() < end, () -> "timed out waiting for " + what);
            Thread.sleep(50);
        }
    }

    @Test
    void aWebhookRetryPendingWhenItsServerIsKilledIsMadeByAnother() throws Exception {
        calls.clear();
        accepting.set(false);
        String runId;
        try (ServerJvm a = jvm("webhook-a", 4_000)) {
            Api api = new Api(java.net.URI.create("http://127.0.0.1:" + a.port), null);
            String tid = api.newThread();
            JsonNode run = api.post(
                            "/threads/" + tid + "/runs",
                            "{\"assistant_id\":\"chain\",\"input\":{\"trail\":[\"w\"]},\"webhook\":\"" + hook + "\"}")
                    .expect(200)
                    .json();
            runId = run.get("run_id").asString();
            await("the first call", () -> calls.size() == 1);
            // refused: the retry waits 4 s in the table; its server dies before it is due
            await("the retry to be written", () -> {
                try {
                    // the retry's time, not the 30 s hold a call in progress has
                    return rows("SELECT count(*) FROM switchboard_server_webhooks WHERE attempts = 1"
                                    + " AND next_attempt_ms < " + (System.currentTimeMillis() + 10_000))
                            == 1;
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            a.kill();
        }
        accepting.set(true);
        SwitchboardServer b = here(Duration.ofSeconds(4));
        try {
            await("the retry from the other server", () -> calls.size() == 2);
            String[] second = calls.get(1);
            assertEquals(runId, second[0], "the run id is the idempotency key");
            assertEquals(runId, calls.get(0)[0]);
            JsonNode body = Json.parse(second[1].getBytes(java.nio.charset.StandardCharsets.UTF_8));
            assertEquals(runId, body.get("run_id").asString());
            assertEquals("success", body.get("status").asString());
            assertEquals(
                    "[\"w\",\"a\",\"b\"]", body.path("values").path("trail").toString());
            assertNotNull(body.get("webhook_sent_at"));
            await("the call's row to go", () -> {
                try {
                    return rows("SELECT count(*) FROM switchboard_server_webhooks") == 0;
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            Thread.sleep(300); // a second taker would call again now: none does
            assertEquals(2, calls.size());
        } finally {
            b.close();
        }
    }

    private static List<String[]> strings(String sql) throws Exception {
        List<String[]> out = new java.util.ArrayList<>();
        try (Connection c = db.connect();
                Statement s = c.createStatement();
                ResultSet r = s.executeQuery(sql)) {
            while (r.next()) {
                out.add(new String[] {r.getString(1), r.getString(2), r.getString(3)});
            }
        }
        return out;
    }

    /** The stored runs of a cron: run id, thread id, queue status. */
    private static List<String[]> cronRuns(String cronId) throws Exception {
        return strings("SELECT run_id, thread_id, queue_status FROM switchboard_server_runs WHERE row_json LIKE '%"
                + cronId + "%'");
    }

    @Test
    void aStatelessCronsFiringsRunningWhenTheirServerIsKilledEndOnAnotherOnceAndTheirThreadsGo() throws Exception {
        calls.clear();
        accepting.set(true);
        String cronId;
        List<String[]> fired;
        try (ServerJvm a = jvm("cron-a", 4_000)) {
            Api api = new Api(java.net.URI.create("http://127.0.0.1:" + a.port), null);
            cronId = api.post(
                            "/runs/crons",
                            "{\"assistant_id\":\"slow\",\"schedule\":\"* * * * * *\",\"input\":{\"trail\":[0]},"
                                    + "\"webhook\":\"" + hook + "\"}")
                    .expect(200)
                    .json()
                    .get("cron_id")
                    .asString();
            await("a firing to run", () -> {
                try {
                    return cronRuns(cronId).stream().anyMatch(r -> r[2].equals("running"));
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            api.patch("/runs/crons/" + cronId, "{\"enabled\":false}").expect(200);
            fired = cronRuns(cronId);
            for (String[] r : fired) { // stored, with the time to live that deletes it should all fail
                assertEquals(
                        1,
                        rows("SELECT count(*) FROM switchboard_server_threads WHERE thread_id = '" + r[1]
                                + "' AND (row_json::jsonb -> 'ttl' ->> 'strategy') = 'delete'"),
                        "the firing's thread is stored with its ttl");
            }
            a.kill(); // 3.6 s a run: each firing is still running
        }
        assertTrue(fired.stream().noneMatch(r -> r[2].equals("done")), "killed mid-run");
        assertTrue(calls.isEmpty(), "no firing ended before the kill");
        SwitchboardServer b = here(Duration.ofSeconds(4));
        try {
            await("every firing to end on the other server", () -> calls.size() >= fired.size());
            Thread.sleep(300);
            assertEquals(fired.size(), calls.size(), "each firing ran to its end once");
            for (String[] r : fired) {
                String[] call = calls.stream()
                        .filter(c -> c[0].equals(r[0]))
                        .findFirst()
                        .orElseThrow(() -> new AssertionError("no webhook of firing " + r[0]));
                JsonNode body = Json.parse(call[1].getBytes(java.nio.charset.StandardCharsets.UTF_8));
                assertEquals("success", body.get("status").asString());
                assertEquals("[0,1,2,3]", body.path("values").path("trail").toString());
                assertEquals(cronId, body.path("metadata").path("cron_id").asString());
            }
            await("the firings' threads to go", () -> {
                try {
                    return rows("SELECT count(*) FROM switchboard_server_threads") == 0
                            && rows("SELECT count(*) FROM switchboard_server_runs") == 0;
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            for (String[] r : fired) {
                assertEquals(
                        0,
                        rows("SELECT count(*) FROM switchboard_spaces WHERE thread_id = '" + r[1] + "'"),
                        "the firing's checkpoints are deleted");
            }
        } finally {
            b.close();
        }
    }

    @Test
    void aRunsWebhookCallCommitsWithItsEnd() throws Exception {
        calls.clear();
        accepting.set(true);
        SwitchboardServer b = here(Duration.ofSeconds(4));
        try (Connection c = db.connect();
                Statement s = c.createStatement()) {
            // at the commit that stores a run's end, whether its webhook call's row is there too
            s.execute("CREATE TABLE ends_seen (run_id TEXT, had_call BOOLEAN)");
            s.execute("CREATE FUNCTION end_seen() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
                    + " INSERT INTO ends_seen VALUES (NEW.run_id, EXISTS (SELECT 1 FROM switchboard_server_webhooks w"
                    + " WHERE w.run_id = NEW.run_id)); RETURN NULL; END $$");
            s.execute("CREATE CONSTRAINT TRIGGER end_seen AFTER UPDATE ON switchboard_server_runs"
                    + " DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.queue_status = 'done')"
                    + " EXECUTE FUNCTION end_seen()");
            try {
                Api api = new Api(b.url(), null);
                String tid = api.newThread();
                String runId = api.post(
                                "/threads/" + tid + "/runs/wait",
                                "{\"assistant_id\":\"chain\",\"input\":{\"trail\":[\"t\"]},\"webhook\":\"" + hook
                                        + "\"}")
                        .expect(200)
                        .header("Content-Location")
                        .replaceAll(".*/runs/", "");
                await("the call", () -> calls.size() == 1);
                assertEquals(runId, calls.get(0)[0]);
                assertEquals(1, rows("SELECT count(*) FROM ends_seen WHERE run_id = '" + runId + "' AND had_call"));
                assertEquals(0, rows("SELECT count(*) FROM ends_seen WHERE NOT had_call"));
            } finally {
                s.execute("DROP TABLE ends_seen");
                s.execute("DROP TRIGGER end_seen ON switchboard_server_runs");
                s.execute("DROP FUNCTION end_seen()");
            }
        } finally {
            b.close();
        }
    }
}
