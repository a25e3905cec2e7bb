package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.switchboard.server.fixtures.ConformanceGraphs;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A thread's {@code ttl}: once it has not changed for its minutes, the sweep deletes it ({@code
 * delete}) or keeps only its latest checkpoint ({@code keep_latest}); a thread without one stays.
 */
class ThreadTtlTest {
    @TempDir
    static Path tmp;

    private static SwitchboardServer server;
    private static Api api;

    @BeforeAll
    static void start() throws Exception {
        server = ConformanceGraphs.graphs()
                .database("jdbc:sqlite:" + tmp.resolve("ttl.db"))
                .threadTtlSweep(Duration.ofMillis(100))
                .port(0)
                .build()
                .start();
        api = new Api(server.url(), null);
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    private static String threadWithARun(String ttl) throws Exception {
        String tid = api.newThread();
        api.post("/threads/" + tid + "/runs/wait", "{\"assistant_id\":\"chain\",\"input\":{\"trail\":[\"t\"]}}")
                .expect(200);
        api.patch("/threads/" + tid, "{\"ttl\":" + ttl + "}").expect(200);
        return tid;
    }

    @Test
    void expiredThreadsAreDeletedOrPrunedToTheirLatestCheckpoint() throws Exception {
        String kept = threadWithARun("null");
        String deleted = threadWithARun("{\"ttl\":0.005,\"strategy\":\"delete\"}");
        String pruned = threadWithARun("{\"ttl\":0.005,\"strategy\":\"keep_latest\"}");
        assertEquals(
                4, api.get("/threads/" + pruned + "/history").expect(200).json().size());
        long end = System.currentTimeMillis() + 10_000;
        while (api.get("/threads/" + deleted).status() != 404 && System.currentTimeMillis() < end) {
            Thread.sleep(50);
        }
        api.get("/threads/" + deleted).expect(404);
        api.poll("/threads/" + pruned + "/history", h -> h.size() == 1);
        assertEquals(
                "[\"t\",\"a\",\"b\"]",
                api.get("/threads/" + pruned + "/state")
                        .expect(200)
                        .json()
                        .path("values")
                        .path("trail")
                        .toString());
        assertEquals(
                4, api.get("/threads/" + kept + "/history").expect(200).json().size());
        api.patch("/threads/" + kept, "{\"ttl\":-1}").expect(400);
    }
}
