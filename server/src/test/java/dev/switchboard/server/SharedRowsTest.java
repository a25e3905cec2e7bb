package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.switchboard.server.fixtures.Gated;
import dev.switchboard.server.wire.Json;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Two servers (as two JVMs: each its own registry and queue owner) on one PostgreSQL schema: the
 * database rows are the truth, so threads and runs made through one are searched, counted,
 * listed and read through the other, and a thread's metadata changed through one survives a run
 * of that thread finishing on the other.
 */
class SharedRowsTest {
    private static final Duration LEASE = Duration.ofMillis(1000);

    private TestPostgres db;
    private SwitchboardServer one;
    private SwitchboardServer two;
    private Api api1;
    private Api api2;

    @BeforeEach
    void start() throws Exception {
        Gated.GATE.drainPermits();
        db = TestPostgres.schema();
        one = server();
        two = server();
        api1 = new Api(one.url(), null);
        api2 = new Api(two.url(), null);
    }

    private SwitchboardServer server() throws Exception {
        return QueueServers.on(db, LEASE, LEASE.dividedBy(5)).build().start();
    }

    @AfterEach
    void stop() throws Exception {
        Gated.GATE.release(100);
        for (AutoCloseable c : new AutoCloseable[] {one, two, db}) {
            if (c != null) {
                c.close();
            }
        }
    }

    private String thread(Api api, String metadata) throws Exception {
        return api.post("/threads", "{\"metadata\":" + metadata + "}")
                .expect(200)
                .json()
                .get("thread_id")
                .asString();
    }

    private static Set<String> ids(JsonNode threads) {
        Set<String> out = new TreeSet<>();
        threads.forEach(t -> out.add(t.get("thread_id").asString()));
        return out;
    }

    @Test
    void threadsMadeOnOneAreSearchedAndCountedByMetadataAndStatusOnTheOther() throws Exception {
        Set<String> red = new TreeSet<>();
        for (int i = 0; i < 3; i++) {
            red.add(thread(api1, "{\"team\":\"red\",\"n\":" + i + "}"));
        }
        String blue = thread(api1, "{\"team\":\"blue\"}");
        String busy = red.iterator().next();
        api1.post("/threads/" + busy + "/runs", "{\"assistant_id\":\"gated\",\"input\":{\"trail\":[\"A\"]}}")
                .expect(200);
        api2.poll("/threads/" + busy, t -> t.path("status").asString().equals("busy"));

        assertEquals(
                red,
                ids(api2.post("/threads/search", "{\"metadata\":{\"team\":\"red\"}}")
                        .expect(200)
                        .json()));
        assertEquals(
                3,
                api2.post("/threads/count", "{\"metadata\":{\"team\":\"red\"}}")
                        .expect(200)
                        .json()
                        .asInt());
        assertEquals(
                Set.of(busy),
                ids(api2.post("/threads/search", "{\"status\":\"busy\"}")
                        .expect(200)
                        .json()));
        Set<String> idle = new TreeSet<>(red);
        idle.remove(busy);
        idle.add(blue);
        assertEquals(
                idle,
                ids(api2.post("/threads/search", "{\"status\":\"idle\",\"limit\":100}")
                        .expect(200)
                        .json()));

        Gated.GATE.release();
        api1.poll("/threads/" + busy, t -> t.path("status").asString().equals("idle"));
        assertEquals(
                4,
                api2.post("/threads/count", "{\"status\":\"idle\"}")
                        .expect(200)
                        .json()
                        .asInt(),
                "every thread idle again, seen from the other server");
    }

    @Test
    void runsMadeOnOneAreListedAndReadOnTheOther() throws Exception {
        String tid = api1.newThread();
        String done = api1.post(
                        "/threads/" + tid + "/runs", "{\"assistant_id\":\"chain\",\"input\":{\"trail\":[\"x\"]}}")
                .expect(200)
                .json()
                .get("run_id")
                .asString();
        api1.get("/threads/" + tid + "/runs/" + done + "/join").expect(200);
        String running = api1.post(
                        "/threads/" + tid + "/runs", "{\"assistant_id\":\"gated\",\"input\":{\"trail\":[\"A\"]}}")
                .expect(200)
                .json()
                .get("run_id")
                .asString();
        api1.poll(
                "/threads/" + tid + "/runs/" + running,
                r -> r.path("status").asString().equals("running"));

        JsonNode listed = api2.get("/threads/" + tid + "/runs").expect(200).json();
        List<String> seen = new ArrayList<>();
        listed.forEach(
                r -> seen.add(r.get("run_id").asString() + " " + r.get("status").asString()));
        assertEquals(
                List.of(done + " success", running + " running"), seen, "oldest first, as LangGraph.js lists them");
        assertEquals(
                1,
                api2.get("/threads/" + tid + "/runs?status=running")
                        .expect(200)
                        .json()
                        .size());
        assertEquals(
                "running",
                api2.get("/threads/" + tid + "/runs/" + running)
                        .expect(200)
                        .json()
                        .get("status")
                        .asString());
        Gated.GATE.release();
        api2.poll(
                "/threads/" + tid + "/runs/" + running,
                r -> r.path("status").asString().equals("success"));
    }

    @Test
    void metadataPatchedOnOneSurvivesARunFinishingOnTheOther() throws Exception {
        String tid = thread(api1, "{\"team\":\"red\"}");
        String run = api1.post(
                        "/threads/" + tid + "/runs", "{\"assistant_id\":\"gated\",\"input\":{\"trail\":[\"A\"]}}")
                .expect(200)
                .json()
                .get("run_id")
                .asString();
        api1.poll("/threads/" + tid, t -> t.path("status").asString().equals("busy"));
        // patch through the server that does not run it: the runner's copy of the thread is stale
        Api other = owner(run).equals(one.worker().queue().owner()) ? api2 : api1;
        other.patch("/threads/" + tid, "{\"metadata\":{\"note\":\"patched\"}}").expect(200);
        Gated.GATE.release();
        other.get("/threads/" + tid + "/runs/" + run + "/join").expect(200);
        for (Api api : List.of(api1, api2)) {
            JsonNode t =
                    api.poll("/threads/" + tid, j -> j.path("status").asString().equals("idle"));
            assertEquals("patched", t.path("metadata").path("note").asString(), t::toString);
            assertEquals("red", t.path("metadata").path("team").asString(), t::toString);
            assertEquals("gated", t.path("metadata").path("graph_id").asString(), t::toString);
            assertEquals(
                    List.of("A", 1, 2),
                    Json.MAPPER.convertValue(t.path("values").path("trail"), List.class));
        }
    }

    private String owner(String runId) throws Exception {
        return db.runOwner(runId);
    }
}
