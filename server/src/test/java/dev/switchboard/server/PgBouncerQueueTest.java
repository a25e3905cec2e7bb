package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.server.fixtures.ConformanceGraphs;
import dev.switchboard.server.fixtures.Gated;
import dev.switchboard.server.wire.Json;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Two servers sharing one run queue through a real PgBouncer in transaction mode, each keeping
 * its worker's {@code LISTEN} connection on a direct URL ({@link ServerBuilder#listenerDatabase}):
 * they migrate the schema together (transaction-scoped advisory locks), run what either receives,
 * stream a run through the server that does not run it and cancel it from there (NOTIFYs sent in
 * transactions), while PostgreSQL sees no more than the pooler's few connections besides the two
 * listeners.
 */
class PgBouncerQueueTest {
    private static final int BOUNCER_POOL = 3;
    private static final String POOLED = "sb-bounced";
    private static final String LISTENER = "sb-listener";

    private TestPostgres db;
    private TestPgBouncer bouncer;
    private SwitchboardServer one;
    private SwitchboardServer two;

    @BeforeEach
    void start() throws Exception {
        Gated.GATE.drainPermits();
        db = TestPostgres.schema();
        bouncer = TestPgBouncer.before(db, BOUNCER_POOL);
        // built at once: both migrate the empty schema through the pooler
        CompletableFuture<SwitchboardServer> first = CompletableFuture.supplyAsync(this::server);
        CompletableFuture<SwitchboardServer> second = CompletableFuture.supplyAsync(this::server);
        one = first.get(60, TimeUnit.SECONDS);
        two = second.get(60, TimeUnit.SECONDS);
    }

    private SwitchboardServer server() {
        try {
            return QueueServers.on(db, Duration.ofSeconds(2), Duration.ofMillis(400))
                    .database(bouncer.url(POOLED))
                    .listenerDatabase(db.url() + "&ApplicationName=" + LISTENER)
                    .maxRuns(4)
                    .build()
                    .start();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @AfterEach
    void stop() throws Exception {
        Gated.GATE.release(100);
        for (AutoCloseable c : new AutoCloseable[] {one, two, bouncer, db}) {
            if (c != null) {
                c.close();
            }
        }
    }

    @Test
    void twoServersShareTheQueueThroughTransactionModePgBouncer() throws Exception {
        Api api1 = new Api(one.url(), null);
        Api api2 = new Api(two.url(), null);
        for (int i = 0; i < 12; i++) {
            Api api = i % 2 == 0 ? api1 : api2;
            String tid = api.newThread();
            JsonNode values = api.post(
                            "/threads/" + tid + "/runs/wait",
                            "{\"assistant_id\":\"chain\",\"input\":{\"trail\":[\"r" + i + "\"]}}")
                    .expect(200)
                    .json();
            List<Object> trail = trail(values);
            assertEquals("r" + i, trail.get(0), values::toString);
            assertTrue(trail.size() > 1, values::toString);
        }

        // a run streamed through the server that does not run it: its events come by NOTIFY
        String[] run = api1.runPastItsFirstStep("gated", "\"stream_mode\":[\"values\"]");
        SwitchboardServer other = other(run[1]);
        List<Sse.Event> events = new ArrayList<>();
        try (Sse stream = Sse.get(other.url().resolve("/threads/" + run[0] + "/runs/" + run[1] + "/stream"))) {
            Gated.GATE.release();
            events.addAll(stream.rest());
        }
        Sse.Event last = events.get(events.size() - 1);
        assertEquals("values", last.name(), events::toString);
        assertEquals(List.of("A", 1, 2), trail(Json.MAPPER.readTree(last.data())), events::toString);

        // a cancel sent to the other server reaches the owner's listener
        String[] cancelled = api1.runPastItsFirstStep("gated", "");
        Api notOwner = api(other(cancelled[1]));
        notOwner.post("/threads/" + cancelled[0] + "/runs/" + cancelled[1] + "/cancel?action=interrupt", "")
                .expect(204);
        notOwner.poll(
                "/threads/" + cancelled[0] + "/runs/" + cancelled[1],
                r -> r.path("status").asString().equals("interrupted"));
        Gated.GATE.release();
        Thread.sleep(300);
        assertEquals(
                List.of("A", 1),
                trail(notOwner.get("/threads/" + cancelled[0] + "/state").json().get("values")),
                "the cancelled run's late step was not committed");

        // every server connection the pooler holds, each held by one client in a transaction at
        // once: none kept an isolation level a read of the servers set for its session
        bouncer.assertNoSessionIsolationLeft(BOUNCER_POOL);
        assertTrue(
                backends(POOLED) <= BOUNCER_POOL,
                "PostgreSQL saw " + backends(POOLED) + " pooled connections, PgBouncer opens at most " + BOUNCER_POOL);
        assertEquals(2, backends(LISTENER), "one direct listener connection per server");
    }

    @Test
    void aListenerDatabaseWithoutAPostgresDatabaseIsRefused() {
        IllegalStateException e = assertThrows(
                IllegalStateException.class,
                () -> ConformanceGraphs.graphs()
                        .database("jdbc:sqlite:" + System.getProperty("java.io.tmpdir") + "/sb-listener-refused.db")
                        .listenerDatabase(db.url())
                        .build());
        assertTrue(e.getMessage().contains("give a PostgreSQL .database(...)"), e.getMessage());
        IllegalStateException schema = assertThrows(
                IllegalStateException.class,
                () -> ConformanceGraphs.graphs()
                        .database(bouncer.url(POOLED))
                        .schema("elsewhere")
                        .listenerDatabase(db.url())
                        .build());
        assertTrue(schema.getMessage().contains("currentSchema=elsewhere"), schema.getMessage());
        assertThrows(
                IllegalArgumentException.class,
                () -> SwitchboardServer.builder().listenerDatabase("jdbc:sqlite:x.db"));
    }

    private Api api(SwitchboardServer s) {
        return new Api(s.url(), null);
    }

    /** The server that does not own {@code run}. */
    private SwitchboardServer other(String run) throws Exception {
        String owner = db.runOwner(run);
        assertNotEquals(null, owner, "run " + run + " is claimed");
        return one.worker().queue().owner().equals(owner) ? two : one;
    }

    private int backends(String applicationName) throws Exception {
        return TestPgBouncer.backends(db.url(), applicationName);
    }

    private static List<Object> trail(JsonNode values) {
        return Json.MAPPER.convertValue(values.get("trail"), List.class);
    }
}
