package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.server.fixtures.ConformanceGraphs;
import dev.switchboard.server.fixtures.Nul;
import dev.switchboard.server.fixtures.NulGraph;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Values PostgreSQL cannot hold or that overflow 64 bits, on a real PostgreSQL: a NUL from a request
 * is refused there; a NUL a node writes is kept in the checkpoints and the run ends (its thread's row
 * shows U+FFFD instead, so the row is stored and every search and count keep working for everyone);
 * an integer beyond 64 bits in metadata leaves the thread readable and runnable.
 */
class PostgresValuesTest {
    private static TestPostgres db;
    private static SwitchboardServer server;
    private static Api api;

    @BeforeAll
    static void start() throws Exception {
        db = TestPostgres.schema();
        server = ConformanceGraphs.graphs()
                .graph("nul", NulGraph.builder(new Nul()))
                .database(db.url())
                .lease(Duration.ofSeconds(5), Duration.ofSeconds(1))
                .port(0)
                .build()
                .start();
        api = new Api(server.url(), null);
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.close();
        }
        if (db != null) {
            db.close();
        }
    }

    @Test
    void aNulInARequestIsRefusedAndSearchKeepsWorking() throws Exception {
        api.post("/threads", "{\"metadata\":{\"x\":\"\\u0000\"}}").expect(422);
        String tid = api.newThread();
        api.post("/threads/" + tid + "/runs/wait", "{\"assistant_id\":\"chain\",\"input\":{\"trail\":[\"a\\u0000\"]}}")
                .expect(422);
        api.post("/threads/search", "{}").expect(200);
        api.post("/threads/count", "{}").expect(200);
    }

    @Test
    void aNulANodeWritesEndsItsRunAndLeavesEverySearchWorking() throws Exception {
        String tid = api.newThread();
        Api.Reply r = api.post("/threads/" + tid + "/runs/wait", "{\"assistant_id\":\"nul\",\"input\":{\"trail\":[]}}");
        assertEquals(200, r.status(), r.text());
        assertEquals("before\u0000after", r.json().at("/trail/0").asString(), "the run's answer is exact");
        assertEquals(
                "before\u0000after",
                api.get("/threads/" + tid + "/state")
                        .expect(200)
                        .json()
                        .at("/values/trail/0")
                        .asString(),
                "the checkpoint keeps it");
        JsonNode thread = api.get("/threads/" + tid).expect(200).json();
        assertEquals("idle", thread.get("status").asString());
        assertEquals("before\ufffdafter", thread.at("/values/trail/0").asString(), "the row holds a stand-in");
        // the thread takes another run, and everyone's search and count work
        JsonNode next = api.post(
                        "/threads/" + tid + "/runs/wait", "{\"assistant_id\":\"chain\",\"input\":{\"trail\":[\"x\"]}}")
                .expect(200)
                .json();
        assertTrue(next.path("trail").toString().contains("\"b\""), next.toString());
        api.post("/threads/search", "{\"values\":{\"trail\":[\"x\"]}}").expect(200);
        api.post("/threads/count", "{}").expect(200);
    }

    @Test
    void anIntegerBeyond64BitsInMetadataLeavesTheThreadReadable() throws Exception {
        String big = "123456789012345678901234567890";
        String tid = api.post("/threads", "{\"metadata\":{\"big\":" + big + "}}")
                .expect(200)
                .json()
                .get("thread_id")
                .asString();
        api.post(
                        "/threads/" + tid + "/runs/wait",
                        "{\"assistant_id\":\"chain\",\"input\":{\"trail\":[\"x\"]},\"metadata\":{\"huge\":" + big
                                + "}}")
                .expect(200);
        api.get("/threads/" + tid + "/state").expect(200);
        JsonNode history =
                api.post("/threads/" + tid + "/history", "{}").expect(200).json();
        assertTrue(history.toString().contains(big), "the metadata keeps every digit");
        api.post("/threads/" + tid + "/runs/wait", "{\"assistant_id\":\"chain\",\"input\":{\"trail\":[\"y\"]}}")
                .expect(200);
        assertEquals(
                big,
                api.get("/threads/" + tid)
                        .expect(200)
                        .json()
                        .at("/metadata/big")
                        .toString());
    }
}
