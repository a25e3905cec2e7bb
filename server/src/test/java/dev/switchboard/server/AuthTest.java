package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.server.fixtures.ConformanceGraphs;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** With an authenticator, requests need a token it accepts and threads belong to their creator. */
class AuthTest {
    private static final Map<String, String> USERS = Map.of("token-alice", "alice", "token-bob", "bob");
    private SwitchboardServer server;
    private Api alice;

    @BeforeEach
    void start() throws Exception {
        server = ConformanceGraphs.server(new MemorySaver())
                .authenticator(token -> Optional.ofNullable(USERS.get(token)))
                .port(0)
                .build()
                .start();
        alice = new Api(server.url(), "token-alice");
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void requestsWithoutAnAcceptedTokenAre401() throws Exception {
        alice.as(null).post("/threads", "{}").expect(401);
        alice.as("forged").post("/threads/search", "{}").expect(401);
        alice.as(null).get("/ok").expect(200);
    }

    @Test
    void oneUserCannotSeeOrTouchAnothersThread() throws Exception {
        String tid = alice.newThread();
        alice.post("/threads/" + tid + "/runs/wait", "{\"assistant_id\":\"chain\",\"input\":{\"trail\":[\"x\"]}}")
                .expect(200);
        Api bob = alice.as("token-bob");
        bob.get("/threads/" + tid).expect(404);
        bob.get("/threads/" + tid + "/state").expect(404);
        bob.post("/threads/" + tid + "/history", "{}").expect(404);
        bob.post("/threads/" + tid + "/runs/wait", "{\"assistant_id\":\"chain\"}")
                .expect(422);
        bob.delete("/threads/" + tid).expect(404);
        assertEquals(0, bob.post("/threads/search", "{}").expect(200).json().size());
        assertEquals(0, bob.post("/threads/count", "{}").expect(200).json().asInt());
        // thread ids are scoped to their owner: bob's create of alice's id makes his own thread
        JsonNode his = bob.post("/threads", "{\"thread_id\":\"" + tid + "\",\"if_exists\":\"do_nothing\"}")
                .expect(200)
                .json();
        assertEquals(tid, his.get("thread_id").asString());
        assertEquals(
                "{}",
                bob.get("/threads/" + tid + "/state")
                        .expect(200)
                        .json()
                        .path("values")
                        .toString());
        assertEquals(1, bob.post("/threads/count", "{}").expect(200).json().asInt());
        assertEquals(1, alice.post("/threads/count", "{}").expect(200).json().asInt());
        assertEquals(
                "[\"x\",\"a\",\"b\"]",
                alice.get("/threads/" + tid + "/state")
                        .json()
                        .path("values")
                        .path("trail")
                        .toString());
    }
}
