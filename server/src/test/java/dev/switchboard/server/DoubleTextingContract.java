package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.switchboard.server.fixtures.Gated;
import dev.switchboard.server.wire.Json;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * A run B created on a thread while run A is inside its second step, for each multitask strategy:
 * the outcomes LangGraph's server gives (statuses, join results, the thread's trail). One suite for
 * every run queue: {@link DoubleTextingTest} on the queue of a server alone, {@link
 * PostgresDoubleTextingTest} on the PostgreSQL one, with B created through another server JVM than
 * A's.
 */
abstract class DoubleTextingContract {
    /** Where run A is created, and read. */
    Api api;
    /** Where run B is created: another server on the same database, or the same one. */
    Api other;

    /** Starts the server(s) and sets {@link #api} and {@link #other}. */
    abstract void startServers() throws Exception;

    /** Closes them. */
    abstract void stopServers() throws Exception;

    @BeforeEach
    void start() throws Exception {
        Gated.GATE.drainPermits();
        startServers();
    }

    @AfterEach
    void stop() throws Exception {
        Gated.GATE.release(100); // no run stays blocked
        stopServers();
    }

    /** Thread id and run A's id, A blocked inside step 2 (its step 1 committed). */
    private String[] busyThread() throws Exception {
        String tid = api.newThread();
        JsonNode created = api.post(
                        "/threads/" + tid + "/runs", "{\"assistant_id\":\"gated\",\"input\":{\"trail\":[\"A\"]}}")
                .expect(200)
                .json();
        // LangGraph answers the run as inserted, even when a worker took it at once
        assertEquals("pending", created.get("status").asString());
        String a = created.get("run_id").asString();
        api.poll(
                "/threads/" + tid + "/state",
                s -> s.path("values").path("trail").size() == 2);
        return new String[] {tid, a};
    }

    private Api.Reply createB(String tid, String strategy) throws Exception {
        return other.post(
                "/threads/" + tid + "/runs",
                "{\"assistant_id\":\"gated\",\"input\":{\"trail\":[\"B\"]},\"multitask_strategy\":\"" + strategy
                        + "\"}");
    }

    private String status(String tid, String run) throws Exception {
        return api.get("/threads/" + tid + "/runs/" + run)
                .expect(200)
                .json()
                .get("status")
                .asString();
    }

    private JsonNode join(String tid, String run) throws Exception {
        return api.get("/threads/" + tid + "/runs/" + run + "/join").expect(200).json();
    }

    private List<Object> trail(String tid) throws Exception {
        return Json.MAPPER.convertValue(
                api.get("/threads/" + tid + "/state").json().path("values").path("trail"), List.class);
    }

    @Test
    void rejectRefusesBWith422AndAFinishes() throws Exception {
        String[] t = busyThread();
        Api.Reply b = createB(t[0], "reject").expect(422);
        assertEquals("text/plain", b.contentType().split(";")[0]);
        assertEquals("running", status(t[0], t[1]));
        Gated.GATE.release();
        assertEquals(
                List.of("A", 1, 2), Json.MAPPER.convertValue(join(t[0], t[1]).get("trail"), List.class));
        assertEquals(1, api.get("/threads/" + t[0] + "/runs").json().size(), "B left no run behind");
    }

    @Test
    void enqueueRunsBAfterA() throws Exception {
        String[] t = busyThread();
        JsonNode b = createB(t[0], "enqueue").expect(200).json();
        assertEquals("pending", b.get("status").asString());
        assertEquals("running", status(t[0], t[1]));
        Gated.GATE.release(2);
        String bid = b.get("run_id").asString();
        assertEquals(
                List.of("A", 1, 2, "B", 1, 2),
                Json.MAPPER.convertValue(join(t[0], bid).get("trail"), List.class));
        assertEquals("success", status(t[0], t[1]));
        assertEquals("success", status(t[0], bid));
    }

    @Test
    void interruptStopsAAtOnceKeepingItsFinishedStep() throws Exception {
        String[] t = busyThread();
        String bid = createB(t[0], "interrupt").expect(200).json().get("run_id").asString();
        assertEquals("interrupted", status(t[0], t[1]));
        Gated.GATE.release(2); // A's blocked step 2 finishes too, but must not be committed
        assertEquals(
                List.of("A", 1, "B", 1, 2),
                Json.MAPPER.convertValue(join(t[0], bid).get("trail"), List.class));
        assertEquals(List.of("A", 1), Json.MAPPER.convertValue(join(t[0], t[1]).get("trail"), List.class));
        assertEquals(List.of("A", 1, "B", 1, 2), trail(t[0]));
    }

    @Test
    void rollbackMarksAnErrorAndBRuns() throws Exception {
        String[] t = busyThread();
        String bid = createB(t[0], "rollback").expect(200).json().get("run_id").asString();
        assertEquals("error", status(t[0], t[1]));
        Gated.GATE.release(2);
        assertEquals("Error", join(t[0], t[1]).path("__error__").path("error").asString());
        assertEquals(
                List.of("A", 1, "B", 1, 2),
                Json.MAPPER.convertValue(join(t[0], bid).get("trail"), List.class));
        assertEquals("idle", api.get("/threads/" + t[0]).json().get("status").asString());
    }

    @Test
    void cancelledRunsLateStepIsNotCommitted() throws Exception {
        String[] t = busyThread();
        api.post("/threads/" + t[0] + "/runs/" + t[1] + "/cancel?action=interrupt", "")
                .expect(204);
        int historyBefore = api.post("/threads/" + t[0] + "/history", "{\"limit\":100}")
                .json()
                .size();
        Gated.GATE.release(); // the cancelled step now finishes: the fence must refuse its checkpoint
        Thread.sleep(300);
        assertEquals(List.of("A", 1), trail(t[0]));
        assertEquals(
                historyBefore,
                api.post("/threads/" + t[0] + "/history", "{\"limit\":100}")
                        .json()
                        .size());
        assertEquals("interrupted", status(t[0], t[1]));
        assertEquals("idle", api.get("/threads/" + t[0]).json().get("status").asString());
        assertEquals("null", join(t[0], t[1]).toString());
    }
}
