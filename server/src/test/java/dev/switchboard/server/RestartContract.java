package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.switchboard.server.fixtures.ConformanceGraphs;
import dev.switchboard.server.fixtures.Gated;
import dev.switchboard.server.fixtures.GatedGraph;
import dev.switchboard.server.wire.Json;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * A server stopped and started again on the same database (SQLite file or PostgreSQL) keeps its
 * threads, runs and their statuses, and continues the runs it left unfinished from their last
 * checkpoint: the finished step is not run again, a queued run starts from its input after.
 */
abstract class RestartContract {
    private SwitchboardServer server;
    private Api api;

    /** The database both servers of a test use. */
    abstract String databaseUrl();

    private void start() throws Exception {
        server = ConformanceGraphs.graphs()
                .graph("gated", GatedGraph.builder(new Gated()))
                .database(databaseUrl())
                .port(0)
                .build()
                .start();
        api = new Api(server.url(), null);
    }

    private void restart() throws Exception {
        server.close();
        start();
    }

    @AfterEach
    void stop() {
        Gated.GATE.release(100);
        if (server != null) {
            server.close();
        }
        Gated.GATE.drainPermits();
    }

    @Test
    void threadsRunsAndStatusesSurviveARestart() throws Exception {
        Gated.GATE.drainPermits();
        start();
        String tid = api.post("/threads", "{\"metadata\":{\"user\":\"ada\"}}")
                .expect(200)
                .json()
                .get("thread_id")
                .asString();
        JsonNode result = api.post(
                        "/threads/" + tid + "/runs/wait", "{\"assistant_id\":\"chain\",\"input\":{\"trail\":[\"x\"]}}")
                .expect(200)
                .json();
        String run =
                api.get("/threads/" + tid + "/runs").json().get(0).get("run_id").asString();
        api.patch("/threads/" + tid, "{\"metadata\":{\"topic\":\"tea\"}}").expect(200);
        JsonNode before = api.get("/threads/" + tid).json();

        restart();

        JsonNode after = api.get("/threads/" + tid).expect(200).json();
        assertEquals(before, after);
        assertEquals("ada", after.path("metadata").path("user").asString());
        assertEquals("tea", after.path("metadata").path("topic").asString());
        assertEquals("idle", after.path("status").asString());
        JsonNode runs = api.get("/threads/" + tid + "/runs").expect(200).json();
        assertEquals(1, runs.size());
        assertEquals(run, runs.get(0).get("run_id").asString());
        assertEquals("success", runs.get(0).get("status").asString());
        assertEquals(
                result,
                api.get("/threads/" + tid + "/runs/" + run + "/join")
                        .expect(200)
                        .json());
        assertEquals(
                after,
                api.post("/threads/search", "{\"metadata\":{\"user\":\"ada\"}}")
                        .json()
                        .get(0));
    }

    @Test
    void runsLeftUnfinishedContinueFromTheirLastCheckpoint() throws Exception {
        Gated.GATE.drainPermits();
        start();
        String tid = api.newThread();
        String a = api.post("/threads/" + tid + "/runs", "{\"assistant_id\":\"gated\",\"input\":{\"trail\":[\"A\"]}}")
                .expect(200)
                .json()
                .get("run_id")
                .asString();
        api.poll(
                "/threads/" + tid + "/state",
                s -> s.path("values").path("trail").size() == 2);
        String b = api.post(
                        "/threads/" + tid + "/runs",
                        "{\"assistant_id\":\"gated\",\"input\":{\"trail\":[\"B\"]},\"multitask_strategy\":\"enqueue\"}")
                .expect(200)
                .json()
                .get("run_id")
                .asString();

        server.close(); // A inside step 2, B queued: neither finished
        // the closed server's step 2 of A may still take a permit (its write is then refused)
        Gated.GATE.release(3);
        start();

        api.get("/threads/" + tid + "/runs/" + b + "/join").expect(200);
        assertEquals("success", status(tid, a));
        assertEquals("success", status(tid, b));
        // A's step 1 ran once (its write kept), its step 2 once; B ran from its input after A
        assertEquals(
                List.of("A", 1, 2, "B", 1, 2),
                Json.MAPPER.convertValue(
                        api.get("/threads/" + tid + "/state")
                                .json()
                                .path("values")
                                .path("trail"),
                        List.class));
        assertEquals("idle", api.get("/threads/" + tid).json().path("status").asString());
    }

    private String status(String tid, String run) throws Exception {
        return api.get("/threads/" + tid + "/runs/" + run)
                .expect(200)
                .json()
                .get("status")
                .asString();
    }
}
